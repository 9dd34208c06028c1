//===- Toolchain.cpp - where ampcc finds clang, headers and runtime -----===//
#include "Toolchain.h"

#include "ampcc/Frontend/TargetDiagnostics.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>
#include <cstdlib>
#include <optional>

#include <signal.h>

namespace ampcc {

static std::string selfPath(const char *Argv0) {
  // Any function address in this binary does for getMainExecutable.
  static int Anchor;
  return llvm::sys::fs::getMainExecutable(Argv0, &Anchor);
}

Toolchain Toolchain::discover(const char *Argv0) {
  Toolchain TC;
  TC.Self = selfPath(Argv0);
  llvm::SmallString<256> Prefix(TC.Self);
  llvm::sys::path::remove_filename(Prefix); // bin/
  llvm::sys::path::remove_filename(Prefix); // <prefix>
  llvm::SmallString<256> Installed(Prefix);
  llvm::sys::path::append(Installed, "lib", "ampcc");
  llvm::SmallString<256> InstalledHeader(Installed);
  llvm::sys::path::append(InstalledHeader, "include", "amp.h");
  if (llvm::sys::fs::exists(InstalledHeader)) {
    TC.IncludeDir = (Installed + "/include").str();
    TC.RuntimeLib = (Installed + "/libampcc_rt.a").str();
    TC.HostPlugin = (Installed + "/ampcc-host-plugin.so").str();
  } else {
    TC.IncludeDir = AMPCC_BUILD_INCLUDE_DIR;
    TC.RuntimeLib = AMPCC_BUILD_RUNTIME_LIB;
    TC.HostPlugin = AMPCC_BUILD_HOST_PLUGIN;
  }
  const char *Env = std::getenv("AMPCC_CLANGXX");
  TC.ClangXX = Env && *Env ? Env : AMPCC_CLANGXX_PATH;
  return TC;
}

int Toolchain::run(llvm::ArrayRef<std::string> Args) const {
  if (DryRun) {
    for (const std::string &A : Args) {
      llvm::errs() << " ";
      llvm::sys::printArg(llvm::errs(), A, /*Quote=*/true);
    }
    llvm::errs() << "\n";
    return 0;
  }
  if (Verbose) {
    for (size_t I = 0; I < Args.size(); ++I)
      llvm::errs() << (I ? " " : "") << Args[I];
    llvm::errs() << "\n";
  }
  std::vector<llvm::StringRef> Refs(Args.begin(), Args.end());
  std::string ErrMsg;
  int RC = llvm::sys::ExecuteAndWait(Args[0], Refs, std::nullopt, {}, 0, 0, &ErrMsg);
  if (RC < 0)
    llvm::errs() << "ampcc: error: could not run '" << Args[0] << "': " << ErrMsg << "\n";
  return RC;
}

llvm::sys::ProcessInfo Toolchain::start(llvm::ArrayRef<std::string> Args,
                                        const std::string &StderrFile) const {
  if (Verbose) {
    for (size_t I = 0; I < Args.size(); ++I)
      llvm::errs() << (I ? " " : "") << Args[I];
    llvm::errs() << "\n";
  }
  std::vector<llvm::StringRef> Refs(Args.begin(), Args.end());
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, std::nullopt,
                                                llvm::StringRef(StderrFile)};
  std::string ErrMsg;
  bool Failed = false;
  llvm::sys::ProcessInfo PI = llvm::sys::ExecuteNoWait(
      Args[0], Refs, std::nullopt, Redirects, 0, &ErrMsg, &Failed);
  if (Failed || PI.Pid == llvm::sys::ProcessInfo::InvalidPid) {
    llvm::errs() << "ampcc: error: could not run '" << Args[0] << "': " << ErrMsg << "\n";
    PI.Pid = 0;
  }
  return PI;
}

int Toolchain::finish(llvm::sys::ProcessInfo &PI, const std::string &StderrFile,
                      bool SpeakAmp) const {
  if (!PI.Pid)
    return -1;
  std::string ErrMsg;
  PI = llvm::sys::Wait(PI, std::nullopt, &ErrMsg);
  if (auto Buf = llvm::MemoryBuffer::getFile(StderrFile)) {
    if (SpeakAmp)
      llvm::errs() << RestrictDiagConsumer::reword((*Buf)->getBuffer());
    else
      llvm::errs() << (*Buf)->getBuffer();
    llvm::errs().flush();
  }
  if (PI.ReturnCode < 0)
    llvm::errs() << "ampcc: error: a compile step stopped: " << ErrMsg << "\n";
  return PI.ReturnCode;
}

void Toolchain::cancel(llvm::sys::ProcessInfo &PI) const {
  if (!PI.Pid)
    return;
  ::kill(PI.Pid, SIGTERM);
  std::string ErrMsg;
  llvm::sys::Wait(PI, std::nullopt, &ErrMsg);
  PI.Pid = 0;
}

} // namespace ampcc
