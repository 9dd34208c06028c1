// Kernel performance of ampcc against hand-written OpenCL C, in one process
// on the same device: the ratio ampcc_time / opencl_time is what matters
// (1.00 = as fast as hand-written OpenCL; lower is better).
//
// Build: ampcc -O2 bench/kernels.cpp -o kernels && ./kernels [scale]
// The baseline uses the OpenCL API directly, on the device ampcc's runtime
// picked (same platform/device by name), with the same sizes and local sizes.
// Each measurement is the median of several runs of an already-built kernel
// on data already on the device; both sides end with a full queue finish.
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <amp.h>

#include "harness/opencl.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

using namespace concurrency;

namespace {

const int TILE = 16;
const int REPS = 7;

double medianMs(const std::function<void()> &Run) {
  Run(); // Warm-up: builds, first-touch transfers.
  std::vector<double> T;
  for (int I = 0; I < REPS; ++I) {
    auto S = std::chrono::steady_clock::now();
    Run();
    auto E = std::chrono::steady_clock::now();
    T.push_back(std::chrono::duration<double, std::milli>(E - S).count());
  }
  std::sort(T.begin(), T.end());
  return T[T.size() / 2];
}

using clbench::check;

/// The hand-written OpenCL baseline, on the device named \p DeviceName.
struct Baseline {
  cl_context Ctx = nullptr;
  cl_command_queue Queue = nullptr;
  cl_device_id Dev = nullptr;

  explicit Baseline(const std::string &DeviceName) {
    clbench::Session S(clbench::findDevice(DeviceName));
    Dev = S.Dev;
    Ctx = S.Ctx;
    Queue = S.Queue;
  }
  cl_kernel build(const char *Src, const char *Name) {
    cl_int Err;
    cl_program P = clCreateProgramWithSource(Ctx, 1, &Src, nullptr, &Err);
    check(Err, "clCreateProgramWithSource");
    if (clBuildProgram(P, 1, &Dev, "-cl-std=CL1.2", nullptr, nullptr) != CL_SUCCESS) {
      char Log[8192] = {0};
      clGetProgramBuildInfo(P, Dev, CL_PROGRAM_BUILD_LOG, sizeof Log, Log, nullptr);
      std::fprintf(stderr, "baseline build failed:\n%s\n", Log);
      std::exit(2);
    }
    cl_kernel K = clCreateKernel(P, Name, &Err);
    check(Err, "clCreateKernel");
    return K;
  }
  cl_mem buffer(size_t Bytes, const void *Init) {
    cl_int Err;
    cl_mem M = clCreateBuffer(Ctx, CL_MEM_READ_WRITE | (Init ? CL_MEM_COPY_HOST_PTR : 0),
                              Bytes, const_cast<void *>(Init), &Err);
    check(Err, "clCreateBuffer");
    return M;
  }
  void run(cl_kernel K, cl_uint Dims, const size_t *Global, const size_t *Local) {
    check(clEnqueueNDRangeKernel(Queue, K, Dims, nullptr, Global, Local, 0, nullptr, nullptr),
          "clEnqueueNDRangeKernel");
    check(clFinish(Queue), "clFinish");
  }
  void read(cl_mem M, size_t Bytes, void *Out) {
    check(clEnqueueReadBuffer(Queue, M, CL_TRUE, 0, Bytes, Out, 0, nullptr, nullptr),
          "clEnqueueReadBuffer");
  }
};

const char *SaxpyCL = R"CL(
__kernel void saxpy(__global const float *x, __global float *y, float a) {
  size_t i = get_global_id(0);
  y[i] = a * x[i] + y[i];
}
)CL";

const char *MatMulCL = R"CL(
#define TILE 16
__kernel void matmul(__global const float *A, __global const float *B,
                     __global float *C, int N) {
  __local float As[TILE][TILE], Bs[TILE][TILE];
  int row = get_global_id(1), col = get_global_id(0);
  int lr = get_local_id(1), lc = get_local_id(0);
  float sum = 0.0f;
  for (int t = 0; t < N; t += TILE) {
    As[lr][lc] = A[row * N + t + lc];
    Bs[lr][lc] = B[(t + lr) * N + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TILE; ++k)
      sum += As[lr][k] * Bs[k][lc];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[row * N + col] = sum;
}
)CL";

const char *ReduceCL = R"CL(
#define TS 256
__kernel void reduce(__global const int *in, __global int *out) {
  __local int s[TS];
  int l = get_local_id(0);
  s[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int stride = TS / 2; stride > 0; stride /= 2) {
    if (l < stride)
      s[l] += s[l + stride];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0)
    out[get_group_id(0)] = s[0];
}
)CL";

void report(const char *Name, double Amp, double CL, bool Ok) {
  std::printf("%-28s ampcc %9.3f ms   opencl %9.3f ms   ratio %5.2f   %s\n", Name,
              Amp, CL, Amp / CL, Ok ? "results match" : "RESULTS DIFFER");
}

} // namespace

