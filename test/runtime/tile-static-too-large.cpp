// tile_static storage larger than the device's local memory is refused
// before the launch with a runtime_exception naming the kernel and both
// sizes (PoCL would abort inside the enqueue), and the program goes on: the
// next launch runs. (On NVIDIA the program build fails first, with ptxas's
// own message: the test then stops after the exception.)
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: too large: runtime_exception: kernel at {{.*}}tile-static-too-large.cpp:{{[0-9]+}}:{{[0-9]+}}: its tile_static variables take 16777216 bytes, but {{.*}} has {{[0-9]+}} bytes of tile_static (local) memory per tile
// CHECK: afterwards: 0 mismatches of 256
#include <amp.h>
#include <cstdio>
#include <cstring>
#include <vector>
using namespace concurrency;

int main() {
  std::vector<int> V(256, 0);
  array_view<int, 1> AV(256, V);
  try {
    parallel_for_each(AV.extent.tile<256>(), [=](tiled_index<256> T) restrict(amp) {
      tile_static int Big[4 * 1024 * 1024]; // 16 MB
      Big[T.local[0]] = T.global[0];
      T.barrier.wait();
      AV[T.global] = Big[255 - T.local[0]];
    });
    AV.synchronize();
    std::printf("too large: no exception\n");
  } catch (const runtime_exception &E) {
    std::printf("too large: runtime_exception: %s\n", E.what());
    // NVIDIA's compiler refuses the whole program instead (ptxas: "uses too
    // much shared data"), and every kernel of this file shares it: nothing
    // more can run here on such a device.
    if (!std::strstr(E.what(), "tile_static variables take"))
      return 0;
  }
  parallel_for_each(AV.extent.tile<256>(), [=](tiled_index<256> T) restrict(amp) {
    tile_static int Small[256];
    Small[T.local[0]] = T.global[0];
    T.barrier.wait();
    AV[T.global] = Small[255 - T.local[0]];
  });
  AV.synchronize();
  int Bad = 0;
  for (int I = 0; I < 256; ++I)
    Bad += V[I] != 255 - I;
  std::printf("afterwards: %d mismatches of 256\n", Bad);
}
