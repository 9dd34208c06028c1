// The PTX compile unrolls loops partially up to LLVM's full threshold, not
// the quarter of it NVPTX's tuning gives: this loop over a tile's bodies
// is unrolled 32 times, 8 at the quarter (n-body's longer body was
// unrolled twice and ran at 0.94x nvcc on an H200; docs/performance.md).
// RUN: %ampcc -emit-ptx -fno-robust-buffer-access %s -o %t.ptx
// RUN: %FileCheck %s < %t.ptx
#include <amp.h>
#include <amp_math.h>
using namespace concurrency;

void forces(array_view<const float, 1> X, array_view<float, 1> F) {
  parallel_for_each(X.extent.tile<256>(), [=](tiled_index<256> T) restrict(amp) {
    tile_static float P[256];
    float Xi = X[T.global], Acc = 0.0f;
    P[T.local[0]] = Xi;
    T.barrier.wait();
    for (int J = 0; J < 256; ++J) {
      float D = P[J] - Xi;
      Acc += D * fast_math::rsqrtf(D * D + 0.01f);
    }
    F[T.global] = Acc;
  });
}

// CHECK-LABEL: .entry forces_kernel(
// CHECK-COUNT-16: rsqrt.approx.f32
