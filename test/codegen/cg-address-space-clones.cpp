// Function templates taking T& are cloned per address space of what is
// bound: a view element (__global), a tile_static variable or array element
// (__local) and a local (__private), three clones of the same instantiation
// in one kernel; a tile_static array and a private array passed as T& (a
// reference to an array) become element pointers in the matching space; a
// returned reference keeps the space of its arguments.
// RUN: %ampcc -emit-opencl %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %FileCheck --check-prefix=DEF %s < %t.cl
// RUN: %clcheck %t.cl
#include <amp.h>
using namespace concurrency;

static const int TILE_SIZE = 64;

template <typename T> void accumulate(T &dst, const T &v) restrict(amp) { dst += v; }

template <typename T> T &first_positive(T &a, T &b) restrict(amp) {
  if (a > 0)
    return a;
  return b;
}

template <typename T> void clear_all(T &arr, int n) restrict(amp) {
  for (int i = 0; i < n; ++i)
    arr[i] = 0;
}

void run(array_view<int, 1> data) {
  parallel_for_each(data.extent.tile<TILE_SIZE>(), [=](tiled_index<TILE_SIZE> t) restrict(amp) {
    tile_static int shared_sum;
    tile_static int shared_arr[TILE_SIZE];
    int mine = t.local[0];
    int priv_arr[4];
    clear_all(priv_arr, 4);
    clear_all(shared_arr, TILE_SIZE);
    if (t.local[0] == 0)
      shared_sum = 0;
    t.barrier.wait();
    accumulate(mine, 1);
    accumulate(data[t.global], mine);
    accumulate(shared_arr[t.local[0]], mine);
    accumulate(shared_sum, mine);
    first_positive(shared_sum, shared_arr[0]) += 1;
    first_positive(data[t.global], data[0]) += priv_arr[1];
  });
}

// DEF-DAG: void [[CLEAR_P:clear_all[A-Za-z0-9_]*]](__private int *arr, int n) {
// DEF-DAG: void [[CLEAR_L:clear_all[A-Za-z0-9_]*]](__local int *arr, int n) {
// DEF-DAG: void [[ACC_P:accumulate[A-Za-z0-9_]*]](__private int *dst, int v) {
// DEF-DAG: void [[ACC_G:accumulate[A-Za-z0-9_]*]](__global int *dst, int v) {
// DEF-DAG: void [[ACC_L:accumulate[A-Za-z0-9_]*]](__local int *dst, int v) {
// DEF-DAG: __local int *[[FP_L:first_positive[A-Za-z0-9_]*]](__local int *a, __local int *b) {
// DEF-DAG: __global int *[[FP_G:first_positive[A-Za-z0-9_]*]](__global int *a, __global int *b) {
// DEF-NOT: {{(accumulate|first_positive|clear_all)[A-Za-z0-9_]*}}(__
// DEF-LABEL: {{^}}__kernel {{.*}}void run_kernel(
// DEF: __local int shared_sum;
// DEF: __local int shared_arr[64];
// DEF: [[CLEAR_P]](priv_arr, 4);
// DEF: [[CLEAR_L]](shared_arr, 64);
// DEF: [[ACC_P]](&(mine), 1);
// DEF: [[ACC_G]](ampcc_view_int_1_at_dom(data, {{.*}}), mine);
// DEF: [[ACC_L]](&(shared_arr[{{.*}}]), mine);
// DEF: [[ACC_L]](&(shared_sum), mine);
// DEF: (*[[FP_L]](&(shared_sum), &(shared_arr[0]))) += 1;
// DEF: (*[[FP_G]](ampcc_view_int_1_at_dom(data, {{.*}}), ampcc_view_int_1_at1_dom(data, 0))) += priv_arr[1];

// The clones' bodies are the same statements.
// CHECK-LABEL: (__local int *a, __local int *b) {
// CHECK: if ((*a) > 0)
// CHECK: return a;
// CHECK: return b;
// CHECK-LABEL: (__global int *a, __global int *b) {
// CHECK: if ((*a) > 0)
// CHECK: return a;
// CHECK: return b;
