// A conditional whose operands are lvalues is an lvalue in C++, and ampcc
// prints it as a selection between addresses. Two of its operands had
// none in C: a member of a temporary (`in.extent[1]`, whose clone returns a
// value: now a compound literal holds it) and, in nested conditionals that
// are only read (also under a qualification conversion), operands in
// different address spaces (a private value and a view's element: now
// read as values). OpenCL compilers rejected both
// ("cannot take the address of an rvalue", "pointers to non-overlapping
// address spaces"). Found by tools/randamp (seeds 1094, 1314).
// RUN: %ampcc -emit-opencl %s -o %t.cl
// RUN: %clcheck %t.cl
// RUN: %FileCheck --check-prefix=CL %s < %t.cl
// CL: (__private int){Concurrency_extent_3_operator_subscript_v(
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: 0 mismatches of 24
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  std::vector<int> out(24, 5), in(4 * 7 * 2, 0), ref(24);
  array_view<int, 2> o(4, 6, out);
  array_view<const int, 3> v(4, 7, 2, in);
  parallel_for_each(o.extent, [=](index<2> i) restrict(amp) {
    int local = i[1];
    // Read: nested conditionals, a private temporary beside a view.
    o[i] = i[0] ? (i[1] & 1 ? v.extent[1] : o[i]) : o[i];
    // The same under a qualification conversion (const int beside int).
    const int zero = 0;
    o[i] += (i[0] > 9 ? zero : (i[1] > 9 ? v.extent[1] : o[i])) - o[i];
    // Bound to a reference: the address of the temporary's member.
    const int &r = i[1] > 2 ? v.extent[2] : local;
    o[i] += r * 100;
  });
  o.synchronize();
  int bad = 0;
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 6; ++x)
      bad += out[y * 6 + x] != (y && (x & 1) ? 7 : 5) + (x > 2 ? 2 : x) * 100;
  std::printf("%d mismatches of 24\n", bad);
}
