// The host backend's pool (HostLaunch.cpp): workers spin for a millisecond
// between launches, then sleep. Launches back to back (workers caught
// spinning), launches after a pause (workers woken from sleep), and two
// user threads launching at once (the second runs its launch alone) must
// each run every chunk exactly once. Every element counts how often it ran.
// RUN: %ampcc -fhost-kernels %s -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// CHECK: back to back: 0 wrong of 65536
// CHECK: after pauses: 0 wrong of 65536
// CHECK: two threads: 0 wrong of 65536
#include <amp.h>
#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>
using namespace concurrency;

static const int N = 65536;

// Adds one to every element, tiled (whole tiles a chunk) or untiled.
static void bump(array_view<int, 1> V, bool Tiled) {
  if (Tiled)
    parallel_for_each(V.extent.tile<64>(), [=](tiled_index<64> T) restrict(amp) {
      tile_static int S[64];
      S[T.local[0]] = 1;
      T.barrier.wait();
      V[T.global] += S[63 - T.local[0]];
    });
  else
    parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] += 1; });
}

static int check(const char *What, array_view<int, 1> V, int Want) {
  V.synchronize();
  int Wrong = 0;
  for (int I = 0; I < N; ++I)
    Wrong += V[I] != Want;
  std::printf("%s: %d wrong of %d\n", What, Wrong, N);
  return Wrong;
}

int main() {
  int Fails = 0;
  std::vector<int> A(N, 0), B(N, 0), C(N, 0);
  array_view<int, 1> AV(N, A), BV(N, B), CV(N, C);
  for (int I = 0; I < 400; ++I)
    bump(AV, I % 2);
  Fails += check("back to back", AV, 400);
  for (int I = 0; I < 12; ++I) {
    std::this_thread::sleep_for(std::chrono::milliseconds(3));
    bump(BV, I % 2);
    BV.synchronize();
  }
  Fails += check("after pauses", BV, 12);
  std::vector<int> D(N, 0);
  array_view<int, 1> DV(N, D);
  std::thread Other([&] {
    for (int I = 0; I < 200; ++I)
      bump(DV, I % 2);
    DV.synchronize();
  });
  for (int I = 0; I < 200; ++I)
    bump(CV, I % 2);
  Other.join();
  int WrongD = 0;
  for (int I = 0; I < N; ++I)
    WrongD += D[I] != 200;
  Fails += check("two threads", CV, 200) + WrongD;
  if (WrongD)
    std::printf("mismatch at the other thread's view: %d wrong\n", WrongD);
  return Fails != 0;
}
