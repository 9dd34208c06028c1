// Unions as array_view elements and as members (named and anonymous) are
// printed as C unions; they were once printed as structs, which moved every
// member but the first (a silent wrong answer). Compared with a CPU
// reference that does the same bit manipulation.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: union elements: 0 mismatches of 64
// CHECK: anonymous union members: 0 mismatches of 64
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

union Bits {
  float F;
  unsigned U;
  int I;
};
struct Tagged {
  int Tag;
  union {
    int AsInt;
    float AsFloat;
  };
  Bits Inner;
};

int main() {
  const int N = 64;
  std::vector<Bits> B(N);
  std::vector<Tagged> T(N);
  for (int I = 0; I < N; ++I) {
    B[I].F = 0.75f * I - 10;
    T[I].Tag = I;
    T[I].AsFloat = 1.5f * I;
    T[I].Inner.I = I * 3;
  }
  std::vector<Bits> BRef = B;
  std::vector<Tagged> TRef = T;
  array_view<Bits, 1> BV(N, B);
  array_view<Tagged, 1> TV(N, T);
  parallel_for_each(BV.get_extent(), [=](index<1> I) restrict(amp) {
    Bits X = BV[I];
    X.U ^= 0x80000000u; // Flip the float's sign through the other member.
    BV[I] = X;
    TV[I].AsInt += 1;
    TV[I].Inner.F = (float)TV[I].Inner.I;
  });
  BV.synchronize();
  TV.synchronize();
  int BadB = 0, BadT = 0;
  for (int I = 0; I < N; ++I) {
    BRef[I].U ^= 0x80000000u;
    TRef[I].AsInt += 1;
    TRef[I].Inner.F = (float)TRef[I].Inner.I;
    BadB += B[I].U != BRef[I].U;
    BadT += T[I].Tag != TRef[I].Tag || T[I].AsInt != TRef[I].AsInt ||
            T[I].Inner.U != TRef[I].Inner.U;
  }
  std::printf("union elements: %d mismatches of %d\n", BadB, N);
  std::printf("anonymous union members: %d mismatches of %d\n", BadT, N);
  return BadB || BadT;
}
