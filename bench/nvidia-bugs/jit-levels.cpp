// Loads a PTX file through the CUDA driver's JIT at each optimisation level
// (CU_JIT_OPTIMIZATION_LEVEL 0-4) and runs its kernel `k(float *out, int
// *in, unsigned ext)` on 4 threads with out = {-22, -22, -22, -22}, in = {26},
// ext = 31; prints what each thread left. For jit-branch.ptx thread 0 must
// store 0 and the others keep -22. Exits 1 when a level differs from level
// 0. Build on a machine with the CUDA toolkit: nvcc jit-levels.cpp -lcuda.
#include <cuda.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

static bool check(CUresult R, const char *What) {
  if (R == CUDA_SUCCESS)
    return true;
  const char *Name = "?";
  cuGetErrorName(R, &Name);
  std::printf("%s: %s\n", What, Name);
  return false;
}

int main(int Argc, char **Argv) {
  if (Argc != 2) {
    std::printf("usage: jit-levels FILE.ptx\n");
    return 2;
  }
  std::ifstream In(Argv[1]);
  std::stringstream Text;
  Text << In.rdbuf();
  std::string Ptx = Text.str();
  CUdevice Dev;
  CUcontext Ctx;
  if (!check(cuInit(0), "cuInit") || !check(cuDeviceGet(&Dev, 0), "cuDeviceGet") ||
      !check(cuDevicePrimaryCtxRetain(&Ctx, Dev), "cuDevicePrimaryCtxRetain") ||
      !check(cuCtxSetCurrent(Ctx), "cuCtxSetCurrent"))
    return 2;
  float First[4] = {};
  bool Differs = false;
  for (int Level = 0; Level <= 4; ++Level) {
    CUjit_option Opt[] = {CU_JIT_OPTIMIZATION_LEVEL};
    void *Val[] = {reinterpret_cast<void *>(static_cast<size_t>(Level))};
    CUmodule Mod;
    CUfunction K;
    float Out[4] = {-22, -22, -22, -22};
    int Data[1] = {26};
    unsigned Ext = 31;
    CUdeviceptr DOut, DIn;
    void *Args[] = {&DOut, &DIn, &Ext};
    if (!check(cuModuleLoadDataEx(&Mod, Ptx.c_str(), 1, Opt, Val), "cuModuleLoadDataEx") ||
        !check(cuModuleGetFunction(&K, Mod, "k"), "cuModuleGetFunction") ||
        !check(cuMemAlloc(&DOut, sizeof Out), "cuMemAlloc") ||
        !check(cuMemAlloc(&DIn, sizeof Data), "cuMemAlloc") ||
        !check(cuMemcpyHtoD(DOut, Out, sizeof Out), "cuMemcpyHtoD") ||
        !check(cuMemcpyHtoD(DIn, Data, sizeof Data), "cuMemcpyHtoD") ||
        !check(cuLaunchKernel(K, 1, 1, 1, 4, 1, 1, 0, nullptr, Args, nullptr), "cuLaunchKernel") ||
        !check(cuCtxSynchronize(), "cuCtxSynchronize") ||
        !check(cuMemcpyDtoH(Out, DOut, sizeof Out), "cuMemcpyDtoH"))
      return 2;
    std::printf("JIT level %d: %g %g %g %g\n", Level, Out[0], Out[1], Out[2], Out[3]);
    for (int I = 0; I < 4; ++I) {
      if (Level == 0)
        First[I] = Out[I];
      else if (Out[I] != First[I])
        Differs = true;
    }
    cuMemFree(DOut);
    cuMemFree(DIn);
    cuModuleUnload(Mod);
  }
  std::printf(Differs ? "levels differ\n" : "levels agree\n");
  return Differs ? 1 : 0;
}
