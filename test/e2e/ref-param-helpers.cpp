// restrict(amp) helper functions with reference parameters: called with a
// private local (the caller's variable changes), with array_view elements
// (global memory is updated in place), and through a helper that forwards
// its reference to another reference-taking helper. Compared with a CPU
// reference.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: ref-params: 0 mismatches of 640
// CHECK-NOT: mismatch at
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

void addTo(int &X, int V) restrict(amp) { X += V; }
void swapInts(int &A, int &B) restrict(amp) {
  int T = A;
  A = B;
  B = T;
}
void addTwice(int &X, int V) restrict(amp) {
  addTo(X, V);
  addTo(X, V);
}
int readThrough(const int &X) restrict(amp) { return X * 2; }

int main() {
  const int N = 640;
  std::vector<int> A(N), B(N), C(N, 0);
  std::vector<int> RefA(N), RefB(N), RefC(N);
  for (int I = 0; I < N; ++I) {
    A[I] = I;
    B[I] = -I * 3;
  }
  for (int I = 0; I < N; ++I) {
    int L = I % 7;
    L += 5;            // addTo(local)
    L += 2 * I;        // addTwice(local)
    // swapInts(A[i], B[i]), then addTo(A[i], L), addTwice(B[i], 1)
    RefA[I] = B[I] + L;
    RefB[I] = A[I] + 2;
    RefC[I] = L * 2 + (A[I] * 2);
  }
  array_view<int, 1> AV(N, A), BV(N, B), CV(N, C);
  parallel_for_each(AV.extent, [=](index<1> Idx) restrict(amp) {
    int L = Idx[0] % 7;
    addTo(L, 5);
    addTwice(L, Idx[0]);
    int OldA = AV[Idx];
    swapInts(AV[Idx], BV[Idx]);
    addTo(AV[Idx], L);
    addTwice(BV(Idx), 1);
    CV[Idx] = readThrough(L) + readThrough(OldA);
  });
  AV.synchronize();
  BV.synchronize();
  CV.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    if ((A[I] != RefA[I] || B[I] != RefB[I] || C[I] != RefC[I]) && Bad++ < 5)
      std::printf("mismatch at %d: %d %d %d vs %d %d %d\n", I, A[I], B[I],
                  C[I], RefA[I], RefB[I], RefC[I]);
  std::printf("ref-params: %d mismatches of %d\n", Bad, N);
  return Bad != 0;
}
