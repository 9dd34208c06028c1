// switch (with fall-through and default), do/while with break and continue,
// the ternary operator and every compound assignment are printed as the
// same C constructs; a ternary condition that is not bool is compared with
// zero, and mixed-type compound assignments get explicit conversions of the
// right-hand side, as in C++.
// RUN: %ampcc -emit-opencl %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
#include <amp.h>
using namespace concurrency;

int classify(int v) restrict(amp) {
  int r = 0;
  switch (v & 7) {
  case 0:
    r = 10;
    break;
  case 1:
  case 2:
    r = 20;
    break;
  case 3:
    r = 30;
  case 4:
    r += 5;
    break;
  default:
    r = -1;
  }
  return r;
}

void collatz(array_view<int, 1> data, array_view<float, 1> f) {
  parallel_for_each(data.extent, [=](index<1> idx) restrict(amp) {
    int v = data[idx];
    int steps = 0;
    do {
      v = (v & 1) ? 3 * v + 1 : v / 2;
      ++steps;
      if (steps == 50)
        continue;
      if (steps > 1000)
        break;
    } while (v != 1);
    int acc = classify(steps);
    acc += steps;
    acc -= 1;
    acc *= 3;
    acc /= 2;
    acc %= 1000;
    acc <<= 2;
    acc >>= 1;
    acc &= 0xFFFF;
    acc |= 0x10000;
    acc ^= 0x3;
    float g = f[idx];
    g += acc;
    unsigned u = 7;
    u -= acc;
    f[idx] = g * u;
    data[idx] = acc > 0 ? acc : -acc;
  });
}

// CHECK-LABEL: int classify(int v) {
// CHECK: switch (v & 7)
// CHECK: case 0:
// CHECK: r = 10;
// CHECK: break;
// CHECK: case 1:
// CHECK-NEXT: {{^#line 19 }}
// CHECK-NEXT: case 2:
// CHECK: case 3:
// CHECK: r = 30;
// CHECK-NOT: break;
// CHECK: case 4:
// CHECK: r += 5;
// CHECK: default:
// CHECK: r = -1;
// CHECK: return r;

// CHECK-LABEL: {{^}}__kernel {{.*}}void collatz_kernel(
// CHECK: do
// CHECK: v = ((v & 1) != 0) ? 3 * v + 1 : v / 2;
// CHECK: ++steps;
// CHECK: continue;
// CHECK: break;
// CHECK: while (v != 1);
// CHECK: int acc = classify(steps);
// CHECK: acc += steps;
// CHECK: acc -= 1;
// CHECK: acc *= 3;
// CHECK: acc /= 2;
// CHECK: acc %= 1000;
// CHECK: acc <<= 2;
// CHECK: acc >>= 1;
// CHECK: acc &= 65535;
// CHECK: acc |= 65536;
// CHECK: acc ^= 3;
// CHECK: g += (float)(acc);
// CHECK: uint u = (uint)(7);
// CHECK: u -= (uint)(acc);
// CHECK: = g * (float)(u);
// CHECK: (*ampcc_view_int_1_at_dom(data, idx)) = acc > 0 ? acc : -acc;
