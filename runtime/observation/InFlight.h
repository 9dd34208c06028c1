//===- InFlight.h - kernels submitted but not yet known done ----*- C++ -*-===//
//
// A kernel that faults on the device (NVIDIA reports an illegal address as
// error -9999, at the next call on the queue, not at the launch) surfaces in
// whatever OpenCL call comes next: a clFinish, a read, another launch. To
// name the kernel's source location there, launches are recorded per queue
// until the queue is known to be idle again (a successful clFinish), and a
// failing call reports the kernels that were running.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_INFLIGHT_H
#define AMPCC_RUNTIME_INFLIGHT_H

#include <string>

namespace ampcc {
namespace rt {

/// A kernel (by its "file:line:col") was enqueued on \p Queue (any
/// identity of the queue: its backend handle).
void noteKernelSubmitted(const void *Queue, const char *Location);
/// Everything enqueued on \p Queue has completed without error.
void noteQueueIdle(const void *Queue);
/// The kernels submitted since their queues were last idle, the most recent
/// first ("kernel at a.cpp:9:3, kernel at a.cpp:4:3"); "" when none.
std::string kernelsInFlight();

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_INFLIGHT_H
