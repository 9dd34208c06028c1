// Names that clash only on Linux, resolved toward C++ AMP's as Visual C++
// would see them, with a warning: under `using namespace std;` and
// `using namespace concurrency;`, `array` also finds std::array and, with
// <cstring> included before <amp.h>, `index` glibc's index() (only with
// -fno-ms-headers: the Visual C++ machine's prelude includes <cstring>
// first, with glibc's index() renamed, as <amp.h> does). And a
// non-const reference bound to a temporary accelerator or accelerator_view
// (handles: the reference becomes a copy sharing the same device and queue).
// REQUIRES: opencl
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// RUN: %FileCheck --check-prefix=WARN --implicit-check-not="'index'" %s < %t.err
// RUN: %ampcc -fno-ms-headers %s -o %t.plain 2> %t.plain.err && %t.plain | %FileCheck %s
// RUN: %FileCheck --check-prefix=PLAIN %s < %t.plain.err
// WARN-NOT: error
// PLAIN-NOT: error
// CHECK: array: PASS
// CHECK-NEXT: index: PASS
// CHECK-NEXT: views: same accelerator, default view shared
#include <cstring>
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace std;
using namespace concurrency;

int main() {
  // WARN: vc-name-clashes-references.cpp:[[@LINE+1]]:3: warning: reference to 'array' is ambiguous
  array<int, 1> A(64);
  // PLAIN: vc-name-clashes-references.cpp:[[@LINE+1]]:36: warning: reference to 'index' is ambiguous
  parallel_for_each(A.extent, [&A](index<1> I) restrict(amp) { A[I] = I[0] * 3; });
  vector<int> Out(64);
  copy(A, Out.begin());
  int Bad = 0;
  for (int I = 0; I < 64; ++I)
    Bad += Out[I] != I * 3;
  printf("array: %s\n", Bad ? "FAIL" : "PASS");

  // PLAIN: vc-name-clashes-references.cpp:[[@LINE+1]]:3: warning: reference to 'index' is ambiguous
  index<2> Idx(3, 4);
  printf("index: %s\n", Idx[0] * 10 + Idx[1] == 34 && strlen("abc") == 3 ? "PASS" : "FAIL");

  // WARN: vc-name-clashes-references.cpp:[[@LINE+1]]:16: warning: non-const reference to 'accelerator' bound to a temporary, as Visual C++ allows; the variable holds a copy of the handle, which shares its device and queue
  accelerator &Acc = accelerator(accelerator::default_accelerator);
  // WARN: vc-name-clashes-references.cpp:[[@LINE+1]]:21: warning: non-const reference to 'accelerator_view' bound to a temporary
  accelerator_view &View = Acc.default_view;
  // WARN: vc-name-clashes-references.cpp:[[@LINE+1]]:21: warning: non-const reference to 'accelerator_view' bound to a temporary
  accelerator_view &Own = Acc.create_view();
  vector<int> Data(16, 1);
  array_view<int, 1> D(16, Data);
  parallel_for_each(Own, D.extent, [=](index<1> I) restrict(amp) { D[I] += 1; });
  parallel_for_each(View, D.extent, [=](index<1> I) restrict(amp) { D[I] *= 5; });
  D.synchronize();
  bool Ok = Data[15] == 10 && Own.accelerator == Acc && View == accelerator().default_view;
  printf("views: %s\n", Ok ? "same accelerator, default view shared" : "FAIL");
  return 0;
}
