// OpenCL C 1.2 has no generic address space: a function whose returned
// reference or pointer points into tile_static memory on one path and into
// private memory on another cannot be one C function. The code generator
// reports the return statement that differs from the first one, at its
// file:line:col, naming both spaces; a null pointer returned on another
// path points nowhere and is fine, as are clones that each see one space.
// RUN: %not %ampcc -emit-opencl %s -o %t.cl 2>&1 | %FileCheck %s --implicit-check-not=error:
#include <amp.h>
#include <vector>
using namespace concurrency;

int &pickRef(bool First, int &A, int &B) restrict(amp) {
  if (First)
    return A;
  return B;
  // CHECK: mixed-address-spaces.cpp:[[@LINE-1]]:10: error: returned reference or pointer refers to private memory here but to tile_static memory elsewhere
}

int *pickPtr(bool First, int *A, int *B) restrict(amp) {
  if (First)
    return A;
  return B;
  // CHECK: mixed-address-spaces.cpp:[[@LINE-1]]:10: error: returned reference or pointer refers to private memory here but to tile_static memory elsewhere
}

int *orNull(bool Some, int *A) restrict(amp) {
  if (!Some)
    return nullptr;
  return A;
}

int main() {
  std::vector<int> D(64);
  array_view<int, 1> V(64, D);
  parallel_for_each(V.extent.tile<64>(), [=](tiled_index<64> T) restrict(amp) {
    tile_static int Shared;
    int Mine = T.local[0];
    // One space each: fine.
    int &Same = pickRef(true, Mine, Mine);
    int *Local = orNull(true, &Shared);
    // Two spaces in one clone: reported in the callee.
    int &Mixed = pickRef(T.local[0] == 0, Shared, Mine);
    int *MixedPtr = pickPtr(T.local[0] == 0, &Shared, &Mine);
    V[T.global] = Same + *Local + Mixed + *MixedPtr;
  });
  return 0;
}
