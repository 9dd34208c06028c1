// A functor kernel: the functor class becomes an OpenCL struct holding its
// members (a view as data pointer plus shape, scalars as themselves); the
// __kernel rebuilds the struct from its arguments and runs operator()'s body
// inline with `this` pointing at it (so tile_static works in functors too).
// RUN: %ampcc -emit-opencl -fno-robust-buffer-access %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
#include <amp.h>
using namespace concurrency;

struct Scale {
  array_view<float, 2> Data;
  float Factor;
  int Offset;
  void operator()(index<2> Idx) const restrict(amp) {
    Data[Idx] = Data[Idx] * Factor + (float)Offset;
  }
};

void run(float *P, int R, int C) {
  Scale S{array_view<float, 2>(R, C, P), 2.5f, 7};
  parallel_for_each(S.Data.extent, S);
}

// CHECK: typedef struct Scale {
// CHECK-NEXT:   ampcc_view_float_2 Data;
// CHECK-NEXT:   float Factor;
// CHECK-NEXT:   int Offset;
// CHECK-NEXT: } Scale;
// CHECK: __kernel void [[KERNEL:[A-Za-z0-9_]+]](__global float *Data_data, ampcc_shape2 Data_shape, float Factor{{[A-Za-z0-9_]*}}, int Offset{{[A-Za-z0-9_]*}}, ampcc_domain2 _domain) {
// CHECK-NEXT: Scale _self;
// CHECK: Idx._M_base[0] = (int)get_global_id(1);
// CHECK-NEXT: Idx._M_base[1] = (int)get_global_id(0);
// CHECK-NEXT: {
// CHECK: (*ampcc_view_float_2_at((&_self)->Data, Idx)) = {{.*}}(&_self)->Factor
// CHECK: }
