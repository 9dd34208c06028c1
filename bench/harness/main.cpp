// The ampcc benchmark harness: every case of issue 10 written in C++ AMP and
// hand-written in OpenCL C, timed in this process on the same device, each
// checked against a CPU reference. Human lines on stdout, rows in --csv.
//
// Build: ampcc -O2 bench/harness/*.cpp -o bench-harness
// Run:   ./bench-harness [--scale tiny|small|full] [--reps N] [--fastest] [--only NAME]
//                        [--csv FILE]
// Exit status 1 when any result differs from its reference. Run it with a
// fresh AMPCC_CACHE_DIR (and driver cache) for the build-time rows to be a
// first build; bench/run-pocl.sh and bench/run-on-device.sh do.
#include "bench.h"

#include <cstring>

using namespace bench;

int main(int Argc, char **Argv) {
  Options &O = options();
  const char *CsvPath = nullptr;
  for (int I = 1; I < Argc; ++I) {
    const char *A = Argv[I], *V = I + 1 < Argc ? Argv[I + 1] : nullptr;
    if (!std::strcmp(A, "--scale") && V)
      O.Scale = cases::parseScale(V), ++I;
    else if (!std::strcmp(A, "--reps") && V)
      O.Reps = std::atoi(V), ++I;
    else if (!std::strcmp(A, "--fastest"))
      O.Fastest = true;
    else if (!std::strcmp(A, "--only") && V)
      O.Only = V, ++I;
    else if (!std::strcmp(A, "--csv") && V)
      CsvPath = V, ++I;
    else {
      std::fprintf(stderr, "usage: %s [--scale tiny|small|full] [--reps N] "
                           "[--fastest] [--only NAME] [--csv FILE]\n", Argv[0]);
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
  std::wstring WName = concurrency::accelerator().get_description();
  O.Device.assign(WName.begin(), WName.end());
  std::printf("device: %s, scale %s, %d samples a case\n", O.Device.c_str(),
              cases::scaleName(O.Scale), O.Reps);

  runBuildTime(); // first: nothing may have built a program before it
  runLaunch();
  runTransfers();
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
