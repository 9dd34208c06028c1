// Rules of spec §2.1-2.4 that the C++ AMP conformance suite checks and Clang
// alone accepts: where a restriction specifier may stand, volatile members,
// C linkage, array element types, pointers to concurrency::array, pointer
// arithmetic on bool, float literals beyond their range, arrays captured by
// value, static locals of host functions used by a kernel, reinterpreting an
// int as a pointer. The valid code after them must give no error.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error:
#include <amp.h>
using namespace concurrency;
struct Empty {};
struct HasBool { bool B; };
struct DerivesBool : HasBool {};
// Whole 4-byte words (Direct3D's size of a bool): arrays of these are valid,
// as with Visual C++ (`__declspec(align(4))` is Microsoft's sample's way).
struct HasBoolAndInt { bool B; int I; };
typedef __declspec(align(4)) struct { bool Flag; } AlignedBool;
struct Plain { int I; float F; };

struct S { int get() volatile restrict(amp) { return 0; } };
// CHECK: [[@LINE-1]]:16: error: volatile member function 'get' cannot be restrict(amp)
extern "C" int cfun(int X) restrict(cpu, amp) { return X; }
// CHECK: [[@LINE-1]]:16: error: C language linkage function 'cfun' cannot be both restrict(cpu) and restrict(amp), nor overloaded on restriction
int restrict(amp) early(int X) { return X; }
// CHECK: [[@LINE-1]]:5: error: restriction specifier of 'early' must follow its parameter list
int plain(int X) noexcept restrict(amp) { return X; }
// CHECK: [[@LINE-1]]:27: error: restriction specifier must precede the exception specification
struct Q { int get() restrict(amp) const { return 1; } };
// CHECK: [[@LINE-1]]:22: error: restriction specifier must follow the cv and ref qualifiers

struct HoldsArrayPointer {
  HoldsArrayPointer(array<int, 1> &A) restrict(cpu, amp) : M(&A) {}
  array<int, 1> *M;
  // CHECK: [[@LINE-1]]:18: error: pointer to 'Concurrency::array<int>' is not allowed in restrict(amp) code
};

void arrays() restrict(amp) {
  bool Flags[4];
  // CHECK: [[@LINE-1]]:8: error: array of 'bool' is not allowed in restrict(amp) code: bool elements
  int *Ptrs[2];
  // CHECK: [[@LINE-1]]:8: error: array of 'int *' is not allowed in restrict(amp) code: pointer elements
  Empty E[3];
  // CHECK: [[@LINE-1]]:9: error: array of 'Empty' is not allowed in restrict(amp) code: an empty class has no data
  HasBool H[2];
  // CHECK: [[@LINE-1]]:11: error: array of 'HasBool' is not allowed in restrict(amp) code: its class holds a bool
  DerivesBool D[2];
  // CHECK: [[@LINE-1]]:15: error: array of 'DerivesBool' is not allowed in restrict(amp) code: its class holds a bool
  HasBoolAndInt Words[2];
  AlignedBool Aligned[10];
}

void pointers(bool X, array<int, 1> &A) restrict(amp) {
  bool *Y = &X;
  bool *Z = Y + 1;
  // CHECK: [[@LINE-1]]:15: error: arithmetic on pointer to bool 'bool *' is not allowed in restrict(amp) code
  array<int, 1> *PA = &A; // a local pointer to a captured array is fine
  float Big = 3.402823467e+38f;
  // CHECK: [[@LINE-1]]:15: error: floating-point literal is out of the range of 'float'
  double Huge = 1.7976931348623159e+308;
  // CHECK: [[@LINE-1]]:17: error: floating-point literal is out of the range of 'double'
  double Largest = 1.7976931348623158e+308; // rounds down to the largest double
  int I = 0;
  int *&R = (int *&)I;
  // CHECK: [[@LINE-1]]:13: error: cast from 'int' to 'int *' is not allowed in restrict(amp) code
}

void host() {
  static int Counter = 0;
  array<int, 1> A(4);
  auto L = [A]() restrict(amp) {};
  // CHECK: [[@LINE-1]]:13: error: concurrency::array 'A' cannot be captured by value; capture it by reference
  parallel_for_each(A.extent, [&](index<1> I) restrict(amp) {
    A[I] = Counter;
    // CHECK: [[@LINE-1]]:12: error: {{.*}}'Counter'{{.*}}restrict(amp)
    auto M = []() restrict(amp) mutable {};
    // CHECK: [[@LINE-1]]:19: error: restriction specifier must follow 'mutable'
  });
}

// Valid: none of these may be diagnosed as errors.
extern "C" int ampOnly(int X) restrict(amp) { return X; }
struct Fine {
  int get() const restrict(amp) { return 1; }
  int both() const & restrict(cpu, amp) noexcept { return 2; }
};
void valid(int *P) restrict(amp) {
  Plain Ps[2];
  int Ints[2];
  float Max = 3.4028234e+38f;
  int *Q = P + 1;
  int *&RQ = Q;
  auto M = [=]() mutable restrict(amp) noexcept { return Ints[0]; };
  (void)Ps; (void)Max; (void)RQ; (void)M;
}
typedef int binary(int, int) restrict(cpu);
int main() {}
