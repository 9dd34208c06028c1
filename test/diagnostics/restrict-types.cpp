// Types in restrict(amp) code (spec 2.4.1): only bool, int, unsigned int,
// long, unsigned long, float, double, void and nullptr_t scalars, enums over
// int/unsigned/long/unsigned long, and pointers/references/arrays of those.
// Each violation is reported where the type is written (parameter, return
// type, local, cast, literal), with a hint and the chain back to the kernel;
// the valid code after it must give no diagnostic.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// The same errors stop -emit-opencl, which then writes no OpenCL C.
// RUN: rm -f %t.cl
// RUN: %not %ampcc -emit-opencl %s -o %t.cl 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %not ls %t.cl
#include <amp.h>
#include <cstddef>
#include <cstdint>
#include <vector>
using namespace concurrency;

typedef unsigned char byte_t;
enum SmallEnum : char { SA, SB };
enum class GoodEnum : unsigned { GA, GB };
enum Plain { PA, PB };
struct Point { int x; float y; };

int takesShort(short s) restrict(amp) { return s; }
// CHECK: restrict-types.cpp:[[@LINE-1]]:22: error: 'short' is not allowed in restrict(amp) code
// CHECK: note: C++ AMP has no 8- or 16-bit integers: work on 'unsigned int' words and extract the parts with shifts and masks
// CHECK: restrict-types.cpp:{{[0-9]+}}:12: note: called from here
// CHECK: restrict-types.cpp:{{[0-9]+}}:3: note: in the kernel passed to parallel_for_each here
long long returnsLL(int x) restrict(amp) { return x; }
// CHECK: restrict-types.cpp:[[@LINE-1]]:1: error: 'long long' is not allowed in restrict(amp) code
// CHECK: note: use 'long' or 'unsigned long', which are 64 bits wide in ampcc
// CHECK-NEXT: long long returnsLL
// CHECK-NEXT: ^~~~~~~~~
// CHECK-NEXT: long
int pointers(char *p) restrict(amp) { return 0; }
// CHECK: restrict-types.cpp:[[@LINE-1]]:20: error: 'char' is not allowed in restrict(amp) code
// CHECK: note: in type 'char *'
int arrays() restrict(amp) { short a[4] = {}; return a[0]; }
// CHECK: restrict-types.cpp:[[@LINE-1]]:36: error: 'short' is not allowed in restrict(amp) code
// CHECK: note: in type 'short[4]'
int typedefs() restrict(amp) { uint8_t b = 1; byte_t c = 2; return b + c; }
// CHECK: restrict-types.cpp:[[@LINE-1]]:40: error: 'uint8_t' (aka 'unsigned char') is not allowed in restrict(amp) code
// CHECK: restrict-types.cpp:[[@LINE-2]]:54: error: 'byte_t' (aka 'unsigned char') is not allowed in restrict(amp) code
int enums(SmallEnum e) restrict(amp) { return e == SA; }
// CHECK: restrict-types.cpp:[[@LINE-1]]:21: error: enumeration 'SmallEnum' has underlying type 'char', which is not allowed in restrict(amp) code
// CHECK: restrict-types.cpp:19:6: note: 'SmallEnum' declared here; give it the underlying type 'int' or 'unsigned int'
int literals(int x) restrict(amp) {
  int a = x - '0';
  // CHECK: restrict-types.cpp:[[@LINE-1]]:15: error: 'char' is not allowed in restrict(amp) code
  // CHECK: note: use the character code 48 instead
  long b = 10LL;
  // CHECK: restrict-types.cpp:[[@LINE-1]]:12: error: 'long long' is not allowed in restrict(amp) code
  double c = 1.0L;
  // CHECK: restrict-types.cpp:[[@LINE-1]]:14: error: 'long double' is not allowed in restrict(amp) code
  return a + (int)b + (int)c + *"abc";
  // CHECK: restrict-types.cpp:[[@LINE-1]]:33: error: string literals are not allowed in restrict(amp) code
}
int casts(int x) restrict(amp) { return (char)x + static_cast<unsigned short>(x) + short(x); }
// CHECK: restrict-types.cpp:[[@LINE-1]]:42: error: 'char' is not allowed in restrict(amp) code
// CHECK: restrict-types.cpp:[[@LINE-2]]:63: error: 'unsigned short' is not allowed in restrict(amp) code
// CHECK: restrict-types.cpp:[[@LINE-3]]:84: error: 'short' is not allowed in restrict(amp) code
int wide() restrict(amp) { wchar_t w = 0; char16_t u = 0; char32_t U = 0; signed char s = 0; return 0; }
// CHECK: restrict-types.cpp:[[@LINE-1]]:36: error: 'wchar_t' is not allowed in restrict(amp) code
// CHECK: note: use 'unsigned int' for character codes
// CHECK: restrict-types.cpp:[[@LINE-3]]:52: error: 'char16_t' is not allowed in restrict(amp) code
// CHECK: restrict-types.cpp:[[@LINE-4]]:68: error: 'char32_t' is not allowed in restrict(amp) code
// CHECK: restrict-types.cpp:[[@LINE-5]]:87: error: 'signed char' is not allowed in restrict(amp) code
double ld(double x) restrict(amp) { long double y = x; return 0.0; }
// CHECK: restrict-types.cpp:[[@LINE-1]]:49: error: 'long double' is not allowed in restrict(amp) code
// CHECK: note: use 'double'
unsigned long long ull() restrict(amp) { return 0; }
// CHECK: restrict-types.cpp:[[@LINE-1]]:1: error: 'unsigned long long' is not allowed in restrict(amp) code
// CHECK: unsigned long long ull()
// CHECK: unsigned long{{$}}

// Valid: the allowed scalars, pointers and references to them, arrays, enums
// over int and unsigned, typedefs of allowed types, unevaluated operands.
int good(int i, unsigned u, long l, unsigned long ul, float f, double d, bool b,
         int *p, const float &r, size_t sz, int64_t i64, uint32_t u32) restrict(amp) {
  float arr[4] = {1.0f, 2.0f, 3.0f, 4.0f};
  GoodEnum g = GoodEnum::GA;
  Plain pl = PB;
  Point pt = {1, 2.0f};
  void *vp = nullptr;
  decltype(nullptr) np = nullptr;
  static_assert(sizeof(char) == 1, "sizeof and static_assert are fine");
  int n = sizeof(short) + alignof(long long) + sizeof("text");
  decltype('a' + 1) widened = 3;
  return i + (int)u + (int)l + (int)ul + (int)f + (int)d + b + *p + (int)r + (int)sz +
         (int)i64 + (int)u32 + (int)arr[0] + (g == GoodEnum::GA) + pl + pt.x + n +
         (vp == np) + widened;
}

int main() {
  std::vector<int> D(4);
  array_view<int, 1> V(4, D);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
    V[I] = takesShort(1) + (int)returnsLL(2) + pointers(nullptr) + arrays() +
           typedefs() + enums(SA) + literals(3) + casts(4) + wide() + (int)ld(1.0) +
           (int)ull() + good(0, 0, 0, 0, 0, 0, 0, nullptr, 0.0f, 0, 0, 0);
  });
  // A captured value of a disallowed type, reported at its first use.
  long long Big = 5;
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = (int)Big; });
  // CHECK: restrict-types.cpp:[[@LINE-1]]:75: error: 'long long' is not allowed in restrict(amp) code
  // cpu code may use any type.
  char HostChar = 'x';
  short HostShort = 2;
  long long HostLL = 3;
  return HostChar + HostShort + (int)HostLL;
}
// CHECK: 21 errors generated.
