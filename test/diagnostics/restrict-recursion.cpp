// Recursion in amp code (spec 2.4.2), direct or through any cycle of calls:
// functions, constructors, operators, template instantiations and lambdas.
// Reported at the call that closes the cycle, with a note per other call of
// the cycle and the chain from the kernel. A function called twice, template
// recursion that ends, and recursion in cpu code are fine.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// The same errors stop -emit-opencl, which then writes no OpenCL C.
// RUN: rm -f %t.cl
// RUN: %not %ampcc -emit-opencl %s -o %t.cl 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %not ls %t.cl
#include <amp.h>
#include <vector>
using namespace concurrency;

int fact(int n) restrict(amp) { return n <= 1 ? 1 : n * fact(n - 1); }
// CHECK: restrict-recursion.cpp:[[@LINE-1]]:57: error: recursive call to 'fact'; recursion is not allowed in restrict(amp) code
// CHECK: restrict-recursion.cpp:{{[0-9]+}}:12: note: called from here
// CHECK: note: in the kernel passed to parallel_for_each here
int isOdd(int n) restrict(amp);
int isEven(int n) restrict(amp) { return n == 0 ? 1 : isOdd(n - 1); }
int isOdd(int n) restrict(amp) { return n == 0 ? 0 : isEven(n - 1); }
// CHECK: restrict-recursion.cpp:[[@LINE-1]]:54: error: recursive call to 'isEven'; recursion is not allowed in restrict(amp) code
// CHECK: restrict-recursion.cpp:[[@LINE-3]]:55: note: 'isEven' calls 'isOdd' here
struct Node {
  int depth;
  Node(int d) restrict(amp);
};
int build(int d) restrict(amp) { Node n(d - 1); return n.depth; }
Node::Node(int d) restrict(amp) : depth(d > 0 ? build(d) : 0) {}
// CHECK: restrict-recursion.cpp:[[@LINE-1]]:49: error: recursive call to 'build'; recursion is not allowed in restrict(amp) code
// CHECK: restrict-recursion.cpp:[[@LINE-3]]:39: note: 'build' calls 'Node' here
struct Num {
  int v;
  Num operator+(const Num &o) const restrict(amp) { return o.v > 0 ? *this + Num{o.v - 1} : *this; }
  // CHECK: restrict-recursion.cpp:[[@LINE-1]]:76: error: recursive call to 'operator+'; recursion is not allowed in restrict(amp) code
};
template <int N> int unroll(int x) restrict(amp) { return N == 0 ? x : unroll<N>(x + 1); }
// CHECK: restrict-recursion.cpp:[[@LINE-1]]:72: error: recursive call to 'unroll<1>'; recursion is not allowed in restrict(amp) code
int viaLambda(int x) restrict(amp);
int callsLambda(int x) restrict(amp) {
  auto L = [](int y) { return viaLambda(y); };
  return L(x);
}
int viaLambda(int x) restrict(amp) { return x > 0 ? callsLambda(x - 1) : 0; }
// CHECK: restrict-recursion.cpp:[[@LINE-1]]:53: error: recursive call to 'callsLambda'; recursion is not allowed in restrict(amp) code
// CHECK: restrict-recursion.cpp:[[@LINE-5]]:12: note: 'callsLambda' calls 'operator()' here
// CHECK: restrict-recursion.cpp:[[@LINE-6]]:31: note: 'operator()' calls 'viaLambda' here

// Valid: a function called twice is not recursion; compile-time recursion
// over template arguments ends; recursion in cpu code is fine.
int leaf(int x) restrict(amp) { return x * 2; }
int twice(int x) restrict(amp) { return leaf(leaf(x)); }
template <int N> int sumTo(int x) restrict(amp) { return x + sumTo<N - 1>(x); }
template <> int sumTo<0>(int x) restrict(amp) { return 0; }
int hostFib(int n) { return n < 2 ? n : hostFib(n - 1) + hostFib(n - 2); }

int main() {
  std::vector<int> D(4);
  array_view<int, 1> V(4, D);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
    Num A{1}, B{2};
    V[I] = fact(I[0]) + isEven(I[0]) + build(2) + (A + B).v + unroll<1>(0) +
           callsLambda(3) + twice(4) + sumTo<3>(1);
  });
  return hostFib(5) != 5;
}
// CHECK: 6 errors generated.
