// First-run build time: the first parallel_for_each + wait of this
// translation unit's only kernel (ampcc builds the OpenCL program of a
// translation unit at its first launch, and stores the binary in
// AMPCC_CACHE_DIR) against clCreateProgramWithSource + clBuildProgram +
// clCreateKernel + the first launch + clFinish of its hand-written twin.
// Both on a few elements, so that the time is the build's. Only a first run
// with empty caches (AMPCC_CACHE_DIR, and the driver's: POCL_CACHE_DIR,
// CUDA_CACHE_PATH) measures a first build; the run scripts give fresh ones.
#include "bench.h"

using namespace concurrency;
using namespace bench;

namespace {

const char *Src = R"CL(
__kernel void scale(__global float *x, float a) {
  size_t i = get_global_id(0);
  x[i] = a * x[i];
}
)CL";

// Compiles an unrelated program first, so that neither side pays for the
// driver's compiler start-up.
const char *WarmSrc = "__kernel void warm(__global int *x) { x[0] = 1; }";

void buildCase() {
  const int N = 1024;
  const float A = 2.0f;
  std::vector<float> X(N, 1.0f), X2(N, 1.0f);
  Twin &T = Twin::get();
  clReleaseProgram(T.build(WarmSrc));
  // The twin's context exists before its timer (Twin::get); ampcc's runtime
  // makes its context at the first use of the device (here the wait; the
  // array's buffer waits for its first use), so that both sides time the
  // build and the first launch
  // (the context is the driver's cost, 130-210 ms on the H100s, paid by
  // every OpenCL program: docs/performance.md, "First launch").
  {
    array<float, 1> Warm(1, view());
    view().wait();
  }
  Result R{"build-first", "build"};
  resetBytes();
  {
    array_view<float, 1> XV(N, X);
    double T0 = nowMs();
    parallel_for_each(XV.extent, [=](index<1> I) restrict(amp) { XV[I] = A * XV[I]; });
    view().wait();
    R.AmpMs = nowMs() - T0;
    XV.synchronize();
  }
  R.Moved = movedBytes();
  R.Min = 2LL * N * 4;
  R.AmpOk = X == std::vector<float>(N, A);

  cl_mem B = T.buffer(N * 4, X2.data());
  double T0 = nowMs();
  cl_program P = T.build(Src);
  cl_kernel K = T.kernel(P, "scale");
  Twin::args(K, B, A);
  size_t G = N;
  T.launch(K, 1, &G, nullptr);
  T.finish();
  R.ClMs = nowMs() - T0;
  T.read(B, N * 4, X2.data());
  R.ClOk = X2 == std::vector<float>(N, A);
  clReleaseMemObject(B);
  clReleaseKernel(K);
  clReleaseProgram(P);
  report(R);
}

} // namespace

void bench::runBuildTime() {
  if (wanted("build-first"))
    buildCase();
}
