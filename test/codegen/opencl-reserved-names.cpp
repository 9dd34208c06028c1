// User identifiers that are OpenCL C keywords, types or built-in functions
// are renamed in the generated code so that it still compiles: views and
// scalars named `global`, `image2d_t`, `read_only`; an index named
// `get_global_id` (the real built-in must still be called); locals named
// `local`, `uint`, `half`; struct members named `local` and `constant`, a
// struct named `kernel`; and restrict(amp) functions named `min` and `dot`.
// RUN: %ampcc -emit-opencl -fno-robust-buffer-access %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
#include <amp.h>
using namespace concurrency;

int min(int a, int b) restrict(amp) { return a < b ? a : b; }
float dot(float a, float b) restrict(amp) { return a * b; }
struct kernel {
  int local;
  float constant;
};

void run(int *P, float *Q, int N, kernel k) {
  array_view<int, 1> global(N, P);
  array_view<float, 1> image2d_t(N, Q);
  int read_only = 4;
  parallel_for_each(global.extent, [=](index<1> get_global_id) restrict(amp) {
    int local = global[get_global_id];
    int uint = min(local, read_only) + k.local;
    float half = dot(image2d_t[get_global_id], k.constant);
    global[get_global_id] = uint;
    image2d_t[get_global_id] = half;
  });
}

// The renamed definitions: none keeps the reserved spelling.
// CHECK: typedef struct [[KERNEL:kernel[A-Za-z0-9_]+]] {
// CHECK-NEXT: int [[LOCALM:[A-Za-z0-9_]+]];
// CHECK-NEXT: float [[CONSTM:[A-Za-z0-9_]+]];
// CHECK-NEXT: } [[KERNEL]];
// CHECK: int [[MIN:[A-Za-z0-9_]+]](int a, int b) {
// CHECK: float [[DOT:[A-Za-z0-9_]+]](float a, float b) {
// CHECK: __kernel void run_kernel(
// CHECK: (int)get_global_id(0);
// CHECK: int [[LOCAL:[A-Za-z0-9_]+]] = (*ampcc_view_int_1_at([[GLOBAL:[A-Za-z0-9_]+]], [[IDX:[A-Za-z0-9_]+]]));
// CHECK: int [[UINT:[A-Za-z0-9_]+]] = [[MIN]]([[LOCAL]], [[RO:[A-Za-z0-9_]+]]) + k.[[LOCALM]];
// CHECK: float [[HALF:[A-Za-z0-9_]+]] = [[DOT]]((*ampcc_view_float_1_at([[IMG:[A-Za-z0-9_]+]], [[IDX]])), k.[[CONSTM]]);
// CHECK: (*ampcc_view_int_1_at([[GLOBAL]], [[IDX]])) = [[UINT]];
// CHECK: (*ampcc_view_float_1_at([[IMG]], [[IDX]])) = [[HALF]];

// No reserved word is used as an identifier anywhere.
// RUN: %FileCheck --check-prefix=NOTRAW %s < %t.cl
// NOTRAW-NOT: {{[ (]}}global{{[ ,;.)]}}
// NOTRAW-NOT: struct kernel {
// NOTRAW-NOT: {{^}}int min(
// NOTRAW-NOT: {{^}}float dot(
// NOTRAW-NOT: int local =
// NOTRAW-NOT: int uint =
// NOTRAW-NOT: float half =
// NOTRAW-NOT: int read_only{{[,;) ]}}
// NOTRAW-NOT: .local;
// NOTRAW-NOT: Concurrency_index_1 get_global_id;
