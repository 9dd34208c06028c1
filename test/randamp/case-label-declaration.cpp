// C++ lets a declaration follow a case label; C99, and so OpenCL C, wants a
// statement there: PoCL's compiler rejected `default: double v7 = 2.0;`
// ("expected expression"), while the host backend's C compiler let it pass.
// ampcc prints an empty statement after such a label. Found by
// tools/randamp (seed 6).
// RUN: %ampcc -emit-opencl %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
#include <amp.h>
using namespace concurrency;

void kernel(array_view<int, 1> a) {
  parallel_for_each(a.extent, [=](index<1> i) restrict(amp) {
    int r = 0;
    switch (a[i] & 3) {
    case 0:
      int x;
      x = 7;
      r = x;
      break;
    case 1:
      r = 1;
      break;
    default:
      double v = 2.0;
      r += (int)v;
      break;
    }
    a[i] = r;
  });
}
// CHECK: case 0: ;
// CHECK: int x;
// CHECK: case 1:{{$}}
// CHECK: default: ;
// CHECK: double v = 2.0;
