// Host-side projections and sections of array_view: offsets, extents and
// the elements they show.
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK-NOT: FAILED
// CHECK: view-projection-section-host: {{[1-9][0-9]*}} checks, 0 failed
#include <amp.h>
#include <vector>
#include "Inputs/check.h"
using namespace concurrency;
int main() {
  std::vector<int> v(4 * 5 * 6);
  for (int i = 0; i < 120; ++i) v[i] = i;
  array_view<int, 3> a(4, 5, 6, v);
  CHECK_EQ(a[2][3][4], 2 * 30 + 3 * 6 + 4);
  array_view<int, 2> r = a[1];
  CHECK_EQ(r(2, 5), 30 + 12 + 5);
  CHECK_EQ(r.extent[0], 5);
  CHECK_EQ(r.extent[1], 6);
  array_view<int, 3> s = a.section(index<3>(1, 1, 1), extent<3>(2, 2, 2));
  CHECK_EQ(s(1, 1, 1), 2 * 30 + 2 * 6 + 2);
  CHECK_EQ(s.extent[0], 2);
  array_view<int, 3> s2 = a.section(index<3>(3, 4, 5));
  CHECK_EQ(s2.extent.size(), 1);
  CHECK_EQ(s2(0, 0, 0), 119);
  return checkSummary("view-projection-section-host");
}
