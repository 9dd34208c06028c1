// Destructor calls in the emitted OpenCL C: at the end of a scope in reverse
// order of declaration, before break and return, for the elements of an
// array from the last, for temporaries after their full-expression's value,
// and, inside a destructor, for the members and then the bases. Classes
// whose destruction does nothing on the device (views, empty destructors)
// get no calls.
// RUN: %ampcc -emit-opencl %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
#include <amp.h>
using namespace concurrency;

struct Counter {
  array_view<int> C;
  Counter(const array_view<int> &C) restrict(cpu, amp) : C(C) {}
  ~Counter() restrict(cpu, amp) { C[0] += 1; }
  int get() const restrict(cpu, amp) { return C[0]; }
};

struct Slot {
  int V;
  Slot() restrict(cpu, amp) : V(0) {}
  ~Slot() restrict(cpu, amp) { V = -1; }
};

struct Holder : Counter {
  Slot First;
  Slot Second;
  Holder(const array_view<int> &C) restrict(cpu, amp) : Counter(C) {}
};

// Only views and an empty destructor: nothing to run.
struct Quiet {
  array_view<int> C;
  ~Quiet() restrict(cpu, amp) {}
};

int early(const array_view<int> &C, int X) restrict(amp) {
  Counter A(C);
  if (X > 0)
    return X + A.get();
  return 0;
}

// CHECK-LABEL: void Slot_dtor(__private Slot *_this)
// CHECK-LABEL: void Holder_dtor(__private Holder *_this)
// CHECK: Slot_dtor(&_this->Second);
// CHECK-NEXT: Slot_dtor(&_this->First);
// CHECK-NEXT: Counter_dtor(&_this->_base0);

// CHECK-LABEL: int early(
// CHECK: Counter A = Counter_ctor(C);
// CHECK: [[R:_ampcc_t[0-9]+]] = X + Counter_get(A);
// CHECK-NEXT: Counter_dtor(&A);
// CHECK-NEXT: return [[R]];

// CHECK-LABEL: __kernel void
// CHECK-NOT: Quiet_dtor
// CHECK: Slot Many[3];
// CHECK: Counter Outer = Counter_ctor(c);
// CHECK: Counter Inner = Counter_ctor(c);
// CHECK: { Counter_dtor(&Inner); break; }
// CHECK: Counter_dtor(&Inner);
// CHECK: ((void)(Counter_get((*([[T:_ampcc_t[0-9]+]] = Counter_ctor(c), &[[T]])))), Counter_dtor(&[[T]]));
// CHECK: Holder_dtor(&H);
// CHECK-NEXT: Counter_dtor(&Outer);
// CHECK-NEXT: for (int [[K:_ampcc_k[0-9]+]] = 3; [[K]]-- > 0;) Slot_dtor(&((__private Slot *)(Many))[[[K]]]);
void kernels(array_view<int> c) {
  parallel_for_each(c.get_extent(), [=](index<1> i) restrict(amp) {
    Quiet Q{c};
    Slot Many[3];
    Counter Outer(c);
    for (int k = 0; k < 4; ++k) {
      Counter Inner(c);
      if (k == i[0])
        break;
    }
    Counter(c).get();
    Holder H(c);
    c[i] = early(c, i[0]);
  });
}
