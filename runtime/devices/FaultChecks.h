//===- FaultChecks.h - bad accesses found by checked kernels ----*- C++ -*-===//
//
// Kernels built with `ampcc -fsanitize=bounds` take one more argument: a
// zeroed buffer in which they record their bad accesses (the fault record
// DeviceCodeGen::faultReporter writes) and whose tail is the scratch memory
// the skipped accesses use. After the launch its record is read back
// without waiting; the next synchronizing call (a host access, copy,
// synchronize, accelerator_view::wait) waits for it and throws a
// runtime_exception naming the first bad access of the launch.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_FAULTCHECKS_H
#define AMPCC_RUNTIME_FAULTCHECKS_H

#include "ampcc/kernel_abi.h"

#include "backends/Backend.h"

namespace ampcc {
namespace rt {

/// The zeroed fault buffer for one launch of a kernel of checked program
/// \p P (record and scratch).
Buffer createFaultBuffer(const Context &C, const ProgramDesc &P);

/// Reads the launch's record back after the kernel (enqueued on \p Q) and
/// keeps it until reportFaults.
void watchFaults(const Queue &Q, const Buffer &Faults, const KernelDesc &K);

/// Waits for the watched launches; throws runtime_exception for the first
/// one that recorded a bad access. Cheap when nothing is watched.
void reportFaults();

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_FAULTCHECKS_H
