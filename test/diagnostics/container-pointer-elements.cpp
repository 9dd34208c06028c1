// array and array_view cannot hold pointers (host addresses mean nothing on
// an accelerator), also when the pointer type comes from reinterpret_as.
// RUN: %not %ampcc -fsyntax-only -DARRAY %s 2>&1 | %FileCheck %s --check-prefix=ARRAY
// RUN: %not %ampcc -fsyntax-only -DVIEW %s 2>&1 | %FileCheck %s --check-prefix=VIEW
// RUN: %not %ampcc -fsyntax-only -DREINTERPRET %s 2>&1 | %FileCheck %s --check-prefix=VIEW
// ARRAY: error: static assertion failed {{.*}}the element type of array cannot be a pointer
// VIEW: error: static assertion failed {{.*}}the element type of array_view cannot be a pointer
#include <amp.h>
#include <vector>
using namespace concurrency;

void f(std::vector<float *> &Ptrs) {
#ifdef ARRAY
  array<int *, 1> A(4);
#endif
#ifdef VIEW
  array_view<float *, 1> V(int(Ptrs.size()), Ptrs);
#endif
#ifdef REINTERPRET
  array<int, 1> Ints(4);
  array_view<int *, 1> R = Ints.reinterpret_as<int *>();
#endif
}
