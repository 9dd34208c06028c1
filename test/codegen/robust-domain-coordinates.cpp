// Which accesses robust buffer access proves in range once the views cover
// the domain (DomainIndexing.h): those get a _dom helper, whose guard
// AMPCC_DOMAIN_COVERED removes; every other access keeps the plain guarded
// helper. A transposed tile's coordinate tile_origin[d] + local[e] counts
// as coordinate d only when tile extent e is at most tile extent d.
// RUN: %ampcc -O2 -emit-opencl %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir && %ampcc -O2 -c %s -save-temps
// RUN: %FileCheck --check-prefix=STUB %s < %t.dir/robust-domain-coordinates-2.kernels.cpp
#include <amp.h>
using namespace concurrency;

void square(array_view<const float, 2> In, array_view<float, 2> Out) {
  parallel_for_each(Out.extent.tile<16, 16>(), [=](tiled_index<16, 16> T) restrict(amp) {
    int R = T.tile_origin[1] + T.local[0], C = T.local[1] + T.tile_origin[0];
    Out(R, C) = In[T.global];
  });
}
// CHECK-LABEL: __kernel {{.*}} void square_kernel(
// CHECK: (*ampcc_view_float_2_at2_dom(Out, R, C)) = (*ampcc_view_cfloat_2_at_dom_rd(In, T.global__));

void wide(array_view<const float, 2> In, array_view<float, 2> Out) {
  parallel_for_each(Out.extent.tile<8, 16>(), [=](tiled_index<8, 16> T) restrict(amp) {
    // local[1] runs to 15 but tile_origin[0] steps by 8: not a coordinate,
    // in range only when Out has 8 rows past the domain and In a column
    // past it (IndexRanges: facts the runtime checks at launch).
    Out(T.tile_origin[0] + T.local[1], T.global[1]) = In(T.global[0], T.global[1] + 1);
  });
}
// CHECK-LABEL: __kernel {{.*}} void wide_kernel(
// CHECK: (*ampcc_view_float_2_at2_dom(Out, {{.*}})) = (*ampcc_view_cfloat_2_at2_dom_rd(In, {{.*}}));
// STUB: // wide_kernel: in range when every line holds
// STUB-NEXT: //  (-8*tiles[0] + 2147483640 >= 0)
// STUB-NEXT: //  (-8*tiles[0] + 2147483640 >= 0 and Out.extent[0] - 8*tiles[0] - 8 >= 0)
// STUB-NEXT: //  (Out.extent[1] - domain[1] >= 0)
// STUB-NEXT: //  (-domain[0] + In.extent[0] >= 0)
// STUB-NEXT: //  (-domain[1] + In.extent[1] - 1 >= 0)

void moved(array_view<float, 1> Out) {
  parallel_for_each(Out.extent, [=](index<1> I) restrict(amp) {
    int K = I[0];
    K += 1;            // no longer the thread's coordinate
    Out[K] = 1.0f;
    Out[I[0]] = 2.0f;  // still is
  });
}
// CHECK-LABEL: __kernel void moved_kernel(
// CHECK: (*ampcc_view_float_1_at1(Out, K)) = 1.0f;
// CHECK: (*ampcc_view_float_1_at1_dom(Out, {{.*}})) = 2.0f;
