//===- HostEntry.h - kernels' entries on the host CPU ------------*- C++ -*-===//
//
// With host kernels (DeviceOptions::HostKernels) the program's OpenCL C is
// also compiled as C for the host (include/ampcc/host_kernel.h); each
// kernel then needs an entry the runtime's host backend can call through
// include/ampcc/host_kernel_abi.h, printed here.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_CODEGEN_HOSTENTRY_H
#define AMPCC_CODEGEN_HOSTENTRY_H

#include <string>
#include <vector>

namespace ampcc {

/// The host entry of kernel \p Kernel, whose parameters are \p Params
/// ("__global float *a_data"): untiled, a loop nest over a launch's part
/// with the kernel inlined in the innermost loop, which vectorises across
/// work-items; tiled, one work-item (the runtime switches between a tile's
/// work-items at barriers).
/// \p TileLoops: a tiled kernel also has `<Kernel>__loops`, which runs a
/// whole tile (WorkItemLoops.h), and gets an entry for it.
/// \p LanesShareLocals: the kernel keeps locals in memory (LaneLocals.h),
/// or updates a view with plain instructions where the launch gave each
/// thread a copy of it (AtomicOnlyViews.h: two work-items may update one
/// element), so its untiled loop does not promise the vectoriser
/// independent iterations.
std::string hostEntry(const std::string &Kernel,
                      const std::vector<std::string> &Params, bool Tiled,
                      bool TileLoops = false, bool LanesShareLocals = false);

} // namespace ampcc

#endif // AMPCC_CODEGEN_HOSTENTRY_H
