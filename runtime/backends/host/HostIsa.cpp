//===- HostIsa.cpp - whether this CPU runs a program's host kernels -------===//
//
// Host kernels are compiled with the build machine's -march: a binary moved
// to an older CPU would stop at the first instruction it lacks. Each
// program records the extensions its kernels may use (AMPCC_HOST_ISA in
// ampcc/host_kernel.h); the backend compares them with this CPU's before it
// offers its device for them (HostBackend.cpp).
//
//===----------------------------------------------------------------------===//
#include "backends/host/HostBackend.h"

#include <sstream>

namespace ampcc {
namespace rt {

namespace {

/// __builtin_cpu_supports takes a literal: one case per extension that
/// host_kernel.h records. -1 for a name it does not know.
int cpuSupports(const std::string &Name) {
#if defined(__x86_64__)
#define AMPCC_FEATURE(N)                                                       \
  if (Name == N)                                                               \
    return __builtin_cpu_supports(N) ? 1 : 0;
  AMPCC_FEATURE("popcnt")
  AMPCC_FEATURE("sse4.2")
  AMPCC_FEATURE("avx")
  AMPCC_FEATURE("avx2")
  AMPCC_FEATURE("fma")
  AMPCC_FEATURE("f16c")
  AMPCC_FEATURE("bmi")
  AMPCC_FEATURE("bmi2")
  AMPCC_FEATURE("avx512f")
  AMPCC_FEATURE("avx512vl")
  AMPCC_FEATURE("avx512bw")
  AMPCC_FEATURE("avx512dq")
  AMPCC_FEATURE("avx512cd")
  AMPCC_FEATURE("avx512vnni")
  AMPCC_FEATURE("avx512vbmi")
  AMPCC_FEATURE("avx512vbmi2")
  AMPCC_FEATURE("avx512bitalg")
  AMPCC_FEATURE("avx512vpopcntdq")
  AMPCC_FEATURE("avx512bf16")
  AMPCC_FEATURE("avx512fp16")
#undef AMPCC_FEATURE
#endif
  return -1;
}

} // namespace

std::string missingHostIsa(const char *Isa) {
  if (!Isa)
    return "";
  __builtin_cpu_init();
  std::istringstream Names(Isa);
  std::string Missing;
  for (std::string Name; Names >> Name;)
    if (cpuSupports(Name) != 1)
      Missing += (Missing.empty() ? "" : " ") + Name;
  return Missing;
}

} // namespace rt
} // namespace ampcc
