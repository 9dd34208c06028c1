// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: 77 77 67 67
#include <amp.h>
#include <cstdio>
using namespace concurrency;
int &pick(int &a, int &b, bool first) restrict(amp) { return first ? a : b; }
int main() {
  int out[4] = {0};
  array_view<int, 1> av(4, out);
  parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
    int a = 1, b = 2;
    pick(a, b, idx[0] < 2) = 7;     // a reference returned from ?:
    (idx[0] < 2 ? b : a) += 5;      // ?: as an assignable lvalue
    av[idx] = a * 10 + b;
  });
  av.synchronize();
  std::printf("%d %d %d %d\n", out[0], out[1], out[2], out[3]);
}
