// An accelerator_view returned by value (array::get_accelerator_view(),
// get_associated_accelerator_view()) cannot be assigned to, as in Visual
// C++: the assignment would change a copy and nothing else. Assigning a
// variable still works.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error:
#include <amp.h>
using namespace concurrency;

void views(array<float, 1> &A) {
  accelerator Device;
  A.get_accelerator_view() = Device.get_default_view();
  // CHECK: accelerator-view-assign.cpp:[[@LINE-1]]:28: error: no viable overloaded '='
  accelerator_view V = A.get_accelerator_view();
  V = Device.get_default_view();
}

int main() {}
