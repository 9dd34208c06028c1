//===- ForkedCompiles.cpp - the fuzzer's side of the fork server ----------===//
#include "ForkedCompiles.h"

#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstring>

// The bounds of the inline 8-bit coverage counters of this executable
// (ampcc's libraries and the harness, -fsanitize=fuzzer[-no-link]), which
// the linker defines for the section that holds them.
extern "C" __attribute__((weak)) uint8_t __start___sancov_cntrs[];
extern "C" __attribute__((weak)) uint8_t __stop___sancov_cntrs[];

namespace ampcc {
namespace fuzz {

/// In memory that the fuzzer, the server and the children share.
struct Shared {
  unsigned long long Parses;
  uint32_t Reported; ///< The child reached Report.
  uint8_t Counters[];
};

namespace {

size_t counterBytes() {
  if (!__start___sancov_cntrs || __stop___sancov_cntrs <= __start___sancov_cntrs)
    return 0;
  return size_t(__stop___sancov_cntrs - __start___sancov_cntrs);
}

bool readAll(int Fd, void *Out, size_t N) {
  auto *P = static_cast<char *>(Out);
  while (N) {
    ssize_t Got = read(Fd, P, N);
    if (Got < 0 && errno == EINTR)
      continue; // libFuzzer's alarm, which checks for a timeout.
    if (Got <= 0)
      return false;
    P += Got;
    N -= size_t(Got);
  }
  return true;
}

bool writeAll(int Fd, const void *In, size_t N) {
  const auto *P = static_cast<const char *>(In);
  while (N) {
    ssize_t Put = write(Fd, P, N);
    if (Put < 0 && errno == EINTR)
      continue;
    if (Put <= 0)
      return false;
    P += Put;
    N -= size_t(Put);
  }
  return true;
}

/// Adds a child's counters to this process's. Not instrumented itself: a
/// comparison traced per counter (hundreds of thousands) cost more than
/// the compile (not inlined: its caller is instrumented).
__attribute__((noinline, no_sanitize("coverage"))) void addCounters(const uint8_t *From, size_t N) {
  uint8_t *To = __start___sancov_cntrs;
  for (size_t I = 0; I < N; ++I) {
    unsigned Sum = unsigned(To[I]) + From[I];
    To[I] = uint8_t(Sum > 255 ? 255 : Sum);
  }
}

} // namespace

bool ForkedCompiles::start() {
  MemBytes = sizeof(Shared) + counterBytes();
  void *M = mmap(nullptr, MemBytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (M == MAP_FAILED)
    return false;
  Mem = static_cast<Shared *>(M);
  int Requests[2], Replies[2];
  if (pipe(Requests))
    return false;
  if (pipe(Replies)) {
    close(Requests[0]);
    close(Requests[1]);
    return false;
  }
  pid_t Parent = getpid();
  Server = fork();
  if (Server == 0) {
    // The server outlives neither this process nor a parent it lost
    // before prctl took effect.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != Parent)
      _exit(0);
    close(Requests[1]);
    close(Replies[0]);
    runServer(Requests[0], Replies[1]);
  }
  close(Requests[0]);
  close(Replies[1]);
  Request = Requests[1];
  Reply = Replies[0];
  if (Server < 0) {
    close(Request);
    close(Reply);
    return false;
  }
  return true;
}

void ForkedCompiles::runServer(int RequestIn, int ReplyOut) {
  // libFuzzer's handlers are for its own process: a child that crashes
  // must die of its signal, for the fuzzer to see it.
  for (int Sig : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGALRM, SIGINT, SIGTERM, SIGUSR1,
                  SIGUSR2, SIGXFSZ})
    signal(Sig, SIG_DFL);
  DeviceForkServer S;
  S.NextFile = [=] {
    char C;
    return readAll(RequestIn, &C, 1);
  };
  S.ChildEnded = [=](int Status) {
    if (!writeAll(ReplyOut, &Status, sizeof Status))
      _exit(0);
  };
  size_t N = counterBytes();
  Shared *Mem = this->Mem;
  S.ChildStarted = [=] {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    // Only what this input covers.
    if (N)
      std::memset(__start___sancov_cntrs, 0, N);
    Mem->Reported = 0;
    Mem->Parses = 0;
  };
  S.Report = [=](const DeviceCompileResult &R) {
    if (N)
      std::memcpy(Mem->Counters, __start___sancov_cntrs, N);
    Mem->Parses = R.Parses;
    Mem->Reported = 1;
  };
  Serve(S);
  _exit(0);
}

std::optional<int> ForkedCompiles::compile() {
  if (Gone)
    return std::nullopt;
  if (!Server && !start()) {
    Gone = true;
    return std::nullopt;
  }
  int Status = 0;
  if (!writeAll(Request, "x", 1) || !readAll(Reply, &Status, sizeof Status)) {
    // The server is gone (its set-up failed): compile in this process.
    stop();
    Gone = true;
    return std::nullopt;
  }
  if (Mem->Reported)
    addCounters(Mem->Counters, counterBytes());
  return Status;
}

unsigned long long ForkedCompiles::lastParses() const { return Mem ? Mem->Parses : 0; }

void ForkedCompiles::stop() {
  if (Server <= 0)
    return;
  close(Request);
  close(Reply);
  while (waitpid(Server, nullptr, 0) < 0 && errno == EINTR) {
  }
  Server = -1;
}

} // namespace fuzz
} // namespace ampcc
