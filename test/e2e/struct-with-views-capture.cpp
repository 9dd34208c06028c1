// A class that holds array_views (const members, a nested class, a base
// class, an array of views) captured by value in a lambda, and the same as a
// functor's member. OpenCL kernel arguments cannot contain pointers, so the
// kernel takes such a value apart member by member; before, PoCL refused the
// program ("struct kernel parameters may not contain pointers"). Compared
// with a CPU reference.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// RUN: %ampcc -emit-opencl %s -o - | %FileCheck --check-prefix=CL %s
// CHECK: lambda: 0 mismatches of 64
// CHECK: functor: 0 mismatches of 64
// CL: __kernel void main_kernel(__global int *data_base0_Hits_data, ampcc_shape1 data_base0_Hits_shape, __global int *data_out_data, ampcc_shape1 data_out_shape, __global const float *data_in_data, ampcc_shape1 data_in_shape, int data_bias_arg, __global int *data_Pair_0_data, ampcc_shape1 data_Pair_0_shape,
// CL: data._base0.Hits.data = (__global int *)((ulong)data_base0_Hits_data + (ulong)(long)data_base0_Hits_shape.off * sizeof(*data_base0_Hits_data));
// CL: data.Pair[1].shape = data_Pair_1_shape;
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

struct Counters {
  array_view<int, 1> Hits;
};
struct Data : Counters {
  const array_view<int, 1> out;
  array_view<const float, 1> in;
  int bias;
  array_view<int, 1> Pair[2];
  Data(array_view<int, 1> O, array_view<const float, 1> I, int B,
       array_view<int, 1> H, array_view<int, 1> P0, array_view<int, 1> P1)
      : Counters{H}, out(O), in(I), bias(B), Pair{P0, P1} {}
};
struct Wrapper {
  Data D;
  float Scale;
};

struct Functor {
  Wrapper W;
  void operator()(index<1> I) const restrict(amp) {
    W.D.out[I] = int(W.D.in[I] * W.Scale) + W.D.bias;
    W.D.Pair[I[0] % 2][I[0] / 2] += 1;
    atomic_fetch_add(&W.D.Hits[0], 1);
  }
};

static int check(const std::vector<int> &Out, const std::vector<float> &In,
                 const std::vector<int> &P0, const std::vector<int> &P1,
                 int Hits, float Scale, int Bias, int Base) {
  int Bad = Hits != 64;
  for (int I = 0; I < 64; ++I)
    Bad += Out[I] != int(In[I] * Scale) + Bias;
  for (int I = 0; I < 32; ++I)
    Bad += P0[I] != Base + 1 || P1[I] != Base + 1;
  return Bad;
}

int main() {
  std::vector<float> In(64);
  for (int I = 0; I < 64; ++I)
    In[I] = float(I) * 0.5f;
  std::vector<int> Out(64, 0), P0(32, 10), P1(32, 10), Hits(1, 0);
  array_view<const float, 1> InV(64, In);
  array_view<int, 1> OutV(64, Out), P0V(32, P0), P1V(32, P1), HitsV(1, Hits);
  Data data(OutV, InV, 7, HitsV, P0V, P1V);
  Wrapper wrap{data, 3.0f};
  parallel_for_each(OutV.extent, [=](index<1> I) restrict(amp) {
    data.out[I] = int(data.in[I] * wrap.Scale) + data.bias;
    wrap.D.Pair[I[0] % 2][I[0] / 2] += 1;
    atomic_fetch_add(&data.Hits[0], 1);
  });
  OutV.synchronize(); P0V.synchronize(); P1V.synchronize(); HitsV.synchronize();
  std::printf("lambda: %d mismatches of 64\n", check(Out, In, P0, P1, Hits[0], 3.0f, 7, 10));

  Hits[0] = 0;
  HitsV.refresh();
  Functor F{Wrapper{Data(OutV, InV, -2, HitsV, P0V, P1V), 2.0f}};
  parallel_for_each(OutV.extent, F);
  OutV.synchronize(); P0V.synchronize(); P1V.synchronize(); HitsV.synchronize();
  std::printf("functor: %d mismatches of 64\n", check(Out, In, P0, P1, Hits[0], 2.0f, -2, 11));
}
