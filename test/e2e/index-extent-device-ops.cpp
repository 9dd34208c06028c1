// index<N>/extent<N> operators evaluated inside a kernel: + - * / % with ints
// and with indices, int-on-the-left forms, compound assignment, pre/post
// ++/--, == and !=, extent::contains on and just past every border, and
// extent::size(). Each work item writes a fingerprint that the host recomputes
// with the same operators.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: device-index-ops: 0 mismatches of 132
// CHECK-NOT: mismatch at
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

const int R = 11, C = 12;

// Host reference written without the index/extent classes.
static int reference(int I, int J) {
  int F = 0;
  int A0 = I + 3, A1 = J + 3;                 // Idx + 3
  int B0 = A0 - I, B1 = A1 - J;               // A - Idx  (3, 3)
  F += A0 * 1 + A1 * 2 + B0 * 3 + B1 * 4;
  int M0 = I * 5, M1 = J * 5;                 // Idx * 5
  int Q0 = M0 / 2, Q1 = M1 / 2;               // M / 2
  int P0 = (I + 7) % 4, P1 = (J + 7) % 4;     // (Idx + 7) % 4
  F += Q0 * 5 + Q1 * 6 + P0 * 7 + P1 * 8;
  int L0 = 20 - I, L1 = 20 - J;               // 20 - Idx
  int K0 = 100 / (I + 1), K1 = 100 / (J + 1); // 100 / (Idx + 1)
  int N0 = 17 % (I + 1), N1 = 17 % (J + 1);   // 17 % (Idx + 1)
  F += L0 * 9 + L1 * 10 + K0 * 11 + K1 * 12 + N0 * 13 + N1 * 14;
  // compound: T = Idx; T += (1,2); T *= 3; T -= 4; T /= 2; T %= 5
  int T0 = ((((I + 1) * 3) - 4) / 2) % 5, T1 = ((((J + 2) * 3) - 4) / 2) % 5;
  F += T0 * 15 + T1 * 16;
  // ++/--: U = Idx; V = U++ (old); ++U; W = U-- (after two increments); --U
  F += (I + 0) * 17 + (J + 0) * 18 + (I + 2) * 19 + (J + 2) * 20 + I * 21 + J * 22;
  bool EqSelf = true;
  bool EqShift = false;
  bool NeShift = true;
  bool Corner = (I == 0 && J == 0);
  F += EqSelf * 1000 + EqShift * 2000 + NeShift * 4000 + Corner * 8000;
  // contains: Idx inside; Idx+(0,1) inside unless J == C-1; Idx-(1,0)
  // inside unless I == 0; (-1,J) never; (I, C) never.
  bool In0 = true, In1 = J + 1 < C, In2 = I - 1 >= 0;
  F += In0 * 16000 + In1 * 32000 + In2 * 64000;
  // extent ops: E = (R, C); E2 = E + 1; E3 = E2 - (1,1) index; E4 = E * 2
  F += (R + 1) * (C + 1) + R * C * 3 + (2 * R) * (2 * C) * 5;
  return F;
}

int main() {
  std::vector<int> Out(R * C, -1), Ref(R * C);
  for (int I = 0; I < R; ++I)
    for (int J = 0; J < C; ++J)
      Ref[I * C + J] = reference(I, J);
  array_view<int, 2> OutV(R, C, Out);
  extent<2> Dom(R, C);
  parallel_for_each(Dom, [=](index<2> Idx) restrict(amp) {
    int F = 0;
    index<2> A = Idx + 3;
    index<2> B = A - Idx;
    F += A[0] * 1 + A[1] * 2 + B[0] * 3 + B[1] * 4;
    index<2> M = Idx * 5;
    index<2> Q = M / 2;
    index<2> P = (Idx + 7) % 4;
    F += Q[0] * 5 + Q[1] * 6 + P[0] * 7 + P[1] * 8;
    index<2> One(1, 1);
    index<2> L = 20 - Idx;
    index<2> K = 100 / (Idx + One);
    index<2> N = 17 % (One + Idx);
    F += L[0] * 9 + L[1] * 10 + K[0] * 11 + K[1] * 12 + N[0] * 13 + N[1] * 14;
    index<2> T = Idx;
    T += index<2>(1, 2);
    T *= 3;
    T -= 4;
    T /= 2;
    T %= 5;
    F += T[0] * 15 + T[1] * 16;
    index<2> U = Idx;
    index<2> V = U++;
    ++U;
    index<2> W = U--;
    --U;
    F += V[0] * 17 + V[1] * 18 + W[0] * 19 + W[1] * 20 + U[0] * 21 + U[1] * 22;
    bool EqSelf = (U == Idx);
    bool EqShift = (Idx + 1 == Idx);
    bool NeShift = (Idx != Idx - 1);
    bool Corner = (Idx == index<2>());
    F += EqSelf * 1000 + EqShift * 2000 + NeShift * 4000 + Corner * 8000;
    extent<2> E = OutV.extent;
    bool In0 = E.contains(Idx);
    bool In1 = E.contains(Idx + index<2>(0, 1));
    bool In2 = E.contains(Idx - index<2>(1, 0));
    bool Out0 = E.contains(index<2>(-1, Idx[1]));
    bool Out1 = E.contains(index<2>(Idx[0], E[1]));
    F += In0 * 16000 + In1 * 32000 + In2 * 64000 + Out0 * 128000 + Out1 * 256000;
    extent<2> E2 = E + 1;
    extent<2> E3 = E2 - index<2>(1, 1);
    extent<2> E4 = E * 2;
    F += (int)E2.size() + (int)E3.size() * 3 + (int)E4.size() * 5;
    if (E3 != E || !(E3 == E))
      F = -1;
    OutV[Idx] = F;
  });
  OutV.synchronize();
  int Bad = 0;
  for (int I = 0; I < R * C; ++I)
    if (Out[I] != Ref[I] && Bad++ < 5)
      std::printf("mismatch at %d: %d vs %d\n", I, Out[I], Ref[I]);
  std::printf("device-index-ops: %d mismatches of %d\n", Bad, R * C);
  return Bad != 0;
}
