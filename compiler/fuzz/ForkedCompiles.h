//===- ForkedCompiles.h - the fuzzer's side of the fork server --*- C++ -*-===//
//
// Runs each input through serveDeviceCompiles (DeviceForkServer.h) in a
// server process started at the first input. What libFuzzer learns from a
// run comes back from the child: its coverage counters (a shared copy,
// added to this process's before libFuzzer reads them) and its count of
// parses. A child that crashes, or that a sanitizer stops, is a finding:
// the input is compiled again in this process, where libFuzzer reports it
// as usual; should it pass there, the harness aborts with both statuses, so
// that libFuzzer still keeps the input. A child that hangs is libFuzzer's
// timeout, as before (the server and the child die with this process).
//
// Lost on the way: libFuzzer's tables of recent comparisons, which guide
// its mutations, are filled in the child and never reach this process.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_FUZZ_FORKEDCOMPILES_H
#define AMPCC_FUZZ_FORKEDCOMPILES_H

#include "ampcc/Frontend/DeviceForkServer.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <sys/types.h>

namespace ampcc {
namespace fuzz {

class ForkedCompiles {
public:
  /// \p Serve runs in the server process: serveDeviceCompiles with the
  /// callbacks given to it.
  explicit ForkedCompiles(std::function<bool(const DeviceForkServer &)> Serve)
      : Serve(std::move(Serve)) {}

  /// Compiles the input now at the server's path in a child; the child's
  /// wait status, or nothing once no server can run (compile in process).
  std::optional<int> compile();
  /// Parses the last child counted, once compile() returned.
  unsigned long long lastParses() const;
  /// Ends the server and waits for it (its CPU time, and its children's,
  /// then count in this process's).
  void stop();

private:
  bool start();

  [[noreturn]] void runServer(int RequestIn, int ReplyOut);

  std::function<bool(const DeviceForkServer &)> Serve;
  struct Shared *Mem = nullptr;
  size_t MemBytes = 0;
  int Request = -1, Reply = -1;
  pid_t Server = 0;
  bool Gone = false;
};

} // namespace fuzz
} // namespace ampcc

#endif // AMPCC_FUZZ_FORKEDCOMPILES_H
