// A default argument is bound where its function is declared (spec 2.3.2,
// as Visual C++ does it): at namespace scope that is restrict(cpu) context,
// whatever the function's own restriction. Its calls were resolved among
// cpu functions there, so using the default from amp code calls cpu code:
// an error at the call in the default argument, with the chain that reached
// it. Callees that are restrict(cpu, amp) are fine, and so are defaults
// written inside amp functions (local classes).
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error:
#include <amp.h>
using namespace concurrency;

int pick() restrict(amp) { return 1; }
int pick() restrict(cpu) { return 2; }
int both() restrict(cpu, amp) { return 3; }

void usesPick(int X = pick()) restrict(amp) {}
// CHECK: default-argument-binding.cpp:[[@LINE-1]]:23: error: default argument of 'usesPick' was bound in restrict(cpu) context, where 'usesPick' is declared: its call to 'pick' cannot run in restrict(amp) code
// CHECK: note: default argument written here
void usesLambda(int X = []() -> int { return 4; }()) restrict(amp) {}
// CHECK: default-argument-binding.cpp:[[@LINE-1]]:50: error: default argument of 'usesLambda' was bound in restrict(cpu) context, where 'usesLambda' is declared: its call to a lambda cannot run in restrict(amp) code
void usesBoth(int X = both()) restrict(amp) {}

void kernelBody() restrict(amp) {
  usesPick();
  usesLambda();
  usesBoth();
  usesPick(5); // an explicit argument: the default is not used
  struct Local {
    // Written inside an amp function: bound in amp context.
    static int get(int X = pick()) restrict(amp) { return X; }
    // Bound in amp context too, so a cpu caller of the default cannot run it.
    static int host(int X = pick()) restrict(cpu) { return X; }
    // CHECK: default-argument-binding.cpp:[[@LINE-1]]:29: error: {{.*}}'pick'
    static int callsHost() restrict(cpu) { return host(); }
  };
  Local::get();
}

void launch() {
  parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) { kernelBody(); });
}
