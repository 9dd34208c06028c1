// saxpy-amp.cpp hand-written against the OpenCL API: first GPU, else first
// device, of the first platform that has one; build, run, read back, check.
// Build: clang++-19 -O2 saxpy-cl.cpp -lOpenCL -o saxpy-cl
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <cstdio>
#include <vector>

static const char *Src = R"CL(
__kernel void saxpy(__global const float *x, __global float *y, float a) {
  size_t i = get_global_id(0);
  y[i] = a * x[i] + y[i];
}
)CL";

static cl_device_id pickDevice() {
  cl_uint NP = 0;
  clGetPlatformIDs(0, nullptr, &NP);
  std::vector<cl_platform_id> Ps(NP);
  clGetPlatformIDs(NP, Ps.data(), nullptr);
  cl_device_id Any = nullptr;
  for (cl_platform_id P : Ps) {
    cl_device_id D;
    if (clGetDeviceIDs(P, CL_DEVICE_TYPE_GPU, 1, &D, nullptr) == CL_SUCCESS)
      return D;
    if (!Any && clGetDeviceIDs(P, CL_DEVICE_TYPE_ALL, 1, &D, nullptr) == CL_SUCCESS)
      Any = D;
  }
  return Any;
}

int main() {
  const int N = 1 << 20;
  const float A = 2.0f;
  std::vector<float> X(N), Y(N);
  for (int I = 0; I < N; ++I) {
    X[I] = float(I % 1000);
    Y[I] = float(I % 777);
  }
  cl_device_id Dev = pickDevice();
  if (!Dev) {
    std::printf("no OpenCL device\n");
    return 2;
  }
  cl_int Err;
  cl_context Ctx = clCreateContext(nullptr, 1, &Dev, nullptr, nullptr, &Err);
  cl_command_queue Q = clCreateCommandQueue(Ctx, Dev, 0, &Err);
  cl_program P = clCreateProgramWithSource(Ctx, 1, &Src, nullptr, &Err);
  if (clBuildProgram(P, 1, &Dev, "-cl-std=CL1.2", nullptr, nullptr) != CL_SUCCESS) {
    std::printf("build failed\n");
    return 1;
  }
  cl_kernel K = clCreateKernel(P, "saxpy", &Err);
  cl_mem BX = clCreateBuffer(Ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, N * 4, X.data(), &Err);
  cl_mem BY = clCreateBuffer(Ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, N * 4, Y.data(), &Err);
  clSetKernelArg(K, 0, sizeof BX, &BX);
  clSetKernelArg(K, 1, sizeof BY, &BY);
  clSetKernelArg(K, 2, sizeof A, &A);
  size_t G = N;
  clEnqueueNDRangeKernel(Q, K, 1, nullptr, &G, nullptr, 0, nullptr, nullptr);
  clEnqueueReadBuffer(Q, BY, CL_TRUE, 0, N * 4, Y.data(), 0, nullptr, nullptr);
  for (int I = 0; I < N; ++I)
    if (Y[I] != A * float(I % 1000) + float(I % 777)) {
      std::printf("wrong at %d\n", I);
      return 1;
    }
  std::printf("correct\n");
  return 0;
}
