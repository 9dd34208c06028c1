// A temporary with a destructor created in only one branch of ?: or in the
// right operand of && or || would need a flag to know whether to destroy
// it: ampcc reports it instead of destroying it wrongly.
// RUN: not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s
#include <amp.h>
using namespace concurrency;

struct Counter {
  array_view<int> C;
  Counter(const array_view<int> &C) restrict(cpu, amp) : C(C) {}
  ~Counter() restrict(cpu, amp) { C[0] += 1; }
  int get() const restrict(cpu, amp) { return C[0]; }
};

void kernels(array_view<int> c) {
  parallel_for_each(c.get_extent(), [=](index<1> i) restrict(amp) {
    // CHECK: conditional-temporary.cpp:[[@LINE+1]]:23: error: a temporary of type 'Counter' with a destructor, created only in one branch of a conditional operator, is not supported in restrict(amp) code by ampcc
    c[i] = i[0] > 2 ? Counter(c).get() : 0;
    // CHECK: conditional-temporary.cpp:[[@LINE+1]]:21: error: a temporary of type 'Counter' with a destructor, created only in the right operand of a logical operator, is not supported in restrict(amp) code by ampcc
    if (i[0] > 2 && Counter(c).get() > 1)
      c[i] = 1;
  });
}
