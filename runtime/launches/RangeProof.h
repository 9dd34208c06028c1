//===- RangeProof.h - a kernel's launch-time range conditions --*- C++ -*-===//
//
// Robust access: KernelDesc::RangeProof lists the conditions under which
// the accesses the compiler proved (compiler/lib/CodeGen/IndexRanges.h) lie
// inside their views. This decodes and checks them against the values of
// one launch. A proof that is malformed, names a value the launch cannot
// give, or overflows 64 bits does not hold: the kernel then runs guarded.
//
//===----------------------------------------------------------------------===//

#ifndef AMPCC_RUNTIME_RANGEPROOF_H
#define AMPCC_RUNTIME_RANGEPROOF_H

#include <cstdint>
#include <functional>
#include <optional>

namespace ampcc {
namespace rt {

/// Whether every clause of the \p NumWords words at \p Words holds, a
/// symbol word's value given by \p Value (nullopt: unknown at this launch).
bool rangeProofHolds(const int64_t *Words, uint32_t NumWords,
                     const std::function<std::optional<int64_t>(uint32_t)> &Value);

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_RANGEPROOF_H
