// Restriction specifiers on function *types* (spec 2.1.3): after the
// parameters of a pointer or reference to function, in template arguments
// and template parameters, and on abstract function declarators. Clang has
// no attribute position there, so the token pass drops them (function
// pointers never reach amp code); the declarations must parse and mean the
// same type as without the specifier. Functions named operator* or
// operator&& keep theirs.
// RUN: %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --allow-empty --implicit-check-not=error:
#include <amp.h>
#include <type_traits>

template <typename T> void take(T) {}
template <typename T> struct Holder {};

template void take<int (*)(int, int) restrict(cpu) throw()>(int (*)(int, int) restrict(cpu) throw());
template struct Holder<const int && (int) restrict(cpu)>;
template <> struct Holder<int & (float) restrict(cpu)> { int Special; };

int twice(int X) restrict(cpu) { return 2 * X; }
template <int (*F)(int) restrict(cpu)> int callThrough(int X) { return F(X); }

static_assert(std::is_same<int (*)(int) restrict(cpu), int (*)(int)>::value,
              "the restriction does not change the pointer type on the host");

struct Vec {
  float X;
};
Vec operator*(float S, const Vec &V) restrict(cpu, amp) { return Vec{S * V.X}; }
bool operator&&(const Vec &A, const Vec &B) restrict(cpu, amp) { return A.X && B.X; }

int useAll() {
  int (*Fp)(int) restrict(cpu) = &twice;
  int (&Fr)(int) restrict(cpu) = twice;
  Holder<int & (float) restrict(cpu)> H{1};
  Vec V = 2.0f * Vec{1.0f};
  return Fp(1) + Fr(2) + callThrough<&twice>(3) + H.Special + int(V.X) + (V && V);
}

void kernel(concurrency::array_view<float, 1> Out) {
  // The operators keep restrict(cpu, amp): callable in a kernel.
  concurrency::parallel_for_each(Out.extent, [=](concurrency::index<1> I) restrict(amp) {
    Vec V = 3.0f * Vec{Out[I]};
    Out[I] = (V && V) ? V.X : 0.0f;
  });
}
