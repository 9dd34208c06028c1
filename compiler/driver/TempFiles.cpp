//===- TempFiles.cpp - temporary files that go away on SIGINT/SIGTERM ----===//
#include "TempFiles.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <csignal>
#include <cstring>
#include <unistd.h>

namespace ampcc {

namespace {

// A signal handler may only call async-signal-safe functions: the paths
// live in fixed storage, and a slot is published after it is written.
constexpr unsigned MaxPaths = 256, MaxPathLen = 1024;
char Paths[MaxPaths][MaxPathLen];
std::atomic<unsigned> Count{0};

void onSignal(int Sig) {
  for (unsigned I = Count.load(); I-- > 0;)
    if (unlink(Paths[I]) != 0)
      rmdir(Paths[I]);
  // Die of the same signal, as without the handler.
  std::signal(Sig, SIG_DFL);
  std::raise(Sig);
}

} // namespace

void removeOnSignal(const std::string &Path) {
  static bool Installed = [] {
    struct sigaction SA = {};
    SA.sa_handler = onSignal;
    sigemptyset(&SA.sa_mask);
    for (int Sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT})
      sigaction(Sig, &SA, nullptr);
    return true;
  }();
  (void)Installed;
  unsigned Slot = Count.load();
  if (Slot >= MaxPaths || Path.size() >= MaxPathLen)
    return; // Left for the Driver's own cleanup.
  std::memcpy(Paths[Slot], Path.c_str(), Path.size() + 1);
  Count.store(Slot + 1);
}

bool writeFile(const std::string &Path, const std::string &Text) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (EC) {
    llvm::errs() << "ampcc: error: cannot write '" << Path << "': " << EC.message() << "\n";
    return false;
  }
  OS << Text;
  return true;
}

bool moveFile(const std::string &From, const std::string &To) {
  std::error_code EC = llvm::sys::fs::rename(From, To);
  if (EC) {
    EC = llvm::sys::fs::copy_file(From, To);
    llvm::sys::fs::remove(From);
  }
  if (EC)
    llvm::errs() << "ampcc: error: cannot write '" << To << "': " << EC.message() << "\n";
  return !EC;
}

} // namespace ampcc
