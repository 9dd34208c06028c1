// The cpu half of restrict(cpu, amp) code resolves overloads among
// cpu-callable functions only, as Visual C++ does: here an amp-only
// constructor taking `const T &` is the better match (a non-template), but
// on the host the restrict(cpu, amp) constructor template is the one that
// can run, and it is chosen; in a kernel the amp-only one is. (The C++ AMP
// Algorithms Library's minmax has this shape.) Each constructor records
// which one ran, so a wrong choice shows in the output.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: host: 2 7 by the template
// CHECK: kernel: 0 mismatches, 64 by the amp-only constructor
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

template <typename T1, typename T2> struct Pair {
  T1 First;
  T2 Second;
  int Via; // 1: the amp-only constructor, 2: the template
  Pair(const T1 &A, const T2 &B) restrict(amp) : First(A), Second(B), Via(1) {}
  template <typename A, typename B>
  Pair(A &&X, B &&Y) restrict(cpu, amp) : First(X), Second(Y), Via(2) {}
};

template <typename T> Pair<const T, const T> minmax(const T &A, const T &B) restrict(cpu, amp) {
  return A < B ? Pair<const T, const T>(A, B) : Pair<const T, const T>(B, A);
}

int main() {
  Pair<const int, const int> H = minmax(7, 2);
  std::printf("host: %d %d %s\n", H.First, H.Second,
              H.Via == 2 ? "by the template" : "by the amp-only constructor");

  const int N = 64;
  std::vector<int> Lo(N), Hi(N), Via(N);
  array_view<int, 1> L(N, Lo), U(N, Hi), W(N, Via);
  parallel_for_each(L.extent, [=](index<1> I) restrict(amp) {
    Pair<const int, const int> P = minmax(I[0], N - I[0]);
    L[I] = P.First;
    U[I] = P.Second;
    W[I] = P.Via;
  });
  L.synchronize();
  U.synchronize();
  W.synchronize();
  int Bad = 0, ByAmp = 0;
  for (int I = 0; I < N; ++I) {
    Bad += Lo[I] != (I < N - I ? I : N - I) || Hi[I] != (I < N - I ? N - I : I);
    ByAmp += Via[I] == 1;
  }
  std::printf("kernel: %d mismatches, %d by the amp-only constructor\n", Bad, ByAmp);
  return 0;
}
