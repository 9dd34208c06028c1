// Wrong-side calls that Clang itself rejects while parsing (overloaded
// operators, subscripts, conversions, constructors, destructors, plain
// calls, and cpu code calling amp code) are reported in C++ AMP terms with
// the declaration and the kernel; no CUDA wording (__host__, __device__,
// "candidate function not viable") reaches the user. The same calls to
// restrict(cpu, amp) declarations are fine.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__host__ --implicit-check-not=__device__ --implicit-check-not="not viable"
#include <amp.h>
#include <vector>
using namespace concurrency;

struct Money { int cents; };
Money operator+(Money a, Money b) { return Money{a.cents + b.cents}; }
struct Grid {
  int cells[4];
  int operator[](int i) const { return cells[i]; }
  operator int() const { return cells[0]; }
};
struct Tracked {
  int id;
  ~Tracked() {}
};
struct Flag { Flag(int) {} int v = 0; };
int cpuHelper(int x) { return x; }
int ampHelper(int x) restrict(amp) { return x; }

// Valid: the same kinds of calls with restrict(cpu, amp) declarations.
struct Money2 { int cents; };
Money2 operator+(Money2 a, Money2 b) restrict(cpu, amp) { return Money2{a.cents + b.cents}; }
struct Flag2 { Flag2(int x) restrict(cpu, amp) : v(x) {} ~Flag2() restrict(cpu, amp) {} int v; };

int main() {
  std::vector<int> D(4);
  array_view<int, 1> V(4, D);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
    Money a{1}, b{2};
    int Sum = (a + b).cents;
    // CHECK: restrict-clang-reworded.cpp:[[@LINE-1]]:18: error: 'operator+' is restrict(cpu) and cannot be called from restrict(amp) code
    // CHECK: restrict-clang-reworded.cpp:13:7: note: 'operator+' is declared here without 'amp' in its restriction specifier; make it restrict(cpu, amp) to call it from amp code too
    // CHECK: restrict-clang-reworded.cpp:{{[0-9]+}}:3: note: in the kernel passed to parallel_for_each here
    Grid g{};
    int Cell = g[1];
    // CHECK: restrict-clang-reworded.cpp:[[@LINE-1]]:17: error: 'operator[]' is restrict(cpu) and cannot be called from restrict(amp) code
    int Conv = (int)g;
    // CHECK: restrict-clang-reworded.cpp:[[@LINE-1]]:21: error: 'operator int' is restrict(cpu) and cannot be called from restrict(amp) code
    Tracked t{3};
    // CHECK: restrict-clang-reworded.cpp:[[@LINE-1]]:13: error: the destructor of 'Tracked' is restrict(cpu) and cannot be called from restrict(amp) code
    Flag f{1};
    // CHECK: restrict-clang-reworded.cpp:[[@LINE-1]]:10: error: the constructor of 'Flag' is restrict(cpu) and cannot be called from restrict(amp) code
    int Direct = cpuHelper(I[0]);
    // CHECK: restrict-clang-reworded.cpp:[[@LINE-1]]:18: error: 'cpuHelper' is restrict(cpu) and cannot be called from restrict(amp) code
    Money2 c{1}, d{2};
    Flag2 f2{(c + d).cents};
    V[I] = Sum + Cell + Conv + t.id + f.v + Direct + f2.v;
  });
  int Host = ampHelper(1);
  // CHECK: restrict-clang-reworded.cpp:[[@LINE-1]]:14: error: 'ampHelper' is restrict(amp) and cannot be called from restrict(cpu) code
  // CHECK: note: 'ampHelper' is declared here as restrict(amp) only; make it restrict(cpu, amp) to call it from cpu code too
  return Host;
}
// CHECK: 7 errors generated.
