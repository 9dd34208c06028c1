// Loops stepping by a stride known only at run time, printed with their
// trip count first (codegen/strided-loops.cpp), run as many times as
// written: starts below and above the bound, negative starts, bounds near
// INT_MAX, ranges wider than INT_MAX, strides larger than the range, a
// continue and a break, a bound changed through a pointer, and a
// grid-stride sum (no counter overflows: that
// would be undefined in C++ as in the loop); each
// work-item's result checked against the same loops on the CPU.
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: 0 mismatches of 4096
#include <amp.h>
#include <climits>
#include <cstdio>
#include <vector>
using namespace concurrency;

// Which loop the work-item counts, from its index: start, bound, stride.
static void params(int W, int &From, int &Bound, int &Stride) restrict(cpu, amp) {
  int Kind = W % 8;
  Stride = 1 + (W / 8) % 37;
  From = (W / 8) % 101 - 50;
  Bound = 60 - (W / 16) % 23;
  if (Kind == 1)
    Bound = From - 1; // no iteration
  if (Kind == 2) {
    Bound = INT_MAX - 80; // the last step, at most 2 * 37, stays an int
    From = Bound - 1 - (W / 8) % 200;
  }
  if (Kind == 6) { // about 4e9 apart: wider than an int
    From = -2000000000 + W;
    Bound = 2000000000;
    Stride = 50000000 + W;
  }
  if (Kind == 3)
    Stride += 1000; // one iteration, or none
  if (Kind == 4)
    From = -From * 1000;
}

static int count(int W) restrict(cpu, amp) {
  int From, Bound, Stride;
  params(W, From, Bound, Stride);
  int Sum = 0;
  for (int I = From; I < Bound; I += Stride) {
    if ((I & 7) == 3)
      continue;
    Sum += (I % 13) + 1;
    if (W % 8 == 5 && Sum > 40)
      break;
  }
  for (int J = From; Bound > J; J += Stride * 2)
    Sum ^= J;
  // The bound changes through a pointer taken before the loop: counted
  // first, this loop would run too often.
  int Limit = Bound;
  int *L = &Limit;
  for (int K = From; K < Limit; K += Stride)
    *L -= Stride;
  return Sum + (Limit & 1023);
}

int main() {
  const int N = 4096;
  std::vector<int> Data(N * 3), Out(N), Sums(N);
  for (int I = 0; I < N * 3; ++I)
    Data[I] = (I * 7919) % 1000;
  array_view<const int, 1> In(N * 3, Data);
  array_view<int, 1> O(N, Out), S(N, Sums);
  int Stride = N;
  parallel_for_each(O.extent, [=](index<1> Idx) restrict(amp) {
    O[Idx] = count(Idx[0]);
    int Sum = 0;
    for (int I = Idx[0]; I < In.extent[0]; I += Stride)
      Sum += In[I];
    S[Idx] = Sum;
  });
  int Bad = 0;
  for (int W = 0; W < N; ++W) {
    int Want = 0;
    for (int I = W; I < N * 3; I += Stride)
      Want += Data[I];
    if (O[W] != count(W) || S[W] != Want)
      if (++Bad < 5)
        std::printf("work-item %d: %d %d, expected %d %d\n", W, O[W], S[W], count(W), Want);
  }
  std::printf("%d mismatches of %d\n", Bad, N);
  return Bad != 0;
}
