// reinterpret_as needs the view's bytes to be a whole number of new
// elements: otherwise runtime_exception (Visual C++ does the same), never a
// view that silently drops the remainder. A fitting reinterpretation still
// shares the data.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: 10 ints as 12-byte records: runtime_exception
// CHECK: 12 ints as 4 records: 4 elements, last record 9 10 11
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

struct Rgb {
  int R, G, B;
};

int main() {
  std::vector<int> Ten(10);
  array_view<int, 1> V10(10, Ten);
  try {
    array_view<Rgb, 1> Bad = V10.reinterpret_as<Rgb>();
    std::printf("10 ints as 12-byte records: no exception (%d elements)\n",
                Bad.get_extent()[0]);
  } catch (const runtime_exception &) {
    std::printf("10 ints as 12-byte records: runtime_exception\n");
  }
  array<int, 1> Twelve(12);
  parallel_for_each(Twelve.get_extent(), [&Twelve](index<1> I) restrict(amp) { Twelve[I] = I[0]; });
  array_view<Rgb, 1> Records = Twelve.reinterpret_as<Rgb>();
  Rgb Last = Records[3];
  std::printf("12 ints as 4 records: %d elements, last record %d %d %d\n",
              Records.get_extent()[0], Last.R, Last.G, Last.B);
  return 0;
}
