// direct3d_printf is OpenCL C's printf (a float argument stays a float, so
// no double is needed); the fences are mem_fence; direct3d_errorf and
// direct3d_abort record themselves in the fault buffer (the kernel's last
// argument, as in checked mode), and every statement that may reach one is
// followed by a return when the thread aborted. A program without them
// takes no fault buffer.
// RUN: %ampcc -emit-opencl -DABORTS %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
// RUN: %ampcc -emit-opencl %s -o %t.plain.cl
// RUN: %FileCheck --check-prefix=PLAIN %s < %t.plain.cl
// RUN: %clcheck %t.plain.cl
// PLAIN-NOT: ampcc_chk
// PLAIN-NOT: double
// PLAIN: printf("%d: %f %s\n", {{.*}}, f, "tail");
// PLAIN: mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
// PLAIN: mem_fence(CLK_GLOBAL_MEM_FENCE);
// PLAIN: mem_fence(CLK_LOCAL_MEM_FENCE);
#include <amp.h>
using namespace concurrency;

#ifdef ABORTS
// Statements that cannot abort get no check.
// CHECK: int twice(int x, ampcc_checks *ampcc_chk) {
// CHECK-NOT: aborted
// CHECK: }
int twice(int x) restrict(amp) { return 2 * x; }

// CHECK: int ampcc_claim_abort(ampcc_checks *chk, int site, int kind) {
// CHECK-NEXT: __global int *f = chk->fault;
// CHECK-NEXT: chk->aborted = 1;
// CHECK: f[2] = site; f[3] = kind;

// CHECK: void ampcc_errorf_0(ampcc_checks *chk, int a0, float a1) {
// CHECK-NEXT: printf("bad %d (%f)\n", a0, a1);
// CHECK-NEXT: if (ampcc_claim_abort(chk, 0, -3)) {
// CHECK-NEXT: __global long *w = (__global long *)(chk->fault + 16);
// CHECK-NEXT: w[0] = (long)a0;
// CHECK-NEXT: w[1] = (long)as_uint(a1);

// A function with a value returns zero when its thread aborted.
// CHECK: int validate(int x, ampcc_checks *ampcc_chk) {
// CHECK: ampcc_errorf_0(ampcc_chk, x, 0.5f);
// CHECK-NEXT: if (ampcc_chk->aborted) { int ampcc_zero = {0}; return ampcc_zero; }
int validate(int x) restrict(amp) {
  if (x > 5)
    direct3d_errorf("bad %d (%f)\n", x, 0.5f);
  return x;
}

#endif

void kernels(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    float f = 1.5f;
    direct3d_printf("%d: %f %s\n", t.global[0], f, "tail");
    all_memory_fence(t.barrier);
    global_memory_fence(t.barrier);
    tile_static_memory_fence(t.barrier);
#ifdef ABORTS
    v[t.global] = validate(twice(t.global[0]));
    if (t.local[0] == 3)
      direct3d_abort();
#endif
  });
}

// CHECK: __kernel {{.*}} void kernels_kernel(__global int *v_data, ampcc_shape1 v_shape, __global int *ampcc_fault{{.*}}) {
// CHECK: printf("%d: %f %s\n", {{.*}}, f, "tail");
// CHECK: = validate(twice({{.*}}, ampcc_chk), ampcc_chk);
// CHECK-NEXT: if (ampcc_chk->aborted) return;
// CHECK: (void)ampcc_claim_abort(ampcc_chk, 1, -2);
// CHECK-NEXT: if (ampcc_chk->aborted) return;
