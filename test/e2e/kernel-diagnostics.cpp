// direct3d_printf, direct3d_errorf and direct3d_abort (issue 29): printf
// from kernels reaches stdout; errorf prints, ends the thread and the next
// synchronizing call throws runtime_exception with the formatted message;
// abort ends the thread (the statements after it do not run) and throws
// Visual C++'s message. A launch after a throw runs normally again. The
// fences of spec §8.3 run in a tiled kernel.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t > %t.out 2>&1 && %FileCheck %s < %t.out
#include <amp.h>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>
using namespace concurrency;

static void expectThrow(const char *Case, const std::function<void()> &Sync) {
  try {
    Sync();
    std::printf("%s: no exception\n", Case);
  } catch (const runtime_exception &E) {
    std::printf("%s: runtime_exception: %s\n", Case, E.what());
  }
  std::fflush(stdout);
}

// A callee that aborts: its caller's statements after the call do not run.
static int checked(int X) restrict(amp) {
  if (X == 5)
    direct3d_errorf("value %d is bad (%f, %u, %s)\n", X, 0.5f, 7u, "text");
  return X * 10;
}

int main() {
  // printf: one line per thread, in any order; sorted by FileCheck's -DAG.
  {
    array_view<int, 1> V(4);
    parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
      float Half = I[0] * 0.5f;
      direct3d_printf("thread %d half %.1f\n", I[0], Half);
      V[I] = I[0];
    });
    V.synchronize();
    std::fflush(stdout);
    // CHECK-DAG: thread 0 half 0.0
    // CHECK-DAG: thread 1 half 0.5
    // CHECK-DAG: thread 2 half 1.0
    // CHECK-DAG: thread 3 half 1.5
  }
  std::printf("--- printf done\n");
  std::fflush(stdout); // Kernels print through their own stream.
  // CHECK: --- printf done

  // errorf in a callee: thread 5 prints, stops before its store, and the
  // synchronize throws the message.
  {
    std::vector<int> Out(8, -1);
    array_view<int, 1> V(8, Out);
    parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
      int R = checked(I[0]);
      V[I] = R;
    });
    expectThrow("errorf", [&] { V.synchronize(); });
    // CHECK: value 5 is bad (0.500000, 7, text)
    // CHECK: errorf: runtime_exception: value 5 is bad (0.500000, 7, text)
    std::printf("errorf data: %d %d %d\n", Out[4], Out[5], Out[6]);
    // The message keeps errorf's newline.
    // CHECK: errorf data: 40 -1 60
  }

  // abort: the thread's later statements do not run; others complete.
  {
    std::vector<int> Out(8, -1);
    array_view<int, 1> V(8, Out);
    parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
      if (I[0] == 2)
        direct3d_abort();
      V[I] = 1;
    });
    expectThrow("abort", [&] { V.synchronize(); });
    // CHECK: abort: runtime_exception: Reference Rasterizer: Shader abort instruction hit (direct3d_abort at {{.*}}kernel-diagnostics.cpp:[[@LINE-4]]:{{[0-9]+}})
    std::printf("abort data: %d %d %d\n", Out[1], Out[2], Out[3]);
    // CHECK-NEXT: abort data: 1 -1 1
  }

  // accelerator_view::wait reports too, and the next launch is clean.
  {
    array_view<int, 1> V(8);
    parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
      if (I[0] == 7)
        direct3d_abort();
      V[I] = 2;
    });
    expectThrow("wait", [&] { accelerator().default_view.wait(); });
    // CHECK: wait: runtime_exception: Reference Rasterizer
    parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = 3; });
    expectThrow("clean", [&] { V.synchronize(); });
    // CHECK: clean: no exception
  }

  // Fences in a tiled kernel: a neighbour's value through tile_static.
  {
    std::vector<int> Out(16, 0);
    array_view<int, 1> V(16, Out);
    parallel_for_each(V.extent.tile<8>(), [=](tiled_index<8> T) restrict(amp) {
      tile_static int S[8];
      S[T.local[0]] = T.global[0];
      tile_static_memory_fence(T.barrier);
      global_memory_fence(T.barrier);
      all_memory_fence(T.barrier);
      T.barrier.wait();
      V[T.global] = S[(T.local[0] + 1) % 8];
    });
    V.synchronize();
    std::printf("fences: %d %d %d\n", Out[0], Out[7], Out[15]);
    // CHECK: fences: 1 0 8
  }
  return 0;
}
