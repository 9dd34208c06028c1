// A precompiled <amp.h> keeps no list of the vtables its headers used
// (HeaderVTableUses.h): the device pass no longer defines them, and so
// instantiates no virtual member of the header's templates, at the end of
// every file that loads it. What such a member gets wrong is still an
// error, from the host pass; and from the device pass when <amp.h> is
// parsed as written (the file then uses the vtable itself).
// RUN: rm -rf %t.pch
// RUN: env AMPCC_PCH_DIR=%t.pch %ampcc -v -emit-opencl -include %S/Inputs/pch-vtable-holder.h %s -o %t.cl 2>&1 | %FileCheck --check-prefix=DEVICE %s
// RUN: %FileCheck --check-prefix=KERNEL %s < %t.cl
// RUN: env AMPCC_PCH_DIR=%t.pch %not %ampcc -v -c -include %S/Inputs/pch-vtable-holder.h %s -o %t.o 2>&1 | %FileCheck --check-prefix=HOST %s
// RUN: %not %ampcc -fno-pch-amp -emit-opencl -include %S/Inputs/pch-vtable-holder.h %s -o %t.cl 2>&1 | %FileCheck --check-prefix=ERROR %s
// DEVICE: ampcc: precompiled <amp.h>: {{.*}}device-{{[0-9a-f]+}}.pch (built)
// DEVICE-NOT: error:
// KERNEL: __kernel void
// HOST: ampcc: precompiled <amp.h>: {{.*}}device-{{[0-9a-f]+}}.pch{{$}}
// HOST: pch-vtable-holder.h:4:24: error: type 'int' cannot be used prior to '::' because it has no members
// HOST: 1 error generated.
// HOST-NOT: error:
// ERROR: pch-vtable-holder.h:4:24: error: type 'int' cannot be used prior to '::' because it has no members
#include <amp.h>
using namespace concurrency;

int main() {
  int Out = 0;
  array_view<int, 1> V(1, &Out);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = 7; });
  return 0;
}
