// The element type of concurrency::array and array_view must be
// amp-compatible wherever the container is declared, kernel or not (spec
// 5.1, 5.2; Visual C++ rejects these in host code too): not a container or
// a class holding one, not an empty class, no virtual functions or bases.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error:
#include <amp.h>
#include <vector>
using namespace concurrency;

struct Empty {
  int get() { return 1; }
};
struct Virtual {
  int M;
  virtual int get() { return M; }
};
struct Base {
  int M;
};
struct VirtualBase : virtual Base {};
struct HoldsView {
  array_view<float, 1> V;
};
struct Plain {
  int I;
  float F;
};

void containers(std::vector<Plain> &Host) {
  array<Empty, 1> A(10);
  // CHECK: container-element-types.cpp:[[@LINE-1]]:19: error: 'Empty' cannot be the element type of 'Concurrency::array<Empty>': an empty class has no data
  array<Virtual, 1> B(10);
  // CHECK: container-element-types.cpp:[[@LINE-1]]:21: error: 'Virtual' cannot be the element type of 'Concurrency::array<Virtual>': it has virtual functions
  array<VirtualBase, 1> C(10);
  // CHECK: container-element-types.cpp:[[@LINE-1]]:25: error: 'VirtualBase' cannot be the element type of 'Concurrency::array<VirtualBase>': it has a virtual base
  array<HoldsView, 1> D(10);
  // CHECK: container-element-types.cpp:[[@LINE-1]]:23: error: 'HoldsView' cannot be the element type of 'Concurrency::array<HoldsView>': it is or holds a concurrency::array or array_view
  array<array<int, 1>, 1> E(4);
  // CHECK: container-element-types.cpp:[[@LINE-1]]:27: error: 'Concurrency::array<int>' cannot be the element type of 'Concurrency::array<Concurrency::array<int>>': it is or holds a concurrency::array or array_view
  // Valid: plain classes, const elements, scalars.
  array<Plain, 1> F(10);
  array_view<Plain, 1> G(int(Host.size()), Host);
  array_view<const Plain, 1> H(G);
  array<double, 2> I(4, 4);
}

int main() {}
