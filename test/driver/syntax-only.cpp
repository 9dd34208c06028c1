// -fsyntax-only checks host and kernel code without producing anything:
// good code succeeds silently (no output file even with -o); a host-side
// type error makes it fail with a `file:line:col: error:` message; so does
// an error in a restrict(amp) lambda body.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ampcc -fsyntax-only %s 2>&1 | %FileCheck --allow-empty --check-prefix=GOOD %s
// RUN: %ampcc -fsyntax-only %s -o %t.dir/out
// RUN: %not ls %t.dir/out
// RUN: %not %ampcc -fsyntax-only -DHOST_ERROR %s 2>&1 | %FileCheck --check-prefix=HOST %s
// RUN: %not %ampcc -fsyntax-only -DKERNEL_ERROR %s 2>&1 | %FileCheck --check-prefix=KERNEL %s
// GOOD-NOT: error
// GOOD-NOT: warning
#include <amp.h>
#include <vector>
using namespace concurrency;

int main() {
  std::vector<int> Data(10);
  array_view<int, 1> V(10, Data);
#ifdef HOST_ERROR
  int *P = V.extent; // host-side error
  // HOST: syntax-only.cpp:[[@LINE-1]]:8: error: {{.*}}
#endif
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
#ifdef KERNEL_ERROR
    V[I] = undeclaredName;
    // KERNEL: syntax-only.cpp:[[@LINE-1]]:12: error: use of undeclared identifier 'undeclaredName'
#endif
    V[I] = I[0];
  });
  return 0;
}
