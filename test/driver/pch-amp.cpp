// <amp.h> comes from a precompiled header, built on first use under the
// compile's own arguments, loaded afterwards, built again when a file it
// was made from changes; -fno-pch-amp parses it as written.
// REQUIRES: opencl
// RUN: rm -rf %t.pch %t.inc && mkdir -p %t.inc
// RUN: echo '#define PCH_EXTRA 1' > %t.inc/extra.h
// RUN: env AMPCC_PCH_DIR=%t.pch %ampcc -v -O2 -include %t.inc/extra.h %s -o %t 2>&1 | %FileCheck --check-prefix=BUILT %s
// RUN: %t | %FileCheck --check-prefix=ONE %s
// RUN: env AMPCC_PCH_DIR=%t.pch %ampcc -v -O2 -include %t.inc/extra.h %s -o %t 2>&1 | %FileCheck --check-prefix=LOADED %s
// RUN: %t | %FileCheck --check-prefix=ONE %s
// A header that went into it changes: both passes build theirs again, and
// the program sees the new text.
// RUN: echo '#define PCH_EXTRA 22' > %t.inc/extra.h
// RUN: env AMPCC_PCH_DIR=%t.pch %ampcc -v -O2 -include %t.inc/extra.h %s -o %t 2>&1 | %FileCheck --check-prefix=BUILT %s
// RUN: %t | %FileCheck --check-prefix=TWO %s
// RUN: env AMPCC_PCH_DIR=%t.pch %ampcc -v -O2 -fno-pch-amp -include %t.inc/extra.h %s -o %t 2>&1 | %FileCheck --check-prefix=NONE %s
// RUN: %t | %FileCheck --check-prefix=TWO %s
// C++20 and later parse <amp.h> as written (Clang 19 misreads <amp.h>'s
// restriction overloads from a header in C++20: PrecompiledHeaders.h).
// RUN: env AMPCC_PCH_DIR=%t.pch %ampcc -v -std=c++20 -O2 -include %t.inc/extra.h %s -o %t 2>&1 | %FileCheck --check-prefix=NONE %s
// RUN: %t | %FileCheck --check-prefix=TWO %s
// Another optimisation level is another header.
// RUN: env AMPCC_PCH_DIR=%t.pch %ampcc -v -O0 -include %t.inc/extra.h %s -o %t 2>&1 | %FileCheck --check-prefix=HOSTBUILT %s
// BUILT: ampcc: precompiled <amp.h>: {{.*}}host-{{[0-9a-f]+}}.pch (built)
// BUILT: ampcc: precompiled <amp.h>: {{.*}}device-{{[0-9a-f]+}}.pch (built)
// LOADED-NOT: (built)
// LOADED: ampcc: precompiled <amp.h>: {{.*}}host-{{[0-9a-f]+}}.pch{{$}}
// LOADED: ampcc: precompiled <amp.h>: {{.*}}device-{{[0-9a-f]+}}.pch{{$}}
// NONE-NOT: precompiled <amp.h>
// NONE-NOT: -include-pch
// HOSTBUILT: ampcc: precompiled <amp.h>: {{.*}}host-{{[0-9a-f]+}}.pch (built)
// HOSTBUILT: ampcc: precompiled <amp.h>: {{.*}}device-{{[0-9a-f]+}}.pch{{$}}
// ONE: PCH_EXTRA 1, kernel 7
// TWO: PCH_EXTRA 22, kernel 28
#include <amp.h>
#include <cstdio>
using namespace concurrency;

int main() {
  int Out = 0;
  array_view<int, 1> V(1, &Out);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = PCH_EXTRA + 6; });
  V.synchronize();
  std::printf("PCH_EXTRA %d, kernel %d\n", PCH_EXTRA, Out);
  return Out != PCH_EXTRA + 6;
}
