// Views copied, converted to const views and assigned inside amp code, and
// captured by value in a lambda nested in the kernel.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: 7 7 7 7
#include <amp.h>
#include <cstdio>
using namespace concurrency;
int main() {
  int out[4] = {0}; int other[4] = {5,5,5,5};
  array_view<int, 1> data(4, out);
  array_view<const int, 1> od(4, other);
  parallel_for_each(data.extent, [=](index<1> idx) restrict(amp) {
    array_view<int, 1> a = data;
    array_view<const int, 1> c = a;
    c = od;
    a = data;
    a[idx] = c[idx] + 1;
    auto f = [data](int i) { data[i] += 1; };
    f(idx[0]);
  });
  data.synchronize();
  std::printf("%d %d %d %d\n", out[0], out[1], out[2], out[3]);
}
