// Pointers to data members are offsets: Visual C++ accepts them in the
// signature of a restrict(cpu, amp) function, and so does ampcc's checker.
// Pointers to member functions stay errors (restrict-calls.cpp). A kernel
// that really dereferences one gets ampcc's clear "not supported" error,
// never wrong code.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error:
#include <amp.h>
#include <vector>

struct Pair {
  int A, B;
};
int pick(const int Pair::*) { return 0; }
int pick(int Pair::*) restrict(cpu, amp) { return 1; }

int hostChoice() {
  int Pair::*P = nullptr;
  return pick(P);
}

void kernel(std::vector<Pair> &V) {
  concurrency::array_view<Pair, 1> AV(int(V.size()), V);
  int Pair::*Member = &Pair::B;
  // CHECK: member-pointers.cpp:[[@LINE-1]]:14: error: type 'int Pair::*' is not supported in restrict(amp) code by ampcc
  concurrency::parallel_for_each(AV.get_extent(), [=](concurrency::index<1> I) restrict(amp) {
    AV[I].*Member = 1;
    // CHECK: member-pointers.cpp:[[@LINE-1]]:5: error: expression 'BinaryOperator' is not supported in restrict(amp) code by ampcc
  });
}
