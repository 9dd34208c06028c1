// Code outside a function body resolves an overload set by the restriction
// of where it is written, as Visual C++ does (conformance:
// decltype_specifier/expression.01, location.01): namespace scope and classes
// at namespace scope are cpu code (a leading return type's, a parameter's, a
// member's decltype), a trailing return type takes its own function's
// restriction, a local class its function's; a lambda written without a
// restriction inherits its function's. Every case is a static_assert, so
// each pass (the device pass in process, the host pass through the plugin)
// fails the compile on its own if it resolves otherwise. The kernel's
// unannotated lambda is amp code and calls amp-only code (checked against
// the host's arithmetic); an unannotated lambda of a cpu function is cpu
// code and may not.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// RUN: %not %ampcc -fsyntax-only -DCPU_LAMBDA_CALLS_AMP %s 2>&1 | %FileCheck --check-prefix=CPULAMBDA %s
// CHECK: lambda results: 64 of 64
// CPULAMBDA: restriction-outside-bodies.cpp:[[#@LINE+77]]:32: error: 'inAmp' is restrict(amp) and cannot be called from restrict(cpu) code
// CPULAMBDA-NEXT: auto CpuLambda = [] { return inAmp(2); };
#include <amp.h>
#include <cstdio>
#include <type_traits>
#include <vector>
using namespace concurrency;

struct CpuT {};
struct AmpT {
  int I;
};
CpuT pick() restrict(cpu);
AmpT pick() restrict(amp);
unsigned short widthOf() restrict(cpu);
unsigned widthOf() restrict(amp);
#define SAME(A, B) static_assert(std::is_same<A, B>::value, #A " is not " #B)

decltype(pick()) leading() restrict(amp);
SAME(decltype(leading), CpuT());
void parameter(decltype(pick())) restrict(amp);
SAME(decltype(parameter), void(CpuT));
auto trailingAmp() restrict(amp) -> decltype(pick());
SAME(decltype(trailingAmp), AmpT());
auto trailingCpu() restrict(cpu) -> decltype(pick());
SAME(decltype(trailingCpu), CpuT());
auto trailingBoth(int) restrict(cpu, amp) -> decltype(widthOf() + 0u);
SAME(decltype(trailingBoth), unsigned(int));
auto trailingNone() -> decltype(pick());
SAME(decltype(trailingNone), CpuT());
struct Holder {
  decltype(pick()) Member;
  auto memberAmp() restrict(amp) -> decltype(pick());
  decltype(pick()) memberLeading() restrict(amp);
};
SAME(decltype(Holder::Member), CpuT);
SAME(decltype(&Holder::memberAmp), AmpT (Holder::*)());
SAME(decltype(&Holder::memberLeading), CpuT (Holder::*)());
enum Narrow : decltype(widthOf()) {};
SAME(std::underlying_type<Narrow>::type, unsigned short);

int inAmp(int X) restrict(amp) {
  struct Local {
    decltype(pick()) Member;
  };
  SAME(decltype(Local::Member), AmpT);
  enum Wide : decltype(widthOf()) {};
  SAME(std::underlying_type<Wide>::type, unsigned);
  auto Twice = [](int V) { // amp code, like its function
    SAME(decltype(pick()), AmpT);
    return 2 * V;
  };
  return Twice(X);
}

void inCpu() {
  auto Check = [] {
    SAME(decltype(pick()), CpuT);
    return 1;
  };
  Check();
}

int main() {
  inCpu();
  std::vector<int> Out(64, 0);
  array_view<int, 1> V(64, Out);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
    auto Inner = [](int X) { return inAmp(X) + 1; }; // amp code: calls amp-only
    V[I] = Inner(I[0]);
  });
  V.synchronize();
  int Good = 0;
  for (int I = 0; I < 64; ++I)
    Good += Out[I] == 2 * I + 1;
  std::printf("lambda results: %d of 64\n", Good);
#ifdef CPU_LAMBDA_CALLS_AMP
  auto CpuLambda = [] { return inAmp(2); };
  CpuLambda();
#endif
}
