// copy and copy_async into a const array are errors, as in Visual C++: the
// iterator overloads (copy to an output iterator) must not take the
// destination array by value instead. Copies to iterators and into
// non-const containers still compile.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error:
#include <amp.h>
#include <vector>
using namespace concurrency;

void copies(const array<int, 1> &Src, const array_view<const int, 1> &View,
            array<int, 1> &Dest, std::vector<int> &Host) {
  const array<int, 1> ConstDest(10);
  copy_async(Src, ConstDest).get();
  // CHECK: copy-const-destination.cpp:[[@LINE-1]]:3: error: no matching function for call to 'copy_async'
  copy(View, ConstDest);
  // CHECK: copy-const-destination.cpp:[[@LINE-1]]:3: error: no matching function for call to 'copy'
  copy(Src, Host.begin());
  copy(View, Dest);
  copy_async(Src, Dest).get();
  copy(Host.begin(), Host.end(), Dest);
  copy(Host.begin(), Dest);
}

int main() {}
