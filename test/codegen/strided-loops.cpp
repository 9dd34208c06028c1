// A for loop stepping by a stride known only at run time (a grid-stride
// loop over a captured stride) is printed with its trip count computed
// first (ampcc_trips), since LLVM cannot count the iterations of a loop
// whose stride might be zero or negative and so neither unrolls it nor
// overlaps its loads. Constant strides, and loops whose body changes the
// counter, the bound or the stride (also through a pointer taken before
// the loop), stay as written. In the PTX the
// grid-stride loop is unrolled: several loads a trip through its body.
// RUN: %ampcc -emit-opencl %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %FileCheck --check-prefix=MEMBER %s < %t.cl
// RUN: %ampcc -emit-ptx -fno-robust-buffer-access %s -o %t.ptx
// RUN: %FileCheck --check-prefix=PTX %s < %t.ptx
#include <amp.h>
using namespace concurrency;

// CHECK: long ampcc_trips(int from, int bound, int step) {

// CHECK-LABEL: gridStride_kernel(
// CHECK: long ampcc_trips_left = ampcc_trips(i, n, stride);
// CHECK-NEXT: for (; ampcc_trips_left > 0; --ampcc_trips_left, i += stride)
// The bound may be written the other way round, and be a view's extent.
// CHECK: ampcc_trips_left = ampcc_trips(j, {{.*}}, stride * 2);
// CHECK-NEXT: for (; ampcc_trips_left > 0; --ampcc_trips_left, j += stride * 2)
void gridStride(array_view<const int, 1> In, array_view<int, 1> Out, int stride) {
  int n = In.extent[0];
  parallel_for_each(extent<1>(256), [=](index<1> Idx) restrict(amp) {
    int sum = 0;
    for (int i = Idx[0]; i < n; i += stride)
      sum += In[i];
    for (int j = Idx[0]; In.extent[0] > j; j += stride * 2)
      sum += In[j];
    Out[Idx] = sum;
  });
}

// CHECK-LABEL: asWritten_kernel(
// CHECK-NOT: ampcc_trips_left
// CHECK: for (; i < n; i += 4)
// CHECK: for (; k < n; k += stride)
// CHECK: for (; m < bound; m += stride)
// CHECK: for (; q < n; q += s)
// CHECK: for (; r < limit; r += stride)
void asWritten(array_view<const int, 1> In, array_view<int, 1> Out, int stride) {
  int n = In.extent[0];
  parallel_for_each(extent<1>(256), [=](index<1> Idx) restrict(amp) {
    int sum = 0;
    for (int i = Idx[0]; i < n; i += 4) // A constant stride: LLVM counts it.
      sum += In[i];
    for (int k = Idx[0]; k < n; k += stride) { // The body moves the counter.
      sum += In[k];
      if (sum > 100)
        ++k;
    }
    int bound = n;
    for (int m = Idx[0]; m < bound; m += stride) // The body moves the bound.
      bound -= In[m];
    int s = stride;
    for (int q = Idx[0]; q < n; q += s) // The body changes the stride.
      s += In[q] & 1;
    int limit = n;
    int *p = &limit; // The body changes the bound through a pointer.
    for (int r = Idx[0]; r < limit; r += stride)
      *p -= In[r];
    Out[Idx] = sum + bound + s + limit;
  });
}

// A member function's loop bounded by a field of `this` that a non-const
// member called from the loop changes stays as written.
struct Walker {
  int n;
  void shrink() restrict(amp) { n -= 1; }
  int walk(int from, int s) restrict(amp) {
    int c = 0;
    for (int i = from; i < n; i += s) {
      ++c;
      shrink();
    }
    return c;
  }
};
// MEMBER-LABEL: int Walker_walk(
// MEMBER-NOT: ampcc_trips_left
// MEMBER: for (; i < _this->n; i += s)
void walkers(array_view<int, 1> Out, int s) {
  parallel_for_each(Out.extent, [=](index<1> Idx) restrict(amp) {
    Walker W{100};
    Out[Idx] = W.walk(Idx[0], s);
  });
}

// PTX-LABEL: .entry gridStride_kernel(
// PTX-COUNT-4: ld.global
// PTX-LABEL: .entry asWritten_kernel(
