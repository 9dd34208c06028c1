// Overloaded operators on a user struct: member binary and unary operators
// (const members take a copy of the object), a compound assignment returning
// *this (a pointer to the object), a subscript returning a reference into the
// object, a comparison, and a free operator. Every use becomes a call to a
// function named after the operator; references come back as pointers and
// are dereferenced at the call site.
// RUN: %ampcc -emit-opencl %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
#include <amp.h>
using namespace concurrency;

struct Vec2 {
  float x, y;
  Vec2(float x_, float y_) restrict(amp) : x(x_), y(y_) {}
  Vec2 operator+(const Vec2 &o) const restrict(amp) { return Vec2(x + o.x, y + o.y); }
  Vec2 operator-() const restrict(amp) { return Vec2(-x, -y); }
  Vec2 &operator+=(const Vec2 &o) restrict(amp) {
    x += o.x;
    y += o.y;
    return *this;
  }
  float &operator[](int i) restrict(amp) {
    if (i == 0)
      return x;
    return y;
  }
  bool operator==(const Vec2 &o) const restrict(amp) { return x == o.x && y == o.y; }
};

Vec2 operator*(float s, const Vec2 &v) restrict(amp) { return Vec2(s * v.x, s * v.y); }

void run(array_view<float, 2> data) {
  parallel_for_each(extent<1>(data.extent[0]), [=](index<1> idx) restrict(amp) {
    Vec2 a(data(idx[0], 0), data(idx[0], 1));
    Vec2 b = a + 2.0f * a;
    b += -a;
    b[1] = b[0];
    if (!(b == a))
      (b += a) += a;
    data(idx[0], 0) = b.x;
    data(idx[0], 1) = b[1];
  });
}

// CHECK-DAG: Vec2 Vec2_ctor(float x_, float y_) {
// CHECK-DAG: Vec2 [[MUL:operator_mul[A-Za-z0-9_]*]](float s, Vec2 v) {
// CHECK-DAG: Vec2 [[PLUS:Vec2_operator_plus[A-Za-z0-9_]*]](Vec2 _self, Vec2 o) {
// CHECK-DAG: Vec2 [[NEG:Vec2_operator_minus[A-Za-z0-9_]*]](Vec2 _self) {
// CHECK-DAG: __private Vec2 *[[ADDASSIGN:Vec2_operator_add_assign[A-Za-z0-9_]*]](__private Vec2 *_this, Vec2 o) {
// CHECK-DAG: __private float *[[SUBSCRIPT:Vec2_operator_subscript[A-Za-z0-9_]*]](__private Vec2 *_this, int i) {
// CHECK-DAG: bool [[EQ:Vec2_operator_eq[A-Za-z0-9_]*]](Vec2 _self, Vec2 o) {
// CHECK-LABEL: {{^}}__kernel {{.*}}void run_kernel(
// CHECK: Vec2 a = Vec2_ctor(
// CHECK: Vec2 b = [[PLUS]](a, [[MUL]](2.0f, a));
// CHECK: [[ADDASSIGN]](&(b), [[NEG]](a));
// CHECK: (*[[SUBSCRIPT]](&(b), 1)) = (*[[SUBSCRIPT]](&(b), 0));
// CHECK: if (!([[EQ]](b, a)))
// CHECK: [[ADDASSIGN]]([[ADDASSIGN]](&(b), a), a);
// CHECK: = b.x;
// CHECK: = (*[[SUBSCRIPT]](&(b), 1));