int main(int Argc, char **Argv) {
  int Scale = Argc > 1 ? std::atoi(Argv[1]) : 1;
  accelerator Acc;
  std::wstring WName = Acc.get_description();
  std::string Name(WName.begin(), WName.end());
  std::printf("device: %s\n", Name.c_str());
  accelerator_view View = Acc.get_default_view();
  Baseline B(Name);
  bool AllOk = true;

  { // SAXPY: memory bound.
    const int N = (1 << 22) * Scale;
    std::vector<float> X(N), Y(N, 1.0f), Y2(N, 1.0f);
    for (int I = 0; I < N; ++I)
      X[I] = float(I % 1000);
    const float A = 2.0f;
    array_view<const float, 1> XV(N, X);
    array_view<float, 1> YV(N, Y);
    double T1 = medianMs([&] {
      parallel_for_each(YV.extent, [=](index<1> I) restrict(amp) { YV[I] = A * XV[I] + YV[I]; });
      View.wait();
    });
    cl_kernel K = B.build(SaxpyCL, "saxpy");
    cl_mem BX = B.buffer(N * 4, X.data()), BY = B.buffer(N * 4, Y2.data());
    clSetKernelArg(K, 0, sizeof BX, &BX);
    clSetKernelArg(K, 1, sizeof BY, &BY);
    clSetKernelArg(K, 2, sizeof A, &A);
    size_t G = N;
    double T2 = medianMs([&] { B.run(K, 1, &G, nullptr); });
    B.read(BY, N * 4, Y2.data());
    YV.synchronize();
    bool Ok = Y == Y2;
    AllOk &= Ok;
    report("saxpy 4M floats", T1, T2, Ok);
  }

  { // Tiled matrix multiply: compute and local-memory bound.
    const int N = 512 * Scale;
    std::vector<float> MA(N * N), MB(N * N), MC(N * N), MC2(N * N);
    for (int I = 0; I < N * N; ++I) {
      MA[I] = float(I % 7) * 0.5f;
      MB[I] = float(I % 5) * 0.25f;
    }
    array_view<const float, 2> AV(N, N, MA), BV(N, N, MB);
    array_view<float, 2> CV(N, N, MC);
    CV.discard_data();
    double T1 = medianMs([&] {
      parallel_for_each(CV.extent.tile<TILE, TILE>(),
                        [=](tiled_index<TILE, TILE> T) restrict(amp) {
        tile_static float As[TILE][TILE];
        tile_static float Bs[TILE][TILE];
        int Row = T.global[0], Col = T.global[1];
        int LR = T.local[0], LC = T.local[1];
        float Sum = 0.0f;
        for (int K = 0; K < N; K += TILE) {
          As[LR][LC] = AV(Row, K + LC);
          Bs[LR][LC] = BV(K + LR, Col);
          T.barrier.wait();
          for (int KK = 0; KK < TILE; ++KK)
            Sum += As[LR][KK] * Bs[KK][LC];
          T.barrier.wait();
        }
        CV(Row, Col) = Sum;
      });
      View.wait();
    });
    cl_kernel K = B.build(MatMulCL, "matmul");
    cl_mem BA = B.buffer(N * N * 4, MA.data()), BB = B.buffer(N * N * 4, MB.data()),
           BC = B.buffer(N * N * 4, nullptr);
    clSetKernelArg(K, 0, sizeof BA, &BA);
    clSetKernelArg(K, 1, sizeof BB, &BB);
    clSetKernelArg(K, 2, sizeof BC, &BC);
    clSetKernelArg(K, 3, sizeof N, &N);
    size_t G[2] = {size_t(N), size_t(N)}, L[2] = {TILE, TILE};
    double T2 = medianMs([&] { B.run(K, 2, G, L); });
    B.read(BC, N * N * 4, MC2.data());
    CV.synchronize();
    bool Ok = MC == MC2;
    AllOk &= Ok;
    report("tiled matmul 512^2", T1, T2, Ok);
  }

  { // Tiled reduction: barriers and local memory.
    const int N = (1 << 22) * Scale, TS = 256;
    std::vector<int> In(N), Out(N / TS), Out2(N / TS);
    for (int I = 0; I < N; ++I)
      In[I] = I % 13;
    array_view<const int, 1> IV(N, In);
    array_view<int, 1> OV(N / TS, Out);
    OV.discard_data();
    double T1 = medianMs([&] {
      parallel_for_each(IV.extent.tile<256>(), [=](tiled_index<256> T) restrict(amp) {
        tile_static int S[256];
        int L = T.local[0];
        S[L] = IV[T.global];
        T.barrier.wait_with_tile_static_memory_fence();
        for (int Stride = 128; Stride > 0; Stride /= 2) {
          if (L < Stride)
            S[L] += S[L + Stride];
          T.barrier.wait_with_tile_static_memory_fence();
        }
        if (L == 0)
          OV[T.tile] = S[0];
      });
      View.wait();
    });
    cl_kernel K = B.build(ReduceCL, "reduce");
    cl_mem BI = B.buffer(N * 4, In.data()), BO = B.buffer(N / TS * 4, nullptr);
    clSetKernelArg(K, 0, sizeof BI, &BI);
    clSetKernelArg(K, 1, sizeof BO, &BO);
    size_t G = N, L = TS;
    double T2 = medianMs([&] { B.run(K, 1, &G, &L); });
    B.read(BO, N / TS * 4, Out2.data());
    OV.synchronize();
    bool Ok = Out == Out2;
    AllOk &= Ok;
    report("tiled reduction 4M ints", T1, T2, Ok);
  }
  return AllOk ? 0 : 1;
}
