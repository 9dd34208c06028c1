// CUDA's transfers at the sizes of transfers.cpp (bench/cuda/transfers.cu).
// Build: nvcc -O3 -arch=sm_90 -std=c++17 bench/transfers/cuda-main.cu
//          bench/cuda/transfers.cu bench/cuda/common.cu -o cuda-transfers
// Run:   ./cuda-transfers [--csv FILE] [--sizes 1,16,256] [--reps N]
#include "../cuda/common.cuh"

#include <cstdlib>
#include <cstring>

int main(int Argc, char **Argv) {
  cutwin::Options &O = cutwin::options();
  O.Reps = 15;
  std::vector<size_t> Sizes = {1, 4, 16, 64, 256};
  for (int I = 1; I < Argc; ++I) {
    const char *A = Argv[I], *V = I + 1 < Argc ? Argv[I + 1] : nullptr;
    if (!std::strcmp(A, "--csv") && V) {
      O.Csv = std::fopen(V, "w");
      if (O.Csv)
        std::fputs(csv::header(), O.Csv);
      ++I;
    } else if (!std::strcmp(A, "--reps") && V) {
      O.Reps = std::atoi(V) > 0 ? std::atoi(V) : 1;
      ++I;
    } else if (!std::strcmp(A, "--sizes") && V) {
      Sizes.clear();
      for (char *P = const_cast<char *>(V); *P;) {
        Sizes.push_back(std::strtoul(P, &P, 10));
        if (*P == ',')
          ++P;
      }
      ++I;
    } else {
      std::fprintf(stderr, "usage: %s [--csv FILE] [--sizes 1,16,256] [--reps N]\n", Argv[0]);
      return 2;
    }
  }
  cudaDeviceProp Prop;
  CU(cudaGetDeviceProperties(&Prop, 0));
  O.Device = Prop.name;
  std::printf("device: %s (CUDA)\n", Prop.name);
  cutwin::runTransferSizes(Sizes);
  if (O.Csv)
    std::fclose(O.Csv);
  return cutwin::allOk() ? 0 : 1;
}
