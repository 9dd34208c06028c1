//===- Stats.h - Transfer accounting and tracing ----------------*- C++ -*-===//
//
// Every byte the runtime moves between host and device is counted here, so
// that tests can assert that coherence moves no byte it does not have to, and
// users can watch the traffic with AMPCC_TRACE=1.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_STATS_H
#define AMPCC_RUNTIME_STATS_H

#include <cstddef>
#include <string>

namespace ampcc {
namespace rt {

void noteHostToDevice(size_t Bytes);
void noteDeviceToHost(size_t Bytes);
void noteDeviceToDevice(size_t Bytes);
/// Description is what the trace prints after "launch ", e.g. the kernel
/// name, domain and device.
void noteLaunch(const std::string &Description);

/// Prints "ampcc: <Message>" to stderr when AMPCC_TRACE is on.
void trace(const std::string &Message);
bool traceEnabled();

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_STATS_H
