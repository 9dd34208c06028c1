// Visual C++'s <amp.h> includes <ppltasks.h>, which includes <ppl.h>: C++ AMP
// programs use parallel_for, critical_section, PPL's parallel_for_each over
// iterators and tasks after <amp.h> alone, beside C++ AMP's
// parallel_for_each(extent, kernel). Under -std=c++14 ampcc's <amp.h>
// includes <ppl.h> only (its tasks need C++17). With -fno-ms-headers
// <amp.h> does not include PPL: the names are undeclared; so with
// -DAMPCC_NO_PPL_IN_AMP_H (the rest stays on). A program that
// uses no PPL does not depend on libtbb (the driver links it --as-needed).
// REQUIRES: opencl
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// RUN: %FileCheck --allow-empty --check-prefix=QUIET %s < %t.err
// RUN: %ampcc -std=c++14 %s -o %t.14 && %t.14 | %FileCheck --check-prefix=CXX14 %s
// RUN: %ampcc -DNO_PPL %s -o %t.noppl && %t.noppl | %FileCheck --check-prefix=NOPPL %s
// RUN: ldd %t.noppl | %FileCheck --check-prefix=LDD %s
// RUN: %not %ampcc -fno-ms-headers %s -fsyntax-only 2>&1 | %FileCheck --check-prefix=OFF %s
// RUN: %not %ampcc -DAMPCC_NO_PPL_IN_AMP_H %s -fsyntax-only 2>&1 | %FileCheck --check-prefix=OFF %s
// QUIET-NOT: {{warning|error}}
// CHECK: parallel_for under critical_section: 4950
// CHECK: PPL parallel_for_each: 0 wrong
// CHECK: task: 42
// CHECK: kernel: 0 wrong
// CXX14: parallel_for under critical_section: 4950
// CXX14: PPL parallel_for_each: 0 wrong
// CXX14-NOT: task:
// CXX14: kernel: 0 wrong
// NOPPL: kernel: 0 wrong
// LDD-NOT: libtbb
// OFF: error: unknown type name 'critical_section'
// OFF: error: use of undeclared identifier 'parallel_for'
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

static int kernel() {
  std::vector<int> V(64);
  array_view<int, 1> A(64, V);
  parallel_for_each(A.extent, [=](index<1> I) restrict(amp) { A[I] = I[0] * 2; });
  A.synchronize();
  int Wrong = 0;
  for (int I = 0; I < 64; ++I)
    Wrong += V[I] != I * 2;
  return Wrong;
}

int main() {
#ifndef NO_PPL
  critical_section Lock;
  int Sum = 0;
  parallel_for(0, 100, [&](int I) {
    critical_section::scoped_lock Hold(Lock);
    Sum += I;
  });
  std::printf("parallel_for under critical_section: %d\n", Sum);

  std::vector<int> Items(1000, 1);
  parallel_for_each(Items.begin(), Items.end(), [](int &X) { X += 1; });
  int Wrong = 0;
  for (int X : Items)
    Wrong += X != 2;
  std::printf("PPL parallel_for_each: %d wrong\n", Wrong);

#if __cplusplus >= 201703L
  task<int> T = create_task([] { return 40; }).then([](int X) { return X + 2; });
  std::printf("task: %d\n", T.get());
#endif
#endif
  std::printf("kernel: %d wrong\n", kernel());
  return 0;
}
