// The CUDA side of the kernel probe (issue 31 item 3): the CUDA twin's
// matrix multiplies and n-body, timed as the harness does, with the
// shared-memory carveout left to CUDA and forced to fixed shares, and the
// residency of a block of each local-memory size (the same kernel as
// occupancy.cl). If a forced carveout reproduces the OpenCL time, the
// OpenCL driver's carveout, not its compiler, is what the OpenCL kernels
// lose to (NVIDIA's OpenCL has no call to choose it).
// Build: nvcc -O3 -arch=sm_90 -std=c++17 carveout.cu ../cuda/common.cu -lcuda
#include "../cuda/compute.cu"

#include <cuda.h>

#include <algorithm>
#include <cstdlib>
#include <string>

namespace {

/// Blocks resident on one SM at once, measured: each block's first thread
/// counts itself in on its SM, holds the SM for 20 us, counts itself out.
template <int Pad>
__global__ void occ(int *Active, int *MaxSeen, float *Sink) {
  __shared__ float P[Pad];
  unsigned Sm;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(Sm));
  for (int I = threadIdx.x; I < Pad; I += blockDim.x)
    P[I] = float(I);
  __syncthreads();
  if (threadIdx.x == 0) {
    int Now = atomicAdd(&Active[Sm], 1) + 1;
    atomicMax(&MaxSeen[Sm], Now);
    unsigned long long T0, T;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(T0));
    do
      asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(T));
    while (T - T0 < 20000);
    atomicSub(&Active[Sm], 1);
  }
  __syncthreads();
  if (P[(threadIdx.x * 7) % Pad] < -1.0f)
    Sink[0] = 1.0f;
}

template <int Pad> void residency(int Carveout) {
  int *Active, *MaxSeen;
  float *Sink;
  CU(cudaMalloc(&Active, 1024 * 4));
  CU(cudaMalloc(&MaxSeen, 1024 * 4));
  CU(cudaMalloc(&Sink, 4));
  CU(cudaMemset(Active, 0, 1024 * 4));
  CU(cudaMemset(MaxSeen, 0, 1024 * 4));
  if (Carveout >= 0)
    CU(cudaFuncSetAttribute(occ<Pad>, cudaFuncAttributePreferredSharedMemoryCarveout, Carveout));
  occ<Pad><<<132 * 64, 256>>>(Active, MaxSeen, Sink);
  CU(cudaDeviceSynchronize());
  std::vector<int> Seen(1024);
  CU(cudaMemcpy(Seen.data(), MaxSeen, 1024 * 4, cudaMemcpyDeviceToHost));
  int Blocks = 0;
  CU(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&Blocks, occ<Pad>, 256, 0));
  std::printf("residency,cuda,occ-%dB,carveout %d,%d,%d\n", Pad * 4, Carveout,
              *std::max_element(Seen.begin(), Seen.end()), Blocks);
  CU(cudaFree(Active));
  CU(cudaFree(MaxSeen));
  CU(cudaFree(Sink));
}

/// clock.cl's kernel under CUDA: the SM clock of a busy kernel.
__global__ void clk(float *Out, unsigned long long *Cycles, unsigned long long *Nanos,
                    int Iters) {
  unsigned long long C0, T0, C1, T1;
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(C0));
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(T0));
  int G = blockIdx.x * blockDim.x + threadIdx.x;
  float A = G * 1e-7f, B = 1.0000001f, C = 1e-7f;
  for (int I = 0; I < Iters; ++I) {
    A = fmaf(A, B, C);
    B = fmaf(B, A, C);
  }
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(C1));
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(T1));
  Out[G] = A + B;
  if (threadIdx.x == 0) {
    Cycles[blockIdx.x] = C1 - C0;
    Nanos[blockIdx.x] = T1 - T0;
  }
}

void clockMhz() {
  const int Groups = 132 * 8;
  float *Out;
  unsigned long long *Cycles, *Nanos;
  CU(cudaMalloc(&Out, size_t(Groups) * 256 * 4));
  CU(cudaMalloc(&Cycles, Groups * 8));
  CU(cudaMalloc(&Nanos, Groups * 8));
  for (int I = 0; I < 4; ++I)
    clk<<<Groups, 256>>>(Out, Cycles, Nanos, 200000);
  CU(cudaDeviceSynchronize());
  std::vector<unsigned long long> C(Groups), N(Groups);
  CU(cudaMemcpy(C.data(), Cycles, Groups * 8, cudaMemcpyDeviceToHost));
  CU(cudaMemcpy(N.data(), Nanos, Groups * 8, cudaMemcpyDeviceToHost));
  std::vector<double> M;
  for (int G = 0; G < Groups; ++G)
    if (N[G])
      M.push_back(1e3 * double(C[G]) / double(N[G]));
  std::sort(M.begin(), M.end());
  std::printf("clock,cuda,clk,MHz,%.1f\n", M.empty() ? 0.0 : M[M.size() / 2]);
  CU(cudaFree(Out));
  CU(cudaFree(Cycles));
  CU(cudaFree(Nanos));
}

