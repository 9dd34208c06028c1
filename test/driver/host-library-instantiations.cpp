// The device pass leaves out the host library code the file's host code
// uses (HostLibraryInstantiations.h): a cpu-only function template of
// namespace std instantiated for the library's own types, and the virtual
// members of such a class whose vtable the file uses. What they get wrong
// is an error from the host pass only. Instantiated for a type of the
// user's, they are the user's code: the device pass instantiates them and
// reports the same errors (USER), with <amp.h> precompiled or not. In a
// file with an error of its own the device pass instantiates them all, so
// that their errors are reported with it (BROKEN): the host pass, which
// would report them, does not run then.
// RUN: %ampcc -emit-opencl -isystem %S/Inputs/system %s -o %t.cl
// RUN: %FileCheck --check-prefix=KERNEL %s < %t.cl
// RUN: %ampcc -fno-pch-amp -emit-opencl -isystem %S/Inputs/system %s -o %t.2.cl
// RUN: %FileCheck --check-prefix=KERNEL %s < %t.2.cl
// RUN: %not %ampcc -c -isystem %S/Inputs/system %s -o %t.o 2>&1 | %FileCheck --check-prefix=HOST %s
// RUN: %not %ampcc -emit-opencl -DUSER -isystem %S/Inputs/system %s -o %t.3.cl 2>&1 | %FileCheck --check-prefix=USER %s
// RUN: %not %ampcc -fno-pch-amp -emit-opencl -DUSER -isystem %S/Inputs/system %s -o %t.4.cl 2>&1 | %FileCheck --check-prefix=USER %s
// RUN: %not %ampcc -emit-opencl -DBROKEN -isystem %S/Inputs/system %s -o %t.5.cl 2>&1 | %FileCheck --check-prefix=BROKEN %s
// RUN: %not %ampcc -fno-pch-amp -emit-opencl -DBROKEN -isystem %S/Inputs/system %s -o %t.6.cl 2>&1 | %FileCheck --check-prefix=BROKEN %s
// KERNEL: __kernel void
// HOST: host-library-probe.h:6:56: error: read-only variable is not assignable
// HOST: host-library-probe.h:8:24: error: type 'int' cannot be used prior to '::' because it has no members
// USER: host-library-probe.h:6:56: error: no viable overloaded '='
// USER: host-library-probe.h:8:27: error: no member named 'missing' in 'Point'
// BROKEN-DAG: host-library-instantiations.cpp:[[@LINE+22]]:7: error: cannot initialize a variable of type 'int' with an lvalue of type 'const char[7]'
// BROKEN-DAG: host-library-probe.h:6:56: error: read-only variable is not assignable
// BROKEN-DAG: host-library-probe.h:8:24: error: type 'int' cannot be used prior to '::' because it has no members
#include <amp.h>
#include <host-library-probe.h>
using namespace concurrency;

struct Point {
  int X = 0;
};

int main() {
#ifdef USER
  const Point Fixed;
  std::__ampcc_probe_reset(&Fixed);
  std::__ampcc_probe_holder<Point> Holder;
#else
  const int Fixed = 1;
  std::__ampcc_probe_reset(&Fixed);
  std::__ampcc_probe_holder<int> Holder;
#endif
#ifdef BROKEN
  int Broken = "broken";
#endif
  int Out = 0;
  array_view<int, 1> V(1, &Out);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = 7; });
  return 0;
}
