// A program's -D whose name the precompiled <amp.h> never met does not
// choose the header: compiles that differ by such macros share one, built
// without them. A macro the header met (NDEBUG, read by <cassert>) gets a
// header built with it, which the other macros then share.
// REQUIRES: opencl
// RUN: rm -rf %t.pch && mkdir -p %t.pch
// RUN: env AMPCC_PCH_DIR=%t.pch %ampcc -v -DSCALE=3 %s -o %t 2>&1 | %FileCheck --check-prefix=BUILT %s
// RUN: %t | %FileCheck --check-prefix=THREE %s
// RUN: env AMPCC_PCH_DIR=%t.pch %ampcc -v -DSCALE=5 -DUNUSED -UOTHER %s -o %t 2>&1 | %FileCheck --check-prefix=LOADED %s
// RUN: %t | %FileCheck --check-prefix=FIVE %s
// RUN: env AMPCC_PCH_DIR=%t.pch %ampcc -v %s -o %t 2>&1 | %FileCheck --check-prefix=LOADED %s
// RUN: %t | %FileCheck --check-prefix=ONE %s
// RUN: ls %t.pch | grep -c '[.]pch$' | %FileCheck --check-prefix=TWO %s
//
// RUN: env AMPCC_PCH_DIR=%t.pch %ampcc -v -DNDEBUG -DSCALE=2 %s -o %t 2>&1 | %FileCheck --check-prefix=BUILT %s
// RUN: %t | %FileCheck --check-prefix=TWO-NDEBUG %s
// RUN: env AMPCC_PCH_DIR=%t.pch %ampcc -v -DSCALE=4 -DNDEBUG %s -o %t 2>&1 | %FileCheck --check-prefix=LOADED %s
// RUN: %t | %FileCheck --check-prefix=FOUR-NDEBUG %s
// RUN: ls %t.pch | grep -c '[.]pch$' | %FileCheck --check-prefix=FOUR %s
// RUN: ls %t.pch | grep -c '[.]pch[.]names$' | %FileCheck --check-prefix=FOUR %s
// BUILT: ampcc: precompiled <amp.h>: {{.*}}host-{{[0-9a-f]+}}.pch (built)
// BUILT: ampcc: precompiled <amp.h>: {{.*}}device-{{[0-9a-f]+}}.pch (built)
// LOADED-NOT: (built)
// LOADED: ampcc: precompiled <amp.h>: {{.*}}host-{{[0-9a-f]+}}.pch{{$}}
// LOADED: ampcc: precompiled <amp.h>: {{.*}}device-{{[0-9a-f]+}}.pch{{$}}
// THREE: scale 3, kernel 21, assert on
// FIVE: scale 5, kernel 35, assert on
// ONE: scale 1, kernel 7, assert on
// TWO-NDEBUG: scale 2, kernel 14, assert off
// FOUR-NDEBUG: scale 4, kernel 28, assert off
// Headers (a host's and a device's each time), each with the names it met.
// TWO: {{^}}2{{$}}
// FOUR: {{^}}4{{$}}
#include <amp.h>
#include <cassert>
#include <cstdio>
using namespace concurrency;

#ifndef SCALE
#define SCALE 1
#endif

int main() {
  int Out = 0;
  array_view<int, 1> V(1, &Out);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = SCALE * 7; });
  V.synchronize();
  bool Checks = false;
  // With NDEBUG (and a header of its own), the expression is not evaluated.
  assert((Checks = true));
  std::printf("scale %d, kernel %d, assert %s\n", SCALE, Out, Checks ? "on" : "off");
  return Out != SCALE * 7;
}
