// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: 2 2 2 2
#include <amp.h>
#include <cstdio>
using namespace concurrency;
void put(array_view<int, 1> v, int i, int x) restrict(amp) { v[i] = x; }
int main() {
  int out[4] = {0};
  array_view<int, 1> data(4, out);
  parallel_for_each(data.extent, [=](index<1> idx) restrict(amp) {
    array_view<int, 1> alias = data;   // copy of a view in amp code
    put(data, idx[0], 1);              // view passed by value to an amp function
    alias[idx] += 1;
  });
  data.synchronize();
  std::printf("%d %d %d %d\n", out[0], out[1], out[2], out[3]);
}
