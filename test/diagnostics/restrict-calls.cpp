// What code may call (spec 2.3, 2.4.3): amp code only functions whose
// restriction includes amp, cpu code only functions whose restriction
// includes cpu, restrict(cpu, amp) code only what both sides may call (an
// amp-only callee needs a cpu twin). Clang's own "no matching function" and
// "reference to __host__ function" errors come out in these words, with the
// call chain. No calls through function pointers or pointers to member
// functions, no taking a function's address in amp code. The valid calls at
// the end (overloads on restriction, constexpr, builtins, lambdas in amp
// code) must give no diagnostic.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__device__ --implicit-check-not=__host__
#include <amp.h>
#include <vector>
using namespace concurrency;

int cpuOnly(int x) { return x + 1; }
int ampOnly(int x) restrict(amp) { return x + 2; }
int helper(int x) restrict(amp) { return cpuOnly(x); }
// CHECK: restrict-calls.cpp:[[@LINE-1]]:42: error: 'cpuOnly' is restrict(cpu) and cannot be called from restrict(amp) code
// CHECK: restrict-calls.cpp:{{[0-9]+}}:5: note: 'cpuOnly' is declared here without 'amp' in its restriction specifier; make it restrict(cpu, amp) to call it from amp code too
// CHECK: restrict-calls.cpp:{{[0-9]+}}:28: note: called from here
// CHECK: restrict-calls.cpp:{{[0-9]+}}:3: note: in the kernel passed to parallel_for_each here
int both(int x) restrict(cpu, amp) { return cpuOnly(x); }
// CHECK: restrict-calls.cpp:[[@LINE-1]]:45: error: 'cpuOnly' is restrict(cpu) and cannot be called from restrict(cpu,amp) code
int bothCallsAmp(int x) restrict(cpu, amp) { return ampOnly(x); }
// CHECK: restrict-calls.cpp:[[@LINE-1]]:53: error: 'ampOnly' is restrict(amp) and cannot be called from restrict(cpu,amp) code
// CHECK: note: 'ampOnly' is declared here as restrict(amp) only; make it restrict(cpu, amp) to call it from cpu code too
struct Gadget {
  int v;
  Gadget() {}
  int cpuMethod() const { return v; }
  int ampMethod() const restrict(amp) { return v; }
};
struct Acc {
  int n;
  Acc() restrict(amp) : n(0) {}
};
int hostUses() {
  Gadget G;
  Acc A;
  // CHECK: restrict-calls.cpp:[[@LINE-1]]:7: error: the constructor of 'Acc' is restrict(amp) and cannot be called from restrict(cpu) code
  auto K = [](int x) restrict(amp) { return x; };
  return ampOnly(1) + G.ampMethod() + K(2);
  // CHECK: restrict-calls.cpp:[[@LINE-1]]:10: error: 'ampOnly' is restrict(amp) and cannot be called from restrict(cpu) code
  // CHECK: restrict-calls.cpp:[[@LINE-2]]:25: error: 'ampMethod' is restrict(amp) and cannot be called from restrict(cpu) code
  // CHECK: restrict-calls.cpp:[[@LINE-3]]:39: error: the call operator of '(lambda at {{.*}}restrict-calls.cpp:[[@LINE-4]]:12)' is restrict(amp) and cannot be called from restrict(cpu) code
}
int pointers(int x) restrict(amp) {
  auto Fp = &ampOnly;
  // CHECK: restrict-calls.cpp:[[@LINE-1]]:8: error: function pointer type 'int (*)(int)' is not allowed in restrict(amp) code
  // CHECK: restrict-calls.cpp:[[@LINE-2]]:14: error: taking the address of function 'ampOnly' is not allowed in restrict(amp) code
  using MemFn = int (Gadget::*)() const;
  MemFn Mp = &Gadget::ampMethod;
  // CHECK: restrict-calls.cpp:[[@LINE-1]]:9: error: pointer to member type 'MemFn' (aka 'int (Gadget::*)() const') is not allowed in restrict(amp) code
  // CHECK: restrict-calls.cpp:[[@LINE-2]]:23: error: taking the address of member function 'ampMethod' is not allowed in restrict(amp) code
  Gadget G;
  // CHECK: restrict-calls.cpp:[[@LINE-1]]:10: error: the constructor of 'Gadget' is restrict(cpu) and cannot be called from restrict(amp) code
  return Fp(x) + (G.*Mp)();
  // CHECK: restrict-calls.cpp:[[@LINE-1]]:10: error: calls through function pointers are not allowed in restrict(amp) code
  // CHECK: restrict-calls.cpp:[[@LINE-2]]:20: error: calls through pointers to member functions are not allowed in restrict(amp) code
}

// Valid: overloads on restriction resolve by the calling side; restrict(cpu,
// amp) functions are callable from both sides and may call an amp function
// that has a cpu twin; constexpr functions and builtins are usable in amp
// code; lambdas inside amp code inherit amp.
int pick(int x) restrict(cpu) { return x; }
int pick(int x) restrict(amp) { return -x; }
int usesPick(int x) restrict(cpu, amp) { return pick(x); }
constexpr int square(int x) { return x * x; }
int shared(int x) restrict(cpu, amp) { return square(x) + usesPick(x); }
int good(int x) restrict(amp) {
  auto Inc = [](int y) { return y + 1; };
  auto Dbl = [=](int y) restrict(amp) { return 2 * y + x; };
  return shared(x) + Inc(x) + Dbl(x) + (int)__builtin_fabsf((float)x) + pick(x);
}
int hostGood() { return shared(1) + pick(2) + usesPick(3); }

int main() {
  std::vector<int> D(4);
  array_view<int, 1> V(4, D);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
    Gadget G;
    // CHECK: restrict-calls.cpp:[[@LINE-1]]:12: error: the constructor of 'Gadget' is restrict(cpu) and cannot be called from restrict(amp) code
    // CHECK: note: the constructor of 'Gadget' is declared here without 'amp' in its restriction specifier
    V[I] = cpuOnly(I[0]) + helper(1) + both(2) + bothCallsAmp(3) + G.cpuMethod() +
    // CHECK: restrict-calls.cpp:[[@LINE-1]]:12: error: 'cpuOnly' is restrict(cpu) and cannot be called from restrict(amp) code
    // CHECK: restrict-calls.cpp:[[@LINE-2]]:70: error: 'cpuMethod' is restrict(cpu) and cannot be called from restrict(amp) code
           pointers(4) + good(5);
  });
  return hostGood() + hostUses();
}
// CHECK: 17 errors generated.
