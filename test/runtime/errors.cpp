// The spec's exceptions (spec §3.9, §4.2) with their error codes and
// messages that say what went wrong: out_of_memory for an array larger than
// the device can allocate, runtime_exception for an unknown device path
// (listing the real ones) and for copies between different extents,
// invalid_compute_domain, and a tile larger than the device runs.
// PoCL's work-groups are limited to 256 threads here, so a tile of 512 (which
// C++ AMP allows: up to 1024) is too large for the device: the program is
// built without host kernels, so PoCL is the default device (the host
// backend runs tiles of up to 1024).
// REQUIRES: opencl
// RUN: %ampcc -fno-host-kernels %s -o %t && env POCL_MAX_WORK_GROUP_SIZE=256 %t | %FileCheck %s
// CHECK: too large: out_of_memory 0x8007000e: an array or array_view of 240000000000 bytes is larger than the largest buffer that {{.*}} can allocate
// CHECK: unknown path: runtime_exception 0x80070057: no accelerator has the device path 'opencl:9:9'; available device paths: {{host:0:0 .*opencl:|opencl:}}
// CHECK: copy extents: runtime_exception 0x80070057: copy between an array or array_view and one of a different extent
// CHECK: indivisible: invalid_compute_domain 0x80070057
// CHECK: tile too large: runtime_exception: kernel at {{.*}}errors.cpp:{{[0-9]+}}:{{[0-9]+}}: tile 512 has 512 threads, but {{.*}} runs at most 256 threads per tile
// CHECK: errors: done
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

static void report(const char *What, const runtime_exception &E, const char *Kind) {
  std::printf("%s: %s 0x%lx: %s\n", What, Kind,
              (unsigned long)E.get_error_code() & 0xffffffffUL, E.what());
}

int main() {
  try {
    // 240 GB: more than any one buffer of the devices we test on (80 GB
    // fits an H100's 80 GiB, which is how it was found).
    array<double, 2> Huge(300000, 100000);
    parallel_for_each(Huge.extent, [&Huge](concurrency::index<2> I) restrict(amp) {
      Huge[I] = 1.0;
    });
    std::printf("too large: no exception\n");
  } catch (const out_of_memory &E) {
    report("too large", E, "out_of_memory");
  }
  try {
    accelerator A(L"opencl:9:9");
    std::printf("unknown path: no exception\n");
  } catch (const runtime_exception &E) {
    report("unknown path", E, "runtime_exception");
  }
  try {
    array<int, 1> A(10), B(11);
    copy(A, B);
    std::printf("copy extents: no exception\n");
  } catch (const runtime_exception &E) {
    report("copy extents", E, "runtime_exception");
  }
  std::vector<int> D(100);
  array_view<int, 1> V(100, D);
  try {
    parallel_for_each(V.extent.tile<64>(), [=](tiled_index<64> T) restrict(amp) {
      V[T.global] = 1;
    });
    std::printf("indivisible: no exception\n");
  } catch (const invalid_compute_domain &E) {
    std::printf("indivisible: invalid_compute_domain 0x%lx\n",
                (unsigned long)E.get_error_code() & 0xffffffffUL);
  }
  try {
    std::vector<int> Big(8192);
    array_view<int, 1> BV(8192, Big);
    parallel_for_each(BV.extent.tile<512>(), [=](tiled_index<512> T) restrict(amp) {
      BV[T.global] = 1;
    });
    std::printf("tile too large: no exception\n");
  } catch (const runtime_exception &E) {
    std::printf("tile too large: runtime_exception: %s\n", E.what());
  }
  std::printf("errors: done\n");
  return 0;
}
