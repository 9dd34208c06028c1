// The CUDA twin of the ampcc harness (bench/harness): the same cases, sizes
// and tiles, built on the GPU machine with nvcc, writing the same CSV
// columns with impl "cuda". Untiled ampcc kernels let the OpenCL driver
// choose the work-group size; here they get 256 threads (2-D: 32 x 8).
//
// Build: nvcc -O3 -arch=sm_90 -std=c++17 bench/cuda/*.cu -o cuda-bench
// Run:   ./cuda-bench [--scale tiny|small|full] [--reps N] [--only NAME] [--csv FILE]
#include "common.cuh"

#include <cstdlib>
#include <cstring>

using namespace cutwin;

int main(int Argc, char **Argv) {
  Options &O = options();
  const char *CsvPath = nullptr;
  for (int I = 1; I < Argc; ++I) {
    const char *A = Argv[I], *V = I + 1 < Argc ? Argv[I + 1] : nullptr;
    if (!std::strcmp(A, "--scale") && V)
      O.Scale = cases::parseScale(V), ++I;
    else if (!std::strcmp(A, "--reps") && V)
      O.Reps = std::atoi(V), ++I;
    else if (!std::strcmp(A, "--only") && V)
      O.Only = V, ++I;
    else if (!std::strcmp(A, "--csv") && V)
      CsvPath = V, ++I;
    else {
      std::fprintf(stderr, "usage: %s [--scale tiny|small|full] [--reps N] [--only NAME] [--csv FILE]\n",
                   Argv[0]);
      return 2;
    }
  }
  O.Size = cases::sizesFor(O.Scale);
  if (O.Reps < 1)
    O.Reps = 1;
  if (CsvPath) {
    O.Csv = std::fopen(CsvPath, "w");
    if (!O.Csv) {
      std::perror(CsvPath);
      return 2;
    }
    std::fputs(csv::header(), O.Csv);
  }
  cudaDeviceProp Prop;
  CU(cudaGetDeviceProperties(&Prop, 0));
  O.Device = Prop.name;
  std::printf("device: %s (CUDA), scale %s\n", Prop.name, cases::scaleName(O.Scale));
  runOverheads(); // first: its first-launch row must see no loaded module
  runStreaming();
  runTranspose();
  runSma();
  runHistogram();
  runReduction();
  runMatmul();
  runBinomial();
  runNbody();
  if (O.Csv)
    std::fclose(O.Csv);
  return allOk() ? 0 : 1;
}
