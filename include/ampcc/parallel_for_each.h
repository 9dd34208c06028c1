// ampcc/parallel_for_each.h - parallel_for_each (spec §7).
//
// The host side of a launch only hands the closure's bytes to the runtime,
// keyed by typeid(Kernel).name(). ampcc computed the same name from its AST,
// emitted the kernel's OpenCL C and registered it under that name (see
// docs/architecture.md, "How kernels are found and named").
#ifndef AMPCC_PARALLEL_FOR_EACH_H
#define AMPCC_PARALLEL_FOR_EACH_H

#include "index.h"
#include "tiled.h"
#include "runtime_api.h"

#include <typeinfo>
#include <utility>

namespace Concurrency {

class accelerator_view;

namespace details {
ampcc::rt::AcceleratorViewImpl *implOf(const accelerator_view &View);

/// The key a launch finds its kernel by: typeid(Kernel).name(), or under
/// -fno-rtti this function's __PRETTY_FUNCTION__, which names Kernel too
/// (a lambda by its source location). ampcc's device pass computes the same
/// string and registers it as an alias of the typeid name (see
/// docs/architecture.md, "How kernels are found and named").
template <typename Kernel> const char *kernelKey() {
#if defined(__GXX_RTTI)
  return typeid(Kernel).name();
#else
  return __PRETTY_FUNCTION__;
#endif
}

#ifdef __HIP_DEVICE_COMPILE__
// The device pass needs the body of every kernel's call operator. A kernel
// that is a class template specialization has its operator() instantiated
// only when something uses it, and nothing on the host calls it: naming
// kernelEntry in launch() does, as a CUDA launch names its __global__
// function. Host and device both, so Clang defers (and never emits) its
// target diagnostics. A kernel that cannot take the index is not called
// here (SFINAE, decided in this amp context where a restrict(amp) call
// operator is viable): ampcc reports it at the launch instead, and the
// restriction checker a call operator that is not restrict(amp).
template <typename Kernel, typename Index>
__attribute__((host, device)) auto callKernel(Kernel &K, const Index &I, int)
    -> decltype(K(I), void()) {
  K(I);
}
template <typename Kernel, typename Index>
__attribute__((host, device)) void callKernel(Kernel &, const Index &, long) {}

template <typename Kernel, typename Index>
__attribute__((host, device)) void kernelEntry(const Kernel &K, const Index &I) {
  // A mutable lambda's operator() is not const.
  callKernel(const_cast<Kernel &>(K), I, 0);
}
#endif

template <typename Kernel, typename Index> inline void useKernel() {
#ifdef __HIP_DEVICE_COMPILE__
  (void)&kernelEntry<Kernel, Index>;
#endif
}

template <int N, typename Kernel>
void launch(const Concurrency::extent<N> &Ext, const Kernel &K,
            ampcc::rt::AcceleratorViewImpl *View) {
  useKernel<Kernel, Concurrency::index<N>>();
  ampcc::rt::launchKernel(kernelKey<Kernel>(), &K, sizeof(Kernel), N,
                          Ext._M_base, nullptr, View);
}

template <int D0, int D1, int D2, typename Kernel>
void launchTiled(const tiled_extent<D0, D1, D2> &Ext, const Kernel &K,
                 ampcc::rt::AcceleratorViewImpl *View) {
  useKernel<Kernel, tiled_index<D0, D1, D2>>();
  const int32_t Tile[3] = {D0, D1, D2};
  ampcc::rt::launchKernel(kernelKey<Kernel>(), &K, sizeof(Kernel),
                          tiled_extent<D0, D1, D2>::rank, Ext._M_base, Tile, View);
}
} // namespace details

template <int N, typename Kernel>
void parallel_for_each(const Concurrency::extent<N> &Ext, const Kernel &K) {
  details::launch(Ext, K, nullptr);
}

template <int N, typename Kernel>
void parallel_for_each(const accelerator_view &View,
                       const Concurrency::extent<N> &Ext, const Kernel &K) {
  details::launch(Ext, K, details::implOf(View));
}

template <int D0, int D1, int D2, typename Kernel>
void parallel_for_each(const tiled_extent<D0, D1, D2> &Ext, const Kernel &K) {
  details::launchTiled(Ext, K, nullptr);
}

template <int D0, int D1, int D2, typename Kernel>
void parallel_for_each(const accelerator_view &View,
                       const tiled_extent<D0, D1, D2> &Ext, const Kernel &K) {
  details::launchTiled(Ext, K, details::implOf(View));
}

// The form of the C++ AMP preview, which Visual C++ still accepts: the tile
// extents as explicit template arguments of the call, over a plain extent
// (parallel_for_each<16, 16>(extent, kernel)). The kernel takes a
// tiled_index as with extent.tile<16, 16>().
template <int D0, typename Kernel>
void parallel_for_each(const Concurrency::extent<1> &Ext, const Kernel &K) {
  details::launchTiled(tiled_extent<D0>(Ext), K, nullptr);
}
template <int D0, int D1, typename Kernel>
void parallel_for_each(const Concurrency::extent<2> &Ext, const Kernel &K) {
  details::launchTiled(tiled_extent<D0, D1>(Ext), K, nullptr);
}
template <int D0, int D1, int D2, typename Kernel>
void parallel_for_each(const Concurrency::extent<3> &Ext, const Kernel &K) {
  details::launchTiled(tiled_extent<D0, D1, D2>(Ext), K, nullptr);
}
template <int D0, typename Kernel>
void parallel_for_each(const accelerator_view &View,
                       const Concurrency::extent<1> &Ext, const Kernel &K) {
  details::launchTiled(tiled_extent<D0>(Ext), K, details::implOf(View));
}
template <int D0, int D1, typename Kernel>
void parallel_for_each(const accelerator_view &View,
                       const Concurrency::extent<2> &Ext, const Kernel &K) {
  details::launchTiled(tiled_extent<D0, D1>(Ext), K, details::implOf(View));
}
template <int D0, int D1, int D2, typename Kernel>
void parallel_for_each(const accelerator_view &View,
                       const Concurrency::extent<3> &Ext, const Kernel &K) {
  details::launchTiled(tiled_extent<D0, D1, D2>(Ext), K, details::implOf(View));
}

} // namespace Concurrency

#endif // AMPCC_PARALLEL_FOR_EACH_H
