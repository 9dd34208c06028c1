// The raw OpenCL side of the benchmarks (the harness's twins, kernels.cpp's
// baseline, transfers.cpp's raw transfers): finding the device ampcc's
// runtime picked, by name, and giving it a context and a queue of its own.
// Header-only, as the single-file benchmarks build without the harness.
#ifndef AMPCC_BENCH_OPENCL_H
#define AMPCC_BENCH_OPENCL_H

#include <CL/cl.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace clbench {

/// Exits with status 2 when an OpenCL call failed: a benchmark has no use
/// for a half-set-up baseline.
inline void check(cl_int Err, const char *What) {
  if (Err != CL_SUCCESS) {
    std::fprintf(stderr, "%s failed: %d\n", What, Err);
    std::exit(2);
  }
}

/// The first OpenCL device named \p Name; with \p Loose, also one whose
/// name contains \p Name or is contained in it (an accelerator's
/// description may add to the device's name). Exits when there is none.
inline cl_device_id findDevice(const std::string &Name, bool Loose = false) {
  cl_uint NP = 0;
  clGetPlatformIDs(0, nullptr, &NP);
  std::vector<cl_platform_id> Ps(NP);
  clGetPlatformIDs(NP, Ps.data(), nullptr);
  for (cl_platform_id P : Ps) {
    cl_uint ND = 0;
    if (clGetDeviceIDs(P, CL_DEVICE_TYPE_ALL, 0, nullptr, &ND) != CL_SUCCESS)
      continue;
    std::vector<cl_device_id> Ds(ND);
    clGetDeviceIDs(P, CL_DEVICE_TYPE_ALL, ND, Ds.data(), nullptr);
    for (cl_device_id D : Ds) {
      char Buf[256] = {0};
      clGetDeviceInfo(D, CL_DEVICE_NAME, sizeof Buf, Buf, nullptr);
      std::string N(Buf);
      if (N == Name || (Loose && (Name.find(N) != std::string::npos ||
                                  N.find(Name) != std::string::npos)))
        return D;
    }
  }
  std::fprintf(stderr, "no OpenCL device named '%s'\n", Name.c_str());
  std::exit(2);
}

/// A context of \p Dev alone and an in-order queue without profiling.
struct Session {
  cl_device_id Dev = nullptr;
  cl_context Ctx = nullptr;
  cl_command_queue Queue = nullptr;
  explicit Session(cl_device_id D) : Dev(D) {
    cl_int Err;
    Ctx = clCreateContext(nullptr, 1, &Dev, nullptr, nullptr, &Err);
    check(Err, "clCreateContext");
    Queue = clCreateCommandQueue(Ctx, Dev, 0, &Err);
    check(Err, "clCreateCommandQueue");
  }
};

} // namespace clbench

#endif // AMPCC_BENCH_OPENCL_H
