// Host-side projections and sections of array_view: offsets, extents and
// the elements they show.
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: PASS 0
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;
int main() {
  std::vector<int> v(4 * 5 * 6);
  for (int i = 0; i < 120; ++i) v[i] = i;
  array_view<int, 3> a(4, 5, 6, v);
  int bad = 0;
  if (a[2][3][4] != 2 * 30 + 3 * 6 + 4) ++bad;
  array_view<int, 2> r = a[1];
  if (r(2, 5) != 30 + 12 + 5) ++bad;
  array_view<int, 3> s = a.section(index<3>(1, 1, 1), extent<3>(2, 2, 2));
  if (s(1, 1, 1) != 2 * 30 + 2 * 6 + 2) ++bad;
  if (s.extent[0] != 2) ++bad;
  array_view<int,3> s2 = a.section(index<3>(3, 4, 5));
  if (s2.extent.size() != 1 || s2(0,0,0) != 119) ++bad;
  printf("%s %d\n", bad ? "FAIL" : "PASS", bad);
}
