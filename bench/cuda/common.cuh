// The CUDA twin's shared parts: options, timing (the harness's method: a
// warm-up launch, then samples of Batch launches + one
// cudaDeviceSynchronize, median of the per-launch times), result rows in
// the harness's CSV columns with impl "cuda".
#ifndef AMPCC_BENCH_CUDA_COMMON_CUH
#define AMPCC_BENCH_CUDA_COMMON_CUH

#include "../harness/cases.h"
#include "../harness/csv.h"

#include <cuda_runtime.h>

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace cutwin {

struct Options {
  cases::Scale Scale = cases::Scale::Small;
  cases::Sizes Size = cases::sizesFor(cases::Scale::Small);
  int Reps = 7;
  std::string Only, Device;
  std::FILE *Csv = nullptr;
};
Options &options();

void check(cudaError_t Err, const char *What);
#define CU(X) ::cutwin::check((X), #X)

double nowMs();
double timeLaunches(const std::function<void()> &Launch);
double timeCalls(const std::function<void()> &Call, int Reps);

/// Device memory holding a copy of Host (or Bytes of nothing).
void *deviceCopy(const void *Host, size_t Bytes);
void toHost(void *Dst, const void *Dev, size_t Bytes);

bool wanted(const std::string &Name);
/// Emits a row (device and scale filled in) and the verdict line.
void emit(const char *Case, const char *Group, double Ms, double Work, const char *Unit,
          long long Min, bool Ok, const char *Impl = "cuda");
bool allOk();

void runStreaming();
void runTranspose();
void runSma();
void runHistogram();
void runReduction();
void runMatmul();
void runBinomial();
void runNbody();
void runOverheads();
/// cudaMemcpy from pageable and pinned memory at each size (transfers.cu).
void runTransferSizes(const std::vector<size_t> &MiBs);

} // namespace cutwin

#endif
