// A kernel that faults on the device: NVIDIA's driver reports an illegal
// address as error -9999 or CL_OUT_OF_RESOURCES (what the H100 gave) at the
// next call on the queue, not at the launch.
// The exception names the kernel's source location (runtime/observation/InFlight.h).
// The bad write goes 2 GiB past a 64-byte buffer, with robust buffer access
// off (on by default, it would drop the write) and unchecked mode
// (-fsanitize=bounds would have skipped it and reported it instead). On a
// CPU device the same write would crash the process, so this runs on
// NVIDIA GPUs only (the device bundle of docs/gpu-testing.md).
// REQUIRES: nvidia-gpu
// RUN: %ampcc -fno-robust-buffer-access %s -o %t && %t | %FileCheck %s
// CHECK: runtime_exception {{-5|-9999}}: {{.*}}; the device reported a failure while running kernel at {{.*}}device-fault.cpp:[[#@LINE+13]]:3
// CHECK: PASS
#include <amp.h>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include <vector>
using namespace concurrency;

int main() {
  std::vector<int> Data(16, 0);
  array_view<int, 1> View(16, Data);
  const int Far = 1 << 29; // elements: 2 GiB past the buffer
  parallel_for_each(View.extent, [=](index<1> I) restrict(amp) {
    View[I + index<1>(Far)] = 1;
  });
  try {
    View.synchronize();
  } catch (const runtime_exception &E) {
    std::printf("runtime_exception %ld: %s\nPASS\n", long(E.get_error_code()), E.what());
    std::fflush(stdout);
    // The device's context is lost: leave without the views' destructors,
    // which would talk to it again.
    _exit(0);
  }
  std::printf("FAIL: no exception\n");
  return 1;
}