/// --jit FILE KERNEL [LEVEL...]: the tiled matrix multiply KERNEL (A, B,
/// C, n; 16x16 groups) from PTX FILE through CUDA's own JIT, at each
/// optimization level (-1: the driver's default): whether CUDA's JIT of
/// the same PTX is as slow as NVIDIA's OpenCL.
int jitMain(int Argc, char **Argv) {
  std::string Text;
  {
    FILE *F = std::fopen(Argv[2], "rb");
    if (!F)
      return 2;
    char Buf[65536];
    size_t Got;
    while ((Got = std::fread(Buf, 1, sizeof Buf, F)) > 0)
      Text.append(Buf, Got);
    std::fclose(F);
  }
  CU(cudaFree(nullptr)); // the primary context, current
  int N = cases::sizesFor(cases::Scale::Full).MatN;
  size_t Elems = size_t(N) * N;
  std::vector<float> A(Elems), B(Elems), C(Elems);
  cases::fillFloats(A, 7, 0.5f);
  cases::fillFloats(B, 5, 0.25f);
  float *DA = (float *)cutwin::deviceCopy(A.data(), Elems * 4);
  float *DB = (float *)cutwin::deviceCopy(B.data(), Elems * 4);
  float *DC = (float *)cutwin::deviceCopy(nullptr, Elems * 4);
  std::vector<int> Levels;
  for (int I = 4; I < Argc; ++I)
    Levels.push_back(std::atoi(Argv[I]));
  if (Levels.empty())
    Levels = {-1};
  for (int Level : Levels) {
    CUmodule M;
    CUjit_option Opt[1] = {CU_JIT_OPTIMIZATION_LEVEL};
    void *Val[1] = {(void *)(size_t)Level};
    CUresult R = cuModuleLoadDataEx(&M, Text.c_str(), Level < 0 ? 0 : 1, Opt, Val);
    if (R != CUDA_SUCCESS) {
      std::printf("jit,%s,%s,%d,load failed %d\n", Argv[2], Argv[3], Level, int(R));
      continue;
    }
    CUfunction F;
    if (cuModuleGetFunction(&F, M, Argv[3]) != CUDA_SUCCESS) {
      std::printf("jit,%s,%s,%d,no such kernel\n", Argv[2], Argv[3], Level);
      continue;
    }
    bool Blocked = std::string(Argv[3]).find("locked") != std::string::npos;
    unsigned G = unsigned(Blocked ? N / BS : N / MT);
    void *Args[] = {&DA, &DB, &DC, &N};
    double Ms = cutwin::timeLaunches([&] {
      cuLaunchKernel(F, G, G, 1, MT, MT, 1, 0, nullptr, Args, nullptr);
    });
    CU(cudaMemcpy(C.data(), DC, Elems * 4, cudaMemcpyDeviceToHost));
    std::printf("jit,%s,%s,%d,%.4f,%s\n", Argv[2], Argv[3], Level, Ms,
                cases::checkMatmul(A, B, C.data(), N) ? "yes" : "no");
    cuModuleUnload(M);
  }
  return 0;
}

bool Once = false; ///< --once: one launch each, untimed (under ncu).

template <typename Kernel>
void timeCase(const char *Name, Kernel K, int Carveout, const std::function<void()> &Launch) {
  if (Carveout >= 0)
    CU(cudaFuncSetAttribute(K, cudaFuncAttributePreferredSharedMemoryCarveout, Carveout));
  double Ms = 0;
  if (Once) {
    Launch();
    CU(cudaDeviceSynchronize());
  } else {
    Ms = cutwin::timeLaunches(Launch);
  }
  std::printf("carveout,cuda,%s,%d,%.4f\n", Name, Carveout, Ms);
  std::fflush(stdout);
}

} // namespace

// Usage: carveout [--once] [CARVEOUT...] | --jit FILE.ptx KERNEL [LEVEL...]   (percent of the SM's memory as
// shared memory; -1 leaves it to CUDA; default -1 0 8 16 25 50 100)
int main(int Argc, char **Argv) {
  if (Argc >= 4 && std::string(Argv[1]) == "--jit")
    return jitMain(Argc, Argv);
  cutwin::options().Scale = cases::Scale::Full;
  cutwin::options().Size = cases::sizesFor(cases::Scale::Full);
  std::vector<int> Carveouts;
  for (int I = 1; I < Argc; ++I) {
    if (std::string(Argv[I]) == "--once")
      Once = true;
    else
      Carveouts.push_back(std::atoi(Argv[I]));
  }
  if (Carveouts.empty())
    Carveouts = {-1, 0, 8, 16, 25, 50, 100};
  if (!Once)
    clockMhz();
  for (int C : Once ? std::vector<int>() : Carveouts) {
    residency<1>(C);
    residency<512>(C);
    residency<1024>(C);
    residency<2048>(C);
    residency<4096>(C);
  }
  int N = cutwin::options().Size.MatN;
  size_t Elems = size_t(N) * N;
  std::vector<float> A(Elems), B(Elems);
  cases::fillFloats(A, 7, 0.5f);
  cases::fillFloats(B, 5, 0.25f);
  float *DA = (float *)cutwin::deviceCopy(A.data(), Elems * 4);
  float *DB = (float *)cutwin::deviceCopy(B.data(), Elems * 4);
  float *DC = (float *)cutwin::deviceCopy(nullptr, Elems * 4);
  int Bodies = cutwin::options().Size.Bodies;
  std::vector<float> Pos = cases::nbodyInput(Bodies);
  float *DP = (float *)cutwin::deviceCopy(Pos.data(), Pos.size() * 4);
  float *DAcc = (float *)cutwin::deviceCopy(nullptr, Pos.size() * 4);
  // -1 (CUDA's choice) comes first where given: an attribute stays set.
  for (int C : Carveouts) {
    timeCase("matmul-tiled", matTiled, C,
             [&] { matTiled<<<dim3(N / MT, N / MT), dim3(MT, MT)>>>(DA, DB, DC, N); });
    timeCase("matmul-blocked", matBlocked, C,
             [&] { matBlocked<<<dim3(N / BS, N / BS), dim3(MT, MT)>>>(DA, DB, DC, N); });
    timeCase("nbody", nbody, C, [&] {
      nbody<<<Bodies / NTile, NTile>>>(DP, DAcc, Bodies, cases::NbodySoftening);
    });
  }
  return 0;
}
