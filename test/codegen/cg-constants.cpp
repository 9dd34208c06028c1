// Compile-time constants are folded to literals: namespace-scope
// `static const int` (also computed from another constant), constexpr,
// static const class members, enumerators of plain, anonymous and scoped
// enums (also as case labels), and non-type template arguments. No symbol
// is emitted for any of them; enum types become their underlying integer
// type.
// RUN: %ampcc -emit-opencl -fno-robust-buffer-access %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %FileCheck --check-prefix=NOSYM %s < %t.cl
// RUN: %clcheck %t.cl
#include <amp.h>
using namespace concurrency;

static const int TILE_SIZE = 16;
static const int SCALE = TILE_SIZE * 2 + 1;
constexpr int OFFSET = 3;
enum Color { Red, Green = 5, Blue };
enum class Mode : int { Add = 1, Mul = 4 };
struct Config {
  static const int Width = 7;
  enum { Height = 9 };
};

template <int Factor> int scaled(int v) restrict(amp) {
  return v * Factor + Config::Width;
}

int apply(Mode m, int a, int b) restrict(amp) {
  switch (m) {
  case Mode::Add:
    return a + b;
  case Mode::Mul:
    return a * b;
  }
  return 0;
}

void run(array_view<int, 1> data) {
  parallel_for_each(data.extent, [=](index<1> idx) restrict(amp) {
    Color c = (idx[0] & 1) ? Blue : Green;
    int v = data[idx] * SCALE + OFFSET;
    v += c == Blue ? TILE_SIZE : Config::Height;
    v = apply(v > 100 ? Mode::Mul : Mode::Add, v, scaled<TILE_SIZE>(c));
    data[idx] = v + (int)Mode::Mul;
  });
}

// CHECK-LABEL: int scaled(int v) {
// CHECK: return v * 16 + 7;
// CHECK-LABEL: int apply(int m, int a, int b) {
// CHECK: switch (m)
// CHECK: case 1:
// CHECK: case 4:
// CHECK-LABEL: {{^}}__kernel {{.*}}void run_kernel(
// CHECK: uint c = {{.*}} ? 6 : 5;
// CHECK: int v = (*ampcc_view_int_1_at(data, idx)) * 33 + 3;
// CHECK: v += (int)(c) == (int)(6) ? 16 : (int)(9);
// CHECK: v = apply(v > 100 ? 4 : 1, v, scaled((int)(c)));
// CHECK: = v + (int)(4);
// NOSYM-NOT: {{TILE_SIZE|SCALE|OFFSET|Green|Blue|Config|Width|Height|Mode}}
