// A standard library class holding the user's classes and views, captured
// by a kernel (ampblas's dot captures a std::pair of two stride_views, each
// wrapping an array_view): the pair is checked through its members' own
// rules, not as a library class holding pointers, and the views inside it
// reach the kernel. A pair holding a pointer is still an error.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// RUN: %not %ampcc -DBAD -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=BAD %s
// CHECK: dot 0 mismatches, sum 6208
// BAD: error: 'std::pair<int *, int>' cannot be used in restrict(amp) code: it holds a pointer or a reference
#include <amp.h>
#include <cstdio>
#include <utility>
#include <vector>
using namespace concurrency;

template <typename View> class StrideView {
public:
  StrideView(const View &V, int Stride) restrict(cpu, amp) : Base(V), Stride(Stride) {}
  typename View::value_type &operator[](int I) const restrict(cpu, amp) {
    return Base[I * Stride];
  }

private:
  View Base;
  int Stride;
};

int main() {
  const int N = 64;
  std::vector<float> X(2 * N), Y(N), Out(N);
  for (int I = 0; I < 2 * N; ++I)
    X[I] = float(I);
  for (int I = 0; I < N; ++I)
    Y[I] = float(I % 4);
  array_view<float, 1> XV(2 * N, X), YV(N, Y), OV(N, Out);
  typedef StrideView<array_view<float, 1>> SV;
  std::pair<SV, SV> Args(SV(XV, 2), SV(YV, 1));
#ifdef BAD
  std::pair<int *, int> WithPointer(nullptr, 1);
#endif
  parallel_for_each(OV.extent, [=](index<1> I) restrict(amp) {
    OV[I] = Args.first[I[0]] * Args.second[I[0]];
#ifdef BAD
    OV[I] += WithPointer.second;
#endif
  });
  OV.synchronize();
  int Bad = 0;
  double Sum = 0;
  for (int I = 0; I < N; ++I) {
    Bad += Out[I] != float(2 * I) * float(I % 4);
    Sum += Out[I];
  }
  std::printf("dot %d mismatches, sum %g\n", Bad, Sum);
  return 0;
}
