// atomic_compare_exchange inside a user helper (an atomic max by a CAS loop,
// taking int&) called on a tile_static variable and on an array_view
// element: the helper is cloned for __local and __global, and each clone
// calls a CAS wrapper for its address space built on atomic_cmpxchg, which
// returns whether the exchange happened and otherwise stores the value
// found into *expected (spec §6). The unsigned overload gets its own
// wrapper.
// RUN: %ampcc -emit-opencl -fno-robust-buffer-access %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
#include <amp.h>
using namespace concurrency;

static const int TILE_SIZE = 64;

int atomic_max_cas(int &dest, int value) restrict(amp) {
  int expected = dest;
  while (expected < value && !atomic_compare_exchange(&dest, &expected, value)) {
  }
  return expected;
}

void tile_max(array_view<int, 1> data, array_view<unsigned int, 1> flags) {
  parallel_for_each(data.extent.tile<TILE_SIZE>(), [=](tiled_index<TILE_SIZE> t) restrict(amp) {
    tile_static int tile_max;
    if (t.local[0] == 0)
      tile_max = -1;
    t.barrier.wait();
    atomic_max_cas(tile_max, data[t.global]);
    t.barrier.wait();
    if (t.local[0] == 0)
      atomic_max_cas(data[0], tile_max);
    unsigned int expected = 0u;
    bool won = atomic_compare_exchange(&flags[t.tile[0]], &expected, 1u);
    if (!won)
      data[t.global] = (int)expected;
  });
}

// CHECK: bool [[CAS_L:[A-Za-z0-9_]*cas[A-Za-z0-9_]*]](volatile __local int *dest, __private int *expected, int value) {
// CHECK-NEXT: int old = atomic_cmpxchg(dest, *expected, value);
// CHECK-NEXT: if (old == *expected)
// CHECK-NEXT: return true;
// CHECK-NEXT: *expected = old;
// CHECK-NEXT: return false;
// CHECK-LABEL: int atomic_max_cas{{[A-Za-z0-9_]*}}(__local int *dest, int value) {
// CHECK: int expected = (*dest);
// CHECK: while (expected < value && ![[CAS_L]](dest, &(expected), value))

// CHECK: bool [[CAS_G:[A-Za-z0-9_]*cas[A-Za-z0-9_]*]](volatile __global int *dest, __private int *expected, int value) {
// CHECK-NEXT: int old = atomic_cmpxchg(dest, *expected, value);
// CHECK-LABEL: int atomic_max_cas{{[A-Za-z0-9_]*}}(__global int *dest, int value) {
// CHECK: while (expected < value && ![[CAS_G]](dest, &(expected), value))

// CHECK: bool [[CAS_U:[A-Za-z0-9_]*cas[A-Za-z0-9_]*]](volatile __global uint *dest, __private uint *expected, uint value) {
// CHECK-NEXT: uint old = atomic_cmpxchg(dest, *expected, value);

// CHECK-LABEL: {{^}}__kernel {{.*}}void tile_max_kernel(
// CHECK: __local int tile_max;
// CHECK: atomic_max_cas{{[A-Za-z0-9_]*}}(&(tile_max), (*ampcc_view_int_1_at(data, {{.*}})));
// CHECK: atomic_max_cas{{[A-Za-z0-9_]*}}(ampcc_view_int_1_at1(data, 0), tile_max);
// CHECK: uint expected = 0u;
// CHECK: bool won = [[CAS_U]](ampcc_view_uint_1_at1(flags, {{.*}}), &(expected), 1u);
