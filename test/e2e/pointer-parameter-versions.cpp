// Pointer parameters given a pointer into another space. OpenCL 1.2 has no
// generic space, so such a parameter becomes another C variable from the
// assignment on, as a local pointer does. A `T *&&` parameter bound to a
// temporary pointer is that temporary, passed by value (nothing but the
// callee sees it): the conformance suite's RefToPointer/Normal/Test10. A
// `T *&&` bound to a named pointer still reaches the caller's pointer
// (test/e2e/reference-to-pointer.cpp). Compared with a CPU reference.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// RUN: %ampcc -emit-opencl %s -o - | %FileCheck --check-prefix=CL %s
// CHECK: pointer parameter versions: 0 mismatches of 64
// CL: bool retarget_gv(__private int *R, __global int *Q) {
// CL: __global int *R__1 = Q;
// CL: return (*R__1) == 2;
// CL: int sum_g(__private int *P, __global int *Q, int N) {
// CL: __global int *P__1 = Q;
// CL: bool retarget(__private int *__private *R, __private int *Q) {
// CL: (*R) = Q;
// CL: int R = retarget_gv(first(&(Init)), P2)
// CL: retarget(&(MineP), &(Other))
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

template <typename T> bool retarget(T *&&R, T *Q) restrict(amp) {
  R = Q;
  return *R == 2;
}
template <typename T> T *first(T &V) restrict(amp) { return &V; }

int sum(int *P, int *Q, int N) restrict(amp) {
  int S = *P;
  P = Q;
  for (int I = 0; I < N; ++I)
    S += P[I];
  return S;
}

int main() {
  std::vector<int> In(64), Out(64, -1);
  for (int I = 0; I < 64; ++I)
    In[I] = I % 3 == 0 ? 2 : I;
  array_view<int, 1> InV(64, In), OutV(64, Out);
  parallel_for_each(OutV.extent, [=](index<1> I) restrict(amp) {
    int *P2 = &InV[I];
    int Init = 1;
    // The temporary returned by first() is bound to R, then points at InV[i].
    int R = retarget<int>(first<int>(Init), P2) ? 1000 : 0;
    int L = 5;
    R += sum(&L, &InV[0], 4);
    // A named pointer bound to T *&&: the caller's pointer moves.
    int Other = 7, Mine = 0;
    int *MineP = &Mine;
    retarget<int>(static_cast<int *&&>(MineP), &Other);
    OutV[I] = R + *MineP + Init;
  });
  OutV.synchronize();
  int Bad = 0;
  for (int I = 0; I < 64; ++I) {
    int Expected = (In[I] == 2 ? 1000 : 0) + 5 + In[0] + In[1] + In[2] + In[3] + 7 + 1;
    Bad += Out[I] != Expected;
  }
  std::printf("pointer parameter versions: %d mismatches of 64\n", Bad);
}
