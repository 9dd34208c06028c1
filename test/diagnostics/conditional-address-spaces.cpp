// A conditional whose operands are objects in different address spaces,
// used as an object (assigned, bound to a reference): OpenCL 1.2 has no
// pointer that can hold either, so ampcc says so at the conditional rather
// than hand the OpenCL compiler a selection between a __local and a
// __private pointer. Its value, read, is fine (no error on those lines),
// and so is a conditional between two objects of one space.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error:
#include <amp.h>
using namespace concurrency;

void f(array_view<int, 1> W) {
  parallel_for_each(extent<1>(64).tile<16>(), [=](tiled_index<16> T) restrict(amp) {
    tile_static int Shared[16];
    int L = T.local[0];
    int Mine = L;
    Shared[L] = L;
    T.barrier.wait();
    (W[T.global] != 0 ? Shared[L] : Mine) += 3;
    // CHECK: conditional-address-spaces.cpp:[[@LINE-1]]:23: error: the operands of this conditional operator are objects in tile_static and private memory: ampcc can read its value but not refer to the object it selects; assign or pass each operand in a branch of its own
    int &R = (L & 1) ? W[T.global] : Mine;
    // CHECK: conditional-address-spaces.cpp:[[@LINE-1]]:22: error: the operands of this conditional operator are objects in global and private memory
    R = 5;
    (L & 2 ? Shared[L] : Shared[15 - L]) = 1;
    W[T.global] = (L & 1 ? Shared[15 - L] : Mine) + Mine;
  });
}
