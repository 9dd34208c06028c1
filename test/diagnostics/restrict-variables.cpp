// Variables outside amp code (spec 2.4.3): globals, namespace statics and
// static data members cannot be used, except a constant read as a value
// (static const integers, and as an ampcc extension any const scalar with a
// constant initializer and constexpr values). Taking a constant's address or
// binding it to a reference is a use. Casts between pointers and integers
// are rejected; other pointer operations are fine.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
#include <amp.h>
#include <vector>
using namespace concurrency;

int Counter = 0;
static float Scale = 2.0f;
extern int Elsewhere;
namespace { int Hidden = 3; }
struct Config {
  static int Mode;
  static const int Size = 8;
};
int Config::Mode = 1;
static const int Limit = 10;
static const float Gain = 0.5f;

int readGlobal(int x) restrict(amp) { return x + Counter; }
// CHECK: restrict-variables.cpp:[[@LINE-1]]:50: error: global variable 'Counter' cannot be used in restrict(amp) code
// CHECK: note: restrict(amp) code can only read the value of a 'static const' scalar with a constant initializer
// CHECK: restrict-variables.cpp:12:5: note: 'Counter' declared here
// CHECK: restrict-variables.cpp:{{[0-9]+}}:12: note: called from here
void writeGlobal(int x) restrict(amp) { Counter = x; }
// CHECK: restrict-variables.cpp:[[@LINE-1]]:41: error: global variable 'Counter' cannot be used in restrict(amp) code
float readStatic(float x) restrict(amp) { return x * Scale; }
// CHECK: restrict-variables.cpp:[[@LINE-1]]:54: error: namespace-scope static variable 'Scale' cannot be used in restrict(amp) code
int readExtern() restrict(amp) { return Elsewhere + Hidden; }
// CHECK: restrict-variables.cpp:[[@LINE-1]]:41: error: global variable 'Elsewhere' cannot be used in restrict(amp) code
// CHECK: restrict-variables.cpp:[[@LINE-2]]:53: error: namespace-scope static variable 'Hidden' cannot be used in restrict(amp) code
int readMember() restrict(amp) { return Config::Mode; }
// CHECK: restrict-variables.cpp:[[@LINE-1]]:49: error: static data member variable 'Mode' cannot be used in restrict(amp) code
const int *addressOfConstant() restrict(amp) { return &Limit; }
// CHECK: restrict-variables.cpp:[[@LINE-1]]:56: error: namespace-scope static variable 'Limit' cannot be used in restrict(amp) code
int bindsReference(const int &r) restrict(amp) { return r; }
int passesConstant() restrict(amp) { return bindsReference(Config::Size); }
// CHECK: restrict-variables.cpp:[[@LINE-1]]:68: error: static data member variable 'Size' cannot be used in restrict(amp) code
long pointerToInt(int *p) restrict(amp) { return (long)p; }
// CHECK: restrict-variables.cpp:[[@LINE-1]]:50: error: cast from 'int *' to 'long' is not allowed in restrict(amp) code: pointers and integers cannot be converted into each other
int *intToPointer(unsigned long a) restrict(amp) { return reinterpret_cast<int *>(a); }
// CHECK: restrict-variables.cpp:[[@LINE-1]]:59: error: cast from 'unsigned long' to 'int *' is not allowed in restrict(amp) code: pointers and integers cannot be converted into each other

// Valid: constants read as values (static const integers, constexpr values,
// static const scalars with constant initializers, enumerators, template
// arguments), unevaluated uses, and pointer operations that do not turn
// pointers into integers.
enum Mode { Fast = 1, Slow = 2 };
constexpr double Pi = 3.14159;
template <int N> int times(int x) restrict(amp) { return N * x; }
int constants(int x) restrict(amp) {
  int arr[Config::Size] = {};
  return x + Limit + Config::Size + Fast + times<Limit>(x) + (int)(Pi * Gain) +
         (int)sizeof(Counter) + arr[0];
}
bool pointers(int *p, int *q) restrict(amp) {
  int *r = p + 2;
  bool nonNull = p;
  return r != q && p < q && nonNull && p != nullptr && (r - p) == 2;
}

int main() {
  std::vector<int> D(4);
  array_view<int, 1> V(4, D);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
    writeGlobal(1);
    int Local = 0;
    V[I] = readGlobal(1) + (int)readStatic(2.0f) + readExtern() + readMember() +
           *addressOfConstant() + passesConstant() + (int)pointerToInt(nullptr) +
           *intToPointer(0) + constants(3) + pointers(&Local, &Local);
  });
  return Counter;
}
int Elsewhere = 4;
// CHECK: 10 errors generated.
