// The streaming kernels: copy (the bandwidth roof the memory-bound targets
// are measured against) and saxpy. Untiled in C++ AMP, so the twins pass no
// local size either and the driver chooses, as for ampcc's launch.
#include "bench.h"

using namespace concurrency;
using namespace bench;

namespace {

const char *Src = R"CL(
__kernel void copy(__global const float *in, __global float *out) {
  size_t i = get_global_id(0);
  out[i] = in[i];
}
__kernel void saxpy(__global const float *x, __global const float *y,
                    __global float *out, float a) {
  size_t i = get_global_id(0);
  out[i] = a * x[i] + y[i];
}
)CL";

void copyCase() {
  size_t N = options().Size.CopyN;
  std::vector<float> In(N), Out(N, -1.0f), Out2(N, -1.0f);
  cases::fillFloats(In, 1000);
  Result R{"copy", "memory", 8.0 * N, "GB/s"};
  resetBytes();
  {
    array_view<const float, 1> InV(int(N), In);
    array_view<float, 1> OutV(int(N), Out);
    OutV.discard_data();
    R.AmpMs = timeLaunches(
        [&] { parallel_for_each(OutV.extent, [=](index<1> I) restrict(amp) { OutV[I] = InV[I]; }); },
        [&] { view().wait(); });
    OutV.synchronize();
  }
  R.Moved = movedBytes();
  R.Min = 8LL * N;
  R.AmpOk = Out == In;

  Twin &T = Twin::get();
  cl_program P = T.build(Src);
  cl_kernel K = T.kernel(P, "copy");
  cl_mem BI = T.buffer(N * 4, In.data()), BO = T.buffer(N * 4);
  Twin::args(K, BI, BO);
  R.ClMs = timeLaunches([&] { T.launch(K, 1, &N, nullptr); }, [&] { T.finish(); });
  T.read(BO, N * 4, Out2.data());
  R.ClOk = Out2 == In;
  clReleaseMemObject(BI);
  clReleaseMemObject(BO);
  clReleaseKernel(K);
  clReleaseProgram(P);
  report(R);
}

void saxpyCase() {
  size_t N = options().Size.SaxpyN;
  std::vector<float> X(N), Y(N), Out(N), Out2(N);
  cases::fillFloats(X, 1000);
  cases::fillFloats(Y, 777, 0.5f);
  const float A = cases::SaxpyA;
  Result R{"saxpy", "memory", 12.0 * N, "GB/s"};
  resetBytes();
  {
    array_view<const float, 1> XV(int(N), X), YV(int(N), Y);
    array_view<float, 1> OutV(int(N), Out);
    OutV.discard_data();
    R.AmpMs = timeLaunches(
        [&] {
          parallel_for_each(OutV.extent, [=](index<1> I) restrict(amp) { OutV[I] = A * XV[I] + YV[I]; });
        },
        [&] { view().wait(); });
    OutV.synchronize();
  }
  R.Moved = movedBytes();
  R.Min = 12LL * N;
  R.AmpOk = cases::checkSaxpy(X, Y, Out.data());

  Twin &T = Twin::get();
  cl_program P = T.build(Src);
  cl_kernel K = T.kernel(P, "saxpy");
  cl_mem BX = T.buffer(N * 4, X.data()), BY = T.buffer(N * 4, Y.data()), BO = T.buffer(N * 4);
  Twin::args(K, BX, BY, BO, A);
  R.ClMs = timeLaunches([&] { T.launch(K, 1, &N, nullptr); }, [&] { T.finish(); });
  T.read(BO, N * 4, Out2.data());
  R.ClOk = cases::checkSaxpy(X, Y, Out2.data());
  for (cl_mem M : {BX, BY, BO})
    clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseProgram(P);
  report(R);
}

} // namespace

void bench::runStreaming() {
  if (wanted("copy"))
    copyCase();
  if (wanted("saxpy"))
    saxpyCase();
}
