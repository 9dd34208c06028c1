// Lambdas written and called inside a kernel: each closure type becomes a
// struct of its captures (an empty closure gets a placeholder member), the
// closure object is built with a compound literal, and each call becomes a
// call of the lowered operator(): const call operators take the closure by
// value, a mutable one takes a pointer so its state changes persist. Covers
// by-value captures ([=], [k], an init-capture), an explicit restrict(amp)
// lambda, a generic lambda instantiated for int and for float, a lambda
// passed to a lambda, and an immediately invoked lambda.
// RUN: %ampcc -emit-opencl %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
#include <amp.h>
using namespace concurrency;

void run(array_view<int, 1> data, int k) {
  parallel_for_each(data.extent, [=](index<1> idx) restrict(amp) {
    int acc = 0;
    auto scale = [=](int x) { return x * k + acc; };
    auto twice = [k](int x) restrict(amp) { return 2 * x + k; };
    auto mul = [](auto a, auto b) { return a * b; };
    for (int j = 0; j < 3; ++j)
      acc += scale(j);
    auto counter = [n = idx[0]]() mutable { return ++n; };
    int a = counter();
    int b = counter();
    auto apply = [](auto f, int x) { return f(x) + 1; };
    int c = apply([](int v) { return v * 3; }, a);
    data[idx] = acc + twice(idx[0]) + mul(idx[0], 2) + (int)mul(1.5f, 2.0f) + a + b + c +
                [](int z) { return z - 1; }(b);
  });
}

// CHECK: typedef struct [[SCALE:lambda[A-Za-z0-9_]*]] {
// CHECK-NEXT: int k;
// CHECK-NEXT: int acc;
// CHECK-NEXT: } [[SCALE]];
// CHECK: typedef struct [[TWICE:lambda[A-Za-z0-9_]*]] {
// CHECK-NEXT: int k;
// CHECK-NEXT: } [[TWICE]];
// CHECK: typedef struct [[MUL:lambda[A-Za-z0-9_]*]] {
// CHECK-NEXT: uchar _empty;
// CHECK-NEXT: } [[MUL]];
// CHECK: typedef struct [[COUNTER:lambda[A-Za-z0-9_]*]] {
// CHECK-NEXT: int n;
// CHECK-NEXT: } [[COUNTER]];

// CHECK-DAG: int [[SCALE]]_operator_call([[SCALE]] _self, int x) {
// CHECK-DAG: int [[TWICE]]_operator_call([[TWICE]] _self, int x) {
// CHECK-DAG: int [[MUL_INT:[A-Za-z0-9_]*]]([[MUL]] _self, int a, int b) {
// CHECK-DAG: float [[MUL_FLOAT:[A-Za-z0-9_]*]]([[MUL]] _self, float a, float b) {
// CHECK-DAG: int [[COUNTER]]_operator_call(__private [[COUNTER]] *_this) {
// CHECK-DAG: return ++_this->n;

// CHECK-LABEL: {{^}}__kernel {{.*}}void run_kernel(int k,
// CHECK: [[SCALE]] scale = ([[SCALE]]){k, acc};
// CHECK: [[TWICE]] twice = ([[TWICE]]){k};
// CHECK: [[MUL]] mul = ([[MUL]]){0};
// CHECK: acc += [[SCALE]]_operator_call(scale, j);
// CHECK: [[COUNTER]] counter = ([[COUNTER]]){
// CHECK: int a = [[COUNTER]]_operator_call(&(counter));
// CHECK: int b = [[COUNTER]]_operator_call(&(counter));
// CHECK: int c = [[APPLY:lambda[A-Za-z0-9_]*]]_operator_call(apply, ([[TIMES3:lambda[A-Za-z0-9_]*]]){0}, a);
// CHECK: [[TWICE]]_operator_call(twice, {{.*}}) + [[MUL_INT]](mul, {{.*}}, 2) + (int)([[MUL_FLOAT]](mul, 1.5f, 2.0f))
// CHECK-SAME: + a + b + c + [[IIFE:lambda[A-Za-z0-9_]*]]_operator_call(([[IIFE]]){0}, b);
