//===- RobustSink.cpp - where kernels' accesses outside a buffer go ------===//
#include "launches/RobustSink.h"

#include "backends/opencl/Errors.h"

#include <map>
#include <mutex>
#include <utility>
#include <vector>

namespace ampcc {
namespace rt {

cl_mem robustSink(cl_context Context, uint32_t RegionBytes) {
  static std::mutex Lock;
  // Keyed by size too: a program's zero region starts at its own
  // RegionBytes, which another program's write region may cover.
  // Never released: a launch may use its sink until the process ends,
  // and the contexts live as long.
  static std::map<std::pair<cl_context, uint32_t>, cl_mem> Sinks;
  std::lock_guard<std::mutex> Guard(Lock);
  cl_mem &Sink = Sinks[{Context, RegionBytes}];
  if (!Sink) {
    std::vector<unsigned char> Zeros(size_t(RegionBytes) * 2, 0);
    cl_int Err = CL_SUCCESS;
    Sink = clCreateBuffer(Context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, Zeros.size(),
                          Zeros.data(), &Err);
    checkCL(Err, "clCreateBuffer for the robust-access sink");
  }
  return Sink;
}

} // namespace rt
} // namespace ampcc
