// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: 00110011 00001111
#include <amp.h>
#include <cstdio>
using namespace concurrency;
int select(bool flag) restrict(amp) { return flag ? 1 : 0; }
int main() {
  int a[8] = {0}, b[8] = {0};
  array_view<int, 1> av(8, a), bv(8, b);
  parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
    av[idx] = select(idx[0] & 2);   // int -> bool argument
    int r = 0;
    if (idx[0] & 4)                 // int condition
      r = 1;
    bv[idx] = r;
  });
  for (int i = 0; i < 8; ++i) std::printf("%d", av[i]);
  std::printf(" ");
  for (int i = 0; i < 8; ++i) std::printf("%d", bv[i]);
  std::printf("\n");
}
