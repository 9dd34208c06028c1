//===- Stats.cpp - Transfer accounting and tracing ------------------------===//

#include "observation/Stats.h"

#include "ampcc/runtime_api.h"
#include "observation/Profile.h"
#include "support/Env.h"

#include <atomic>
#include <cstdio>

namespace ampcc {
namespace rt {

namespace {
// Atomics rather than a lock: launches and host accesses from several threads
// update them, and a counter must never be the reason two threads serialize.
struct Counters {
  std::atomic<uint64_t> HostToDeviceCopies{0};
  std::atomic<uint64_t> HostToDeviceBytes{0};
  std::atomic<uint64_t> DeviceToHostCopies{0};
  std::atomic<uint64_t> DeviceToHostBytes{0};
  std::atomic<uint64_t> KernelLaunches{0};
  std::atomic<uint64_t> DeviceToDeviceCopies{0};
  std::atomic<uint64_t> DeviceToDeviceBytes{0};
};
} // namespace

static Counters &counters() {
  static Counters C;
  return C;
}

bool traceEnabled() { return env().Trace; }

void trace(const std::string &Message) {
  if (!traceEnabled())
    return;
  // One fprintf per line so that lines from several threads do not interleave.
  std::fprintf(stderr, "ampcc: %s\n", Message.c_str());
}

void noteHostToDevice(size_t Bytes) {
  counters().HostToDeviceCopies++;
  counters().HostToDeviceBytes += Bytes;
  profileTransfer(TransferKind::HostToDevice, Bytes);
  if (traceEnabled())
    trace("copy in " + std::to_string(Bytes) + " bytes");
}

void noteDeviceToHost(size_t Bytes) {
  counters().DeviceToHostCopies++;
  counters().DeviceToHostBytes += Bytes;
  profileTransfer(TransferKind::DeviceToHost, Bytes);
  if (traceEnabled())
    trace("copy out " + std::to_string(Bytes) + " bytes");
}

void noteDeviceToDevice(size_t Bytes) {
  counters().DeviceToDeviceCopies++;
  counters().DeviceToDeviceBytes += Bytes;
  profileTransfer(TransferKind::DeviceToDevice, Bytes);
  if (traceEnabled())
    trace("copy on device " + std::to_string(Bytes) + " bytes");
}

void noteLaunch(const std::string &Description) {
  counters().KernelLaunches++;
  if (traceEnabled())
    trace("launch " + Description);
}

TransferStats getTransferStats() {
  Counters &C = counters();
  return TransferStats{C.HostToDeviceCopies.load(), C.HostToDeviceBytes.load(),
                       C.DeviceToHostCopies.load(), C.DeviceToHostBytes.load(),
                       C.KernelLaunches.load(), C.DeviceToDeviceCopies.load(),
                       C.DeviceToDeviceBytes.load()};
}

void resetTransferStats() {
  Counters &C = counters();
  C.HostToDeviceCopies = 0;
  C.HostToDeviceBytes = 0;
  C.DeviceToHostCopies = 0;
  C.DeviceToHostBytes = 0;
  C.KernelLaunches = 0;
  C.DeviceToDeviceCopies = 0;
  C.DeviceToDeviceBytes = 0;
}

} // namespace rt
} // namespace ampcc
