// Overheads: launching an empty kernel and waiting for it (parallel_for_each
// + accelerator_view::wait against clEnqueueNDRangeKernel + clFinish), and
// host<->device transfers through array_views over a device array (copy)
// against raw clEnqueueWriteBuffer/ReadBuffer, from ordinary (pageable) host
// memory and from pinned memory (a CL_MEM_ALLOC_HOST_PTR buffer, mapped).
#include "bench.h"

using namespace concurrency;
using namespace bench;

namespace {

const char *Src = R"CL(
__kernel void empty(void) {}
)CL";

void launchCase() {
  int Reps = options().Size.LaunchReps;
  Result R{"launch-empty", "launch"};
  resetBytes();
  R.AmpMs = timeCalls(
      [] {
        parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) {});
        view().wait();
      },
      Reps);
  R.Moved = movedBytes();
  R.Min = 0;
  R.AmpOk = true; // nothing to check but that it ran

  Twin &T = Twin::get();
  cl_program P = T.build(Src);
  cl_kernel K = T.kernel(P, "empty");
  size_t G = 1;
  R.ClMs = timeCalls([&] { T.launch(K, 1, &G, nullptr); T.finish(); }, Reps);
  R.ClOk = true;
  clReleaseKernel(K);
  clReleaseProgram(P);
  report(R);
}

/// One transfer direction: ampcc's copy() through an array_view, raw
/// OpenCL from pageable memory, raw OpenCL from pinned memory.
void transferCase(bool ToDevice) {
  size_t Bytes = options().Size.TransferBytes, N = Bytes / 4;
  std::vector<float> Host(N);
  cases::fillFloats(Host, 1000);
  int Reps = options().Reps;
  Result R{ToDevice ? "transfer-h2d" : "transfer-d2h", "transfer", double(Bytes), "GB/s"};
  {
    // The array's data on the device first: copy() from contiguous memory
    // puts it there (an array built from iterators would keep it in its
    // host copy until a kernel runs, and d2h would time a memcpy).
    array<float, 1> Dev(int(N), view());
    copy(Host.begin(), Host.end(), Dev);
    array_view<float, 1> DV(Dev);
    auto Once = [&] {
      if (ToDevice)
        copy(Host.begin(), Host.end(), DV);
      else
        copy(DV, Host.begin());
    };
    R.AmpMs = timeCalls(Once, Reps);
  }
  // getTransferStats counts the copies of array_views over user memory,
  // not copy() into or out of an array: not counted here.
  R.Min = (long long)Bytes;
  R.AmpOk = true;

  Twin &T = Twin::get();
  cl_mem Buf = T.buffer(Bytes, Host.data());
  auto Raw = [&](void *P) {
    if (ToDevice)
      T.write(Buf, Bytes, P);
    else
      T.read(Buf, Bytes, P);
  };
  R.ClMs = timeCalls([&] { Raw(Host.data()); }, Reps);
  R.ClOk = true;
  cl_int Err;
  cl_mem Pin = clCreateBuffer(T.Ctx, CL_MEM_ALLOC_HOST_PTR, Bytes, nullptr, &Err);
  check(Err, "clCreateBuffer(CL_MEM_ALLOC_HOST_PTR)");
  void *Pinned = clEnqueueMapBuffer(T.Queue, Pin, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, Bytes, 0,
                                    nullptr, nullptr, &Err);
  check(Err, "clEnqueueMapBuffer");
  std::memcpy(Pinned, Host.data(), Bytes);
  double PinnedMs = timeCalls([&] { Raw(Pinned); }, Reps);
  clEnqueueUnmapMemObject(T.Queue, Pin, Pinned, 0, nullptr, nullptr);
  T.finish();
  clReleaseMemObject(Pin);
  clReleaseMemObject(Buf);
  report(R);
  csv::Row Row;
  Row.Impl = "opencl-pinned";
  Row.Case = R.Case;
  Row.Group = R.Group;
  Row.Ms = PinnedMs;
  Row.Work = R.Work;
  Row.Unit = R.Unit;
  Row.BytesMoved = Row.BytesMin = R.Min;
  emit(Row);
}

} // namespace

void bench::runLaunch() {
  if (wanted("launch-empty"))
    launchCase();
}

void bench::runTransfers() {
  if (wanted("transfer-h2d"))
    transferCase(true);
  if (wanted("transfer-d2h"))
    transferCase(false);
}
