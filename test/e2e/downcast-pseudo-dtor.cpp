// Pointer downcasts to a class whose first base is the pointee ((Derived *)
// &base_object, in private and tile_static memory), pseudo-destructor calls
// on scalars from a template (t.~T()), and explicit pointer casts keep the
// address space of what they point to. Compared with a CPU reference.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: downcasts: 0 mismatches of 64
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

struct Base {
  int I;
  float F;
};
struct Derived : Base {
  int Extra;
};

template <typename T> T destroyed(T V) restrict(amp) {
  T Copy = V;
  Copy.~T(); // a no-op for scalars
  return Copy;
}

int main() {
  std::vector<int> Out(64, 0), In(64);
  for (int I = 0; I < 64; ++I)
    In[I] = I * 3;
  array_view<int, 1> OutV(64, Out);
  array_view<int, 1> InV(64, In);
  parallel_for_each(OutV.extent.tile<16>(), [=](tiled_index<16> T) restrict(amp) {
    Derived D;
    D.I = InV[T.global];
    D.F = 0.5f;
    D.Extra = 2;
    Base *B = &D;
    Derived *Back = (Derived *)B;
    tile_static Derived Shared[16];
    Shared[T.local[0]] = D;
    Base *SB = &Shared[T.local[0]];
    Derived *SBack = static_cast<Derived *>(SB);
    int *Raw = &InV[T.global];
    const unsigned *AsUnsigned = (const unsigned *)Raw; // stays global
    OutV[T.global] = destroyed(Back->Extra) * SBack->I + int(*AsUnsigned) -
                     destroyed<int>(SBack->Extra);
  });
  OutV.synchronize();
  int Bad = 0;
  for (int I = 0; I < 64; ++I)
    Bad += Out[I] != 2 * (I * 3) + I * 3 - 2;
  std::printf("downcasts: %d mismatches of 64\n", Bad);
}
