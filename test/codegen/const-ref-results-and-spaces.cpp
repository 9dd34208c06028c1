// Two things OpenCL C 1.2 cannot write the way C++ does, from a ray tracer
// written for Visual C++:
// - a local `const V &d = light.dir();` where dir() returns a `const V &`:
//   C functions return const references as values (Lowering.h), so the
//   local holds the value, as it does for a reference to a temporary (no
//   address of a C rvalue);
// - `this == &other` in an operator= whose `this` is an element of a
//   global array and whose `other` is a private copy: C rejects comparing
//   pointers into different address spaces, and no object lives in two,
//   so == is 0 and != is 1 (operands with side effects, here the view's
//   element function, still run); a comparison within one space stays.
// The results are checked against the host's.
// REQUIRES: opencl
// RUN: %ampcc -emit-opencl %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
// RUN: %ampcc %s -o %t && %t | %FileCheck --check-prefix=EXEC %s
// CHECK-LABEL: Color_operator_assign_G(
// CHECK: if ((0))
// CHECK: {{^}}__kernel void
// CHECK: V d = Light_dir(
// CHECK: V e = Light_dir(
// CHECK: bool Differ = ((void)(ampcc_view_Color_1_at_dom(c, i)), 1);
// CHECK: bool Same = &(k) == &(k);
// EXEC: lights and colours: 0 mismatches
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

struct V {
  double x, y;
};

class Light {
public:
  Light() restrict(cpu, amp) : w{1.0, 2.0} {}
  explicit Light(double a) restrict(cpu, amp) : w{a, 2 * a} {}
  const V &dir() const restrict(cpu, amp) { return w; }

private:
  V w;
};

struct Color {
  float r;
  int copies;
  Color() restrict(cpu, amp) : r(0), copies(0) {}
  explicit Color(float r) restrict(cpu, amp) : r(r), copies(0) {}
  Color &operator=(const Color &o) restrict(cpu, amp) {
    if (this == &o)
      return *this;
    r = o.r;
    copies = o.copies + 1;
    return *this;
  }
};

int main() {
  const int N = 64;
  std::vector<Light> lights;
  for (int i = 0; i < N; ++i)
    lights.push_back(Light(i));
  array<Light, 1> l(N, lights.begin(), lights.end());
  std::vector<double> out(N);
  std::vector<int> flags(N);
  array_view<double, 1> o(N, out);
  array_view<int, 1> f(N, flags);
  array<Color, 1> c(N);
  parallel_for_each(o.extent, [=, &l, &c](index<1> i) restrict(amp) {
    const auto &d = l[i].dir();
    const V &e = l[i].dir();
    Color k(static_cast<float>(i[0]));
    c[i] = k; // global this, private other
    bool Differ = &c[i] != &k;
    bool Same = &k == &k;
    o[i] = d.x + e.y + c[i].r;
    f[i] = c[i].copies * 100 + (Same ? 10 : 0) + (Differ ? 1 : 0);
  });
  o.synchronize();
  f.synchronize();
  int Bad = 0;
  for (int i = 0; i < N; ++i) {
    Light Host(i);
    Bad += out[i] != Host.dir().x + Host.dir().y + i;
    Bad += flags[i] != 111;
  }
  std::cout << "lights and colours: " << Bad << " mismatches\n";
  return Bad != 0;
}
