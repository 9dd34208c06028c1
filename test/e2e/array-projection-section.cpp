// concurrency::array captured by reference (iterator constructor, conversion
// to std::vector), projections (A[i][j], sec[i] as a rank-1 view) and
// sections inside kernels, and a struct element type (Particle).
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: PASS 0
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;
struct Particle { float x, y; int id; };
int main() {
  const int R = 8, C = 12;
  std::vector<float> init(R * C);
  for (int i = 0; i < R * C; ++i) init[i] = (float)i;
  array<float, 2> A(R, C, init.begin(), init.end());
  array<float, 2> B(extent<2>(R, C));
  parallel_for_each(A.extent, [&A, &B](index<2> i) restrict(amp) {
    B[i] = A[i] * 2.0f + A[i[0]][i[1]];
  });
  std::vector<float> out = B;
  int bad = 0;
  for (int i = 0; i < R * C; ++i) if (out[i] != 3.0f * i) ++bad;
  // projection + section in kernel
  std::vector<int> m(R * C, 0);
  array_view<int, 2> mv(R, C, m);
  array_view<int, 2> sec = mv.section(index<2>(2, 3), extent<2>(4, 5));
  parallel_for_each(sec.extent, [=](index<2> i) restrict(amp) {
    array_view<int, 1> row = sec[i[0]];
    row[i[1]] = 1 + i[0] * 10 + i[1];
  });
  for (int i = 0; i < R; ++i) for (int j = 0; j < C; ++j) {
    int e = (i >= 2 && i < 6 && j >= 3 && j < 8) ? 1 + (i - 2) * 10 + (j - 3) : 0;
    if (mv(i, j) != e) ++bad;
  }
  std::vector<Particle> ps(100);
  for (int i = 0; i < 100; ++i) ps[i] = {1.0f * i, 2.0f * i, i};
  array_view<Particle, 1> pv(100, ps);
  parallel_for_each(pv.extent, [=](index<1> i) restrict(amp) {
    Particle p = pv[i];
    p.x += p.y; p.id *= 2;
    pv[i] = p;
  });
  pv.synchronize();
  for (int i = 0; i < 100; ++i) if (ps[i].x != 3.0f * i || ps[i].id != 2 * i) ++bad;
  printf("%s %d\n", bad ? "FAIL" : "PASS", bad);
}
