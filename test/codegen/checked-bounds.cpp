// Checked mode (`-fsanitize=bounds`): view, array and C array accesses in
// kernels go through helpers that compare the index with the extent and
// record a bad one in the fault buffer, the kernel's last argument, which
// reaches every function as `ampcc_checks *ampcc_chk`. Without the flag
// none of it is emitted: checking costs nothing when off.
// RUN: %ampcc -emit-opencl -fsanitize=bounds %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
// RUN: %ampcc -emit-opencl %s -o %t.plain.cl
// RUN: %FileCheck --check-prefix=PLAIN %s < %t.plain.cl
// PLAIN-NOT: ampcc_chk
// PLAIN-NOT: ampcc_fault
// PLAIN-NOT: scratch
#include <amp.h>
using namespace concurrency;

// CHECK: typedef struct { ulong w[{{[0-9]+}}]; } ampcc_scratch;
// CHECK: __local ampcc_scratch *local_scratch;

// CHECK: void ampcc_report_fault(ampcc_checks *chk, int site, int rank,
// CHECK: __local char *ampcc_checked_element_local(__local char *base, int i, int n, int size, ampcc_checks *chk, int site)
// CHECK-NEXT: if ((uint)i >= (uint)n) {
// CHECK-NEXT: ampcc_report_fault(chk, site, 1, i, 0, 0, n, 0, 0);
// CHECK-NEXT: return (__local char *)chk->local_scratch;

// A callee takes the checking state last.
// CHECK: int twice(int x, ampcc_checks *ampcc_chk)
int twice(int x) restrict(amp) { return 2 * x; }

// CHECK: __global int *ampcc_view_int_1_at1(ampcc_view_int_1 v, int i0, ampcc_checks *chk, int site) {
// CHECK-NEXT: if ((uint)(i0) >= (uint)v.shape.ext[0]) {
// CHECK-NEXT: ampcc_report_fault(chk, site, 1, i0, 0, 0, v.shape.ext[0], 0, 0);
// CHECK-NEXT: return (__global int *)chk->global_scratch;

// CHECK: __kernel {{.*}}void main_kernel({{.*}}, __global int *ampcc_fault)
// CHECK: ampcc_checks *ampcc_chk = &ampcc_check_state;
int main() {
  int Host[64] = {0};
  array_view<int, 1> Out(64, Host);
  parallel_for_each(Out.extent.tile<64>(), [=](tiled_index<64> T) restrict(amp) {
    tile_static int S[64];
    // A constant index inside the array is not checked.
    // CHECK: S[0] = 1;
    S[0] = 1;
    // CHECK: (*(__local int *)ampcc_checked_element_local((__local char *)(S), (int)(
    S[T.local[0]] = twice(T.local[0]);
    T.barrier.wait();
    // CHECK: ampcc_view_int_1_at1(Out, {{.*}}, ampcc_chk, {{[0-9]+}})
    Out[T.global[0]] = S[63 - T.local[0]];
  });
  return 0;
}
