// The program's memory behind an array_view is registered for DMA with the
// CUDA driver once its transfers have moved it four times its size (1 MiB
// and more), and unregistered when the last view of it goes; smaller views
// are never registered. Run on the tests' fake CUDA driver, which counts
// registrations (test/unit-runtime/FakeCuda.cpp); its kernels do nothing,
// so each launch only marks the view's bytes as changed on the device.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t
// RUN: env AMPCC_CUDA_LIBRARY=%fake_cuda AMPCC_BACKEND=cuda %t %fake_cuda | %FileCheck %s
#include <amp.h>
#include <cstdio>
#include <dlfcn.h>
#include <vector>
using namespace concurrency;

static int (*Registrations)() = nullptr;

/// Uploads and reads back V's memory Rounds times (a launch between).
static void moveRounds(array_view<float, 1> &V, int Rounds) {
  for (int R = 0; R < Rounds; ++R) {
    V.refresh(); // The host's bytes are newer: the next launch uploads them.
    parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] += 1.0f; });
    V.synchronize(); // Read back.
  }
}

int main(int, char **Argv) {
  // The runtime opens the driver when it first lists devices.
  std::printf("device %ls\n", accelerator().device_path.c_str());
  void *Lib = dlopen(Argv[1], RTLD_NOW | RTLD_NOLOAD);
  if (!Lib || !(Registrations = reinterpret_cast<int (*)()>(dlsym(Lib, "fakeCudaRegistrations")))) {
    std::printf("no fake driver\n");
    return 1;
  }
  {
    std::vector<float> Big(1 << 20); // 4 MiB
    array_view<float, 1> V(int(Big.size()), Big);
    moveRounds(V, 1);
    std::printf("after 1 round: %d\n", Registrations());
    moveRounds(V, 1);
    std::printf("after 2 rounds: %d\n", Registrations());
    {
      std::vector<float> Small(1 << 17); // 512 KiB
      array_view<float, 1> S(int(Small.size()), Small);
      moveRounds(S, 8);
      std::printf("small after 8 rounds: %d\n", Registrations());
    }
  }
  std::printf("after the view: %d\n", Registrations());
  return 0;
}

// CHECK: device cuda:0:0
// CHECK-NEXT: after 1 round: 0
// CHECK-NEXT: after 2 rounds: 1
// CHECK-NEXT: small after 8 rounds: 1
// CHECK-NEXT: after the view: 0
