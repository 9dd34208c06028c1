// Control flow inside a kernel: if/else chains, for with break/continue,
// while, do/while, switch with fallthrough and default, nested loops with an
// inner break, and the ternary operator. The same function runs on the CPU as
// the reference (restrict(cpu, amp)) and is also written out inline in the
// kernel, so both the helper and the kernel body are compared.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: control-flow helper: 0 mismatches of 1000
// CHECK: control-flow inline: 0 mismatches of 1000
// CHECK-NOT: mismatch at
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int compute(int X) restrict(cpu, amp) {
  int R = 0;
  // if / else if / else
  if (X % 3 == 0)
    R += 1;
  else if (X % 3 == 1)
    R += 20;
  else
    R += 300;
  // for with continue and break
  for (int I = 0; I < 50; ++I) {
    if (I % 2 == 0)
      continue;
    if (I > X % 17)
      break;
    R += I;
  }
  // while
  int W = X;
  int Steps = 0;
  while (W > 1) {
    W = (W % 2 == 0) ? W / 2 : 3 * W + 1;
    ++Steps;
  }
  R += Steps * 1000;
  // do/while runs at least once
  int D = 0;
  do {
    D += 7;
  } while (D < X % 5);
  R += D * 100000;
  // switch with fallthrough and default
  switch (X % 6) {
  case 0:
    R += 1;
  case 1:
    R += 2;
    break;
  case 2:
  case 3:
    R -= 5;
    break;
  default:
    R *= 2;
  }
  // nested loops, the inner one left with break
  int Acc = 0;
  for (int I = 0; I < 4; ++I) {
    int J = 0;
    while (true) {
      if (J >= I + X % 3)
        break;
      Acc += I * J;
      ++J;
    }
  }
  R += Acc;
  return X % 2 ? R : -R;
}

int main() {
  const int N = 1000;
  std::vector<int> In(N), OutA(N, 0), OutB(N, 0), Ref(N);
  for (int I = 0; I < N; ++I) {
    In[I] = I + 1;
    Ref[I] = compute(In[I]);
  }
  array_view<const int, 1> InV(N, In);
  array_view<int, 1> AV(N, OutA), BV(N, OutB);
  parallel_for_each(AV.extent, [=](index<1> Idx) restrict(amp) {
    AV[Idx] = compute(InV[Idx]);
  });
  parallel_for_each(BV.extent, [=](index<1> Idx) restrict(amp) {
    int X = InV[Idx];
    int R = 0;
    if (X % 3 == 0)
      R += 1;
    else if (X % 3 == 1)
      R += 20;
    else
      R += 300;
    for (int I = 0; I < 50; ++I) {
      if (I % 2 == 0)
        continue;
      if (I > X % 17)
        break;
      R += I;
    }
    int W = X;
    int Steps = 0;
    while (W > 1) {
      W = (W % 2 == 0) ? W / 2 : 3 * W + 1;
      ++Steps;
    }
    R += Steps * 1000;
    int D = 0;
    do {
      D += 7;
    } while (D < X % 5);
    R += D * 100000;
    switch (X % 6) {
    case 0:
      R += 1;
    case 1:
      R += 2;
      break;
    case 2:
    case 3:
      R -= 5;
      break;
    default:
      R *= 2;
    }
    int Acc = 0;
    for (int I = 0; I < 4; ++I) {
      int J = 0;
      while (true) {
        if (J >= I + X % 3)
          break;
        Acc += I * J;
        ++J;
      }
    }
    R += Acc;
    BV[Idx] = X % 2 ? R : -R;
  });
  AV.synchronize();
  BV.synchronize();
  int BadA = 0, BadB = 0;
  for (int I = 0; I < N; ++I) {
    if (OutA[I] != Ref[I] && BadA++ < 5)
      std::printf("mismatch at helper %d: %d vs %d\n", I, OutA[I], Ref[I]);
    if (OutB[I] != Ref[I] && BadB++ < 5)
      std::printf("mismatch at inline %d: %d vs %d\n", I, OutB[I], Ref[I]);
  }
  std::printf("control-flow helper: %d mismatches of %d\n", BadA, N);
  std::printf("control-flow inline: %d mismatches of %d\n", BadB, N);
  return BadA + BadB != 0;
}
