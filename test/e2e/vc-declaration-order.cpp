// Names Visual C++ 2012 finds before (or without) a declaration C++17 can
// see, as a ray tracer written for it uses them; each repaired with a
// warning, every line keeping its number:
// - two class templates that use each other, the first naming the second
//   before its declaration (`Root<N>::MaxIters` in Inner, `Inner<N, 0>` in
//   Root): moving Root before Inner would leave Inner undeclared in Root,
//   so a declaration of Root goes before Inner;
// - friend functions defined in a class and called, from the class's own
//   amp and cpu code, with arguments of other classes (ordinary lookup
//   finds them in Visual C++, only argument-dependent lookup in C++): every
//   overload is declared before the class; a friend found through its
//   arguments needs nothing;
// - static const integral and enumeration members initialized in their
//   class and odr-used (bound to references) without a definition outside
//   it, which Visual C++ makes optional: defined in the class, and a
//   definition outside it where a program has one is still accepted.
// The kernel's results are checked against the host's.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// RUN: %FileCheck --check-prefix=WARN %s --implicit-check-not=error: < %t.err
// CHECK: root 4 5 -1, line 47
// CHECK: scene: 0 mismatches
// CHECK: constants: 16973 40 1 7 64
#include <amp.h>
#include <iostream>
#include <tuple>
#include <vector>
using namespace concurrency;

struct Ray {
  float d;
};

namespace CompileTime {
template <int N, int C> struct Inner {
  static const int square = C * C;
  // WARN: vc-declaration-order.cpp:[[@LINE+1]]:53: warning: 'Root' is declared after the template that uses it, as Visual C++ allows (it looks names up at instantiation); a declaration of it is added before the template
  static const bool stop = square >= N ? true : C > Root<N>::MaxIters;
  static const int value = stop ? (square == N ? C : -1) : Inner<N, C + 1>::value;
};
template <int N> struct Inner<N, 64> {
  static const int value = -1;
};
template <int N> struct Root {
  static const int MaxIters = N / 2 + 1;
  static const int value = Inner<N, 0>::value;
  static const int line = __LINE__;
};
} // namespace CompileTime

class Scene {
public:
  explicit Scene(int n) : n(n) {}
  std::vector<float> render() const {
    std::vector<float> out(n);
    array_view<float, 1> v(n, out);
    Scene self = *this;
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
      Ray r{static_cast<float>(i[0])};
      // WARN: vc-declaration-order.cpp:[[@LINE+2]]:14: warning: 'twice' is a friend function defined in class 'Scene', which Visual C++ finds by ordinary lookup; it is declared before the class
      // WARN: vc-declaration-order.cpp:[[@LINE+1]]:25: warning: 'twice'
      v[i] = twice(r) + twice(r, 0.5f) + found(self, r);
    });
    v.synchronize();
    return out;
  }
  float hostCheck(int i) const {
    Ray r{static_cast<float>(i)};
    return twice(r) + twice(r, 0.5f) + found(*this, r);
  }
  friend float twice(const Ray r) restrict(cpu, amp) { return r.d * 2; }
  friend float twice(const Ray r,
                     float k) restrict(cpu, amp) {
    return r.d * k;
  }
  // Found through Scene, its argument: not declared again.
  friend float found(const Scene &s, const Ray r) restrict(cpu, amp) { return s.n + r.d * 0; }

private:
  int n;
};

struct Header {
  static const unsigned short type = 0x424D;
  static const int size = 40;
  enum Kind { A, B };
  static const Kind kind = B;
};
struct Defined {
  static const int limit = 7;
};
const int Defined::limit; // the definition C++ asks for: still accepted
template <typename T> struct Bits {
  static const int value = sizeof(T) * 8;
};

int main() {
  using CompileTime::Root;
  std::cout << "root " << Root<16>::value << " " << Root<25>::value << " " << Root<20>::value
            << ", line " << Root<16>::line << "\n";
  const int N = 256;
  Scene s(N);
  std::vector<float> out = s.render();
  int Bad = 0;
  for (int i = 0; i < N; ++i)
    Bad += out[i] != s.hostCheck(i) || out[i] != 2.5f * i + N;
  std::cout << "scene: " << Bad << " mismatches\n";
  Header h;
  std::tuple<const unsigned short &, const int &> fields(std::tie(h.type, h.size));
  const Header::Kind &k = Header::kind;
  const int &limit = Defined::limit;
  const int &bits = Bits<double>::value;
  std::cout << "constants: " << std::get<0>(fields) << " " << std::get<1>(fields) << " " << k
            << " " << limit << " " << bits << "\n";
  return Bad != 0;
}
