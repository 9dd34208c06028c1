// References to pointers in amp code: a local `int *&` bound to a pointer
// into an array_view, parameters `int *&` and `int *&&` that move the
// caller's pointer (global or private), each lowered to a pointer to the
// pointer that keeps both address spaces. Compared with a CPU reference.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// RUN: %ampcc -emit-opencl %s -o - | %FileCheck --check-prefix=CL %s
// CHECK: reference to pointer: 0 mismatches of 64
// CL: void advance(__global int *__private *P, int By) {
// CL: void advance_1(__private int *__private *P, int By) {
// CL: __global int *__private *RP = &(P);
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

void advance(int *&P, int By) restrict(amp) { P += By; }
void pick(int *&&R, int *Q) restrict(amp) { R = Q; }

int main() {
  std::vector<int> In(65), Out(64, -1);
  for (int I = 0; I < 65; ++I)
    In[I] = I * 2;
  array_view<const int, 1> InV(65, In);
  array_view<int, 1> OutV(64, Out);
  parallel_for_each(OutV.extent, [=](index<1> I) restrict(amp) {
    const int *Base = &InV[0];
    int *P = const_cast<int *>(Base);
    int *&RP = P;
    RP++;                // P now points at In[1]
    advance(RP, I[0]);   // and at In[1 + i]
    int Local = 5;
    int *LP = &Local;
    advance(LP, 0);
    int *Q = P;
    pick(static_cast<int *&&>(Q), P);
    OutV[I] = *Q + *LP;
  });
  OutV.synchronize();
  int Bad = 0;
  for (int I = 0; I < 64; ++I)
    Bad += Out[I] != (I + 1) * 2 + 5;
  std::printf("reference to pointer: %d mismatches of 64\n", Bad);
}
