// Functor kernels: a class with array_view and scalar members and a
// `void operator()(index<N>) const restrict(amp)`, launched by value, in
// rank 1 and rank 2; the functor also calls one of its own restrict(amp)
// member functions. Compared with a CPU reference.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: functor rank-1: 0 mismatches of 333
// CHECK: functor rank-2: 0 mismatches of 221
// CHECK-NOT: mismatch at
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

class Axpb {
public:
  Axpb(array_view<const float, 1> X, array_view<float, 1> Y, float A, int B)
      : X(X), Y(Y), A(A), B(B) {}
  void operator()(index<1> I) const restrict(amp) { Y[I] = scale(X[I]) + B; }

private:
  float scale(float V) const restrict(amp) { return A * V; }
  array_view<const float, 1> X;
  array_view<float, 1> Y;
  float A;
  int B;
};

struct Transpose {
  array_view<const int, 2> In;   // rows x cols
  array_view<int, 2> Out;        // cols x rows
  int Bias;
  void operator()(index<2> Idx) const restrict(amp) {
    Out[Idx] = In(Idx[1], Idx[0]) * 10 + Bias;
  }
};

int main() {
  const int N = 333;
  std::vector<float> X(N), Y(N);
  for (int I = 0; I < N; ++I) {
    X[I] = I * 0.5f;
    Y[I] = 0.0f;
  }
  array_view<const float, 1> XV(N, X);
  array_view<float, 1> YV(N, Y);
  parallel_for_each(YV.extent, Axpb(XV, YV, 4.0f, -3));
  YV.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I) {
    float Ref = 4.0f * (I * 0.5f) + -3;
    if (Y[I] != Ref && Bad++ < 5)
      std::printf("mismatch at rank-1 %d: %f vs %f\n", I, Y[I], Ref);
  }
  std::printf("functor rank-1: %d mismatches of %d\n", Bad, N);

  const int R = 13, C = 17;
  std::vector<int> In(R * C), Out(C * R, 0);
  for (int I = 0; I < R * C; ++I)
    In[I] = I * 3 - 100;
  array_view<const int, 2> InV(R, C, In);
  array_view<int, 2> OutV(C, R, Out);
  Transpose T{InV, OutV, 7};
  parallel_for_each(OutV.extent, T);
  OutV.synchronize();
  int Bad2 = 0;
  for (int I = 0; I < C; ++I)
    for (int J = 0; J < R; ++J) {
      int Ref = In[J * C + I] * 10 + 7;
      if (Out[I * R + J] != Ref && Bad2++ < 5)
        std::printf("mismatch at rank-2 %d,%d: %d vs %d\n", I, J, Out[I * R + J], Ref);
    }
  std::printf("functor rank-2: %d mismatches of %d\n", Bad2, R * C);
  return Bad + Bad2 != 0;
}
