// A local array of a class whose default constructor takes arguments that
// all have defaults (ampblas's complex: `complex(const T &re = T(), const T
// &im = T())`, register blocks `complex<float> c_reg[2][3]`): every element
// is constructed with the default arguments, in a kernel and in a function
// template it calls.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: blocks: 0 mismatches
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

template <typename T> class Complex {
public:
  explicit Complex(const T &Re = T(), const T &Im = T(1)) restrict(cpu, amp)
      : Re(Re), Im(Im) {}
  T Re, Im;
};

template <int M, int N> float block(int Seed) restrict(amp) {
  Complex<float> Reg[M][N];
  float S = 0;
  for (int A = 0; A < M; ++A)
    for (int B = 0; B < N; ++B) {
      S += Reg[A][B].Re + Reg[A][B].Im; // 0 + 1 each, as constructed
      Reg[A][B] = Complex<float>(float(Seed + A), float(B));
    }
  for (int A = 0; A < M; ++A)
    for (int B = 0; B < N; ++B)
      S += Reg[A][B].Re * Reg[A][B].Im;
  return S;
}

int main() {
  const int Count = 32;
  std::vector<float> Out(Count);
  array_view<float, 1> OV(Count, Out);
  parallel_for_each(OV.extent, [=](index<1> I) restrict(amp) {
    Complex<float> Row[4];
    OV[I] = block<2, 3>(I[0]) + Row[3].Im + Row[0].Re;
  });
  OV.synchronize();
  int Bad = 0;
  for (int I = 0; I < Count; ++I) {
    float Want = 6 + 1; // six elements of 0 + 1, and Row[3].Im
    for (int A = 0; A < 2; ++A)
      for (int B = 0; B < 3; ++B)
        Want += float(I + A) * float(B);
    Bad += Out[I] != Want;
  }
  std::printf("blocks: %d mismatches\n", Bad);
  return 0;
}
