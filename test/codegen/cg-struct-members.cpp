// A user struct with constructors and member functions used in a kernel:
// the struct becomes a C struct, each constructor a function returning the
// new object (initializers applied through _this), non-const members take a
// pointer to the object (cloned with a __global pointer when called on an
// array_view element), const members take a copy, and member functions
// calling each other pass the object on.
// RUN: %ampcc -emit-opencl -fno-robust-buffer-access %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %FileCheck --check-prefix=DECL %s < %t.cl
// RUN: %FileCheck --check-prefix=ADDG %s < %t.cl
// RUN: %clcheck %t.cl
#include <amp.h>
using namespace concurrency;

struct Accumulator {
  float total;
  int count;
  Accumulator() restrict(amp) : total(0), count(0) {}
  explicit Accumulator(float first) restrict(amp) : total(first), count(1) {}
  void add(float v) restrict(amp) {
    total += v;
    ++count;
  }
  void add_twice(float v) restrict(amp) {
    add(v);
    this->add(v);
  }
  float mean() const restrict(amp) { return count ? total / count : 0.0f; }
};

void row_means(array_view<const float, 2> in, array_view<float, 1> out,
               array_view<Accumulator, 1> accs) {
  parallel_for_each(out.extent, [=](index<1> idx) restrict(amp) {
    Accumulator acc;
    Accumulator first(in(idx[0], 0));
    for (int j = 1; j < in.extent[1]; ++j)
      acc.add(in(idx[0], j));
    accs[idx].add_twice(first.mean());
    out[idx] = acc.mean() + first.mean();
  });
}

// CHECK: typedef struct Accumulator {
// CHECK-NEXT: float total;
// CHECK-NEXT: int count;
// CHECK-NEXT: } Accumulator;

// CHECK-LABEL: Accumulator Accumulator_ctor(void) {
// CHECK-NEXT: Accumulator _self;
// CHECK-NEXT: Accumulator *_this = &_self;
// CHECK: _this->total = (float)(0);
// CHECK: _this->count = 0;
// CHECK: return _self;

// CHECK-LABEL: Accumulator Accumulator_ctor_1(float first) {
// CHECK: _this->total = first;
// CHECK: _this->count = 1;
// CHECK: return _self;

// DECL-DAG: void [[ADD_P:Accumulator_add[A-Za-z0-9_]*]](__private Accumulator *_this, float v) {
// DECL-DAG: void [[ADD_G:Accumulator_add[A-Za-z0-9_]*]](__global Accumulator *_this, float v) {
// DECL-DAG: float Accumulator_mean(Accumulator _self) {
// DECL-DAG: void [[TWICE:Accumulator_add_twice[A-Za-z0-9_]*]](__global Accumulator *_this, float v) {
// DECL-NOT: Accumulator *_this, float v) {
// DECL-LABEL: {{^}}__kernel {{.*}}void row_means_kernel(
// DECL: Accumulator acc = Accumulator_ctor();
// DECL: Accumulator first = Accumulator_ctor_1((*ampcc_view_cfloat_2_at2(in,
// DECL: [[ADD_P]](&(acc),
// DECL: [[TWICE]](ampcc_view_Accumulator_1_at(accs, idx), Accumulator_mean(first));
// DECL: = Accumulator_mean(acc) + Accumulator_mean(first);

// Callees are emitted first: the __global clone of add, then add_twice
// calling it on its own _this.
// ADDG: void [[ADD_G:Accumulator_add[A-Za-z0-9_]*]](__global Accumulator *_this, float v) {
// ADDG: void Accumulator_add_twice{{[A-Za-z0-9_]*}}(__global Accumulator *_this, float v) {
// ADDG: [[ADD_G]](_this, v);
// ADDG: [[ADD_G]](_this, v);
// ADDG-NEXT: }
