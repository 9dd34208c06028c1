// randamp format 5 seed 35199: a random C++ AMP program (tools/randamp).
// features=atomic,dx,fa,math,struct,uint,vec
// unit 3: tiled rank=1 ext=6 tile=3 phases=functions features=atomic,dx,struct,vec
#include <amp.h>
#include <amp_math.h>
#include <amp_short_vectors.h>
#include <cmath>
#include <cstdio>
#include <exception>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;
static inline int r_add(int a, int b) restrict(cpu, amp) {
  return ((b > 0 && a > 2147483647 - b) || (b < 0 && a < -2147483647 - 1 - b)) ? a : a + b;
}
static inline int r_sub(int a, int b) restrict(cpu, amp) {
  return ((b < 0 && a > 2147483647 + b) || (b > 0 && a < -2147483647 - 1 + b)) ? a : a - b;
}
static inline int r_mul(int a, int b) restrict(cpu, amp) {
  return ((a > 0 && b > 0 && a > 2147483647 / b) ||
          (a > 0 && b <= 0 && b < (-2147483647 - 1) / a) ||
          (a <= 0 && b > 0 && a < (-2147483647 - 1) / b) ||
          (a < 0 && b < 0 && b < 2147483647 / a))
             ? a
             : a * b;
}
static inline int r_div(int a, int b) restrict(cpu, amp) {
  return (b == 0 || (a == -2147483647 - 1 && b == -1)) ? a : a / b;
}
static inline int r_mod(int a, int b) restrict(cpu, amp) {
  return (b == 0 || (a == -2147483647 - 1 && b == -1)) ? a : a % b;
}
static inline int r_neg(int a) restrict(cpu, amp) { return a == -2147483647 - 1 ? a : -a; }
static inline int r_shl(int a, int b) restrict(cpu, amp) {
  return (a < 0 || b < 0 || b >= 31 || a > (2147483647 >> b)) ? a : a << b;
}
static inline int r_shr(int a, int b) restrict(cpu, amp) {
  return (a < 0 || b < 0 || b >= 32) ? a : a >> b;
}
static inline unsigned r_udiv(unsigned a, unsigned b) restrict(cpu, amp) {
  return b == 0u ? a : a / b;
}
static inline unsigned r_umod(unsigned a, unsigned b) restrict(cpu, amp) {
  return b == 0u ? a : a % b;
}
// An index in [0, n) from any int (n > 0).
static inline int r_idx(int a, int n) restrict(cpu, amp) {
  return (int)((unsigned)a % (unsigned)n);
}

// Exact floats and doubles.
static inline float rx_f(int a) restrict(cpu, amp) { return (float)(a % 4194304); }
static inline float rx_uf(unsigned a) restrict(cpu, amp) { return (float)(a & 4194303u); }
static inline int rx_fi(float a) restrict(cpu, amp) {
  return (a > -2147483520.0f && a < 2147483520.0f) ? (int)a : 0;
}
static inline float rx_fadd(float a, float b) restrict(cpu, amp) {
  return (a > -4194304.0f && a < 4194304.0f && b > -4194304.0f && b < 4194304.0f) ? a + b : a;
}
static inline float rx_fsub(float a, float b) restrict(cpu, amp) {
  return (a > -4194304.0f && a < 4194304.0f && b > -4194304.0f && b < 4194304.0f) ? a - b : a;
}
static inline float rx_fmul(float a, float b) restrict(cpu, amp) {
  return (a > -2048.0f && a < 2048.0f && b > -2048.0f && b < 2048.0f) ? a * b : a;
}
static inline double rx_d(int a) restrict(cpu, amp) { return (double)a; }
static inline int rx_di(double a) restrict(cpu, amp) {
  return (a > -2147483648.0 && a < 2147483648.0) ? (int)a : 0;
}
static inline double rx_dadd(double a, double b) restrict(cpu, amp) {
  return (a > -1e15 && a < 1e15 && b > -1e15 && b < 1e15) ? a + b : a;
}
static inline double rx_dsub(double a, double b) restrict(cpu, amp) {
  return (a > -1e15 && a < 1e15 && b > -1e15 && b < 1e15) ? a - b : a;
}
static inline double rx_dmul(double a, double b) restrict(cpu, amp) {
  return (a > -3e7 && a < 3e7 && b > -3e7 && b < 3e7) ? a * b : a;
}

// Approximate floats and doubles: every result is clamped back into range,
// which is continuous, so it keeps the relative error.
static inline float ra_f(float a) restrict(cpu, amp) {
  return precise_math::fmin(precise_math::fmax(a, 0.0009765625f), 1048576.0f);
}
static inline float ra_fi(int a) restrict(cpu, amp) { return (float)(a & 1023) + 1.0f; }
static inline double ra_d(double a) restrict(cpu, amp) {
  return precise_math::fmin(precise_math::fmax(a, 0.0009765625), 1048576.0);
}
static inline double ra_di(int a) restrict(cpu, amp) { return (double)(a & 65535) + 1.0; }
struct S0 {
  float f0;
  double m0() const restrict(cpu, amp) {
    for (int i1001 = 0; i1001 < 2; ++i1001) {
      double v1002 = 1151210.0;
    }
    return precise_math::fabs(rx_dsub((-100.0), 0.0));
  }
};
static void t3_phase0(int *ts0, double *ts1, unsigned &tv0, unsigned &tv1, int &st0, double &st1, int l0, int g0, int wi, array_view<const int, 1> u3_in0, array_view<const double, 3> u3_in1, array_view<int, 1> u3_out0, array_view<int, 1> u3_at0, int c0) restrict(cpu, amp) {
  ts0[(wi * 2 + 0) % 3] = 1;
  ts1[(wi * 4 + 1) % 3] = 1.0;


  if (wi == 0)
    tv1 = 1u;
  {


  }
}

static void t3_phase1(int *ts0, double *ts1, unsigned &tv0, unsigned &tv1, int &st0, double &st1, int l0, int g0, int wi, array_view<const int, 1> u3_in0, array_view<const double, 3> u3_in1, array_view<int, 1> u3_out0, array_view<int, 1> u3_at0, int c0) restrict(cpu, amp) {
  st0 = u3_in0[0];
  u3_out0[index<1>(g0)] = r_div(u3_out0[index<1>(g0)], ((int)((u3_in1[r_idx(r_shr(u3_in0[7], u3_in0.section(index<1>(1), extent<1>(5))[index<1>(l0)]), 3)][1][r_idx(r_mod(u3_in0[index<1>(r_idx((u3_in1.get_extent()[2] ^ u3_in0.section(index<1>(14), extent<1>(1))[index<1>(0)]), 16))], u3_in0[index<1>(r_idx((int)((u3_in0.section(index<1>(1), extent<1>(5))[index<1>(r_idx((u3_out0[index<1>(g0)] | c0), 5))] & 1023) != 0), 16))]), 8)] < ts1[l0]) && ((l0 & 1023) != 0)) ^ r_shr(u3_out0[index<1>(g0)], ts0[wi])));
}

static void t3_device(array_view<const int, 1> u3_in0, array_view<const double, 3> u3_in1, array_view<int, 1> u3_out0, array_view<int, 1> u3_at0, int c0) {
  parallel_for_each(extent<1>(6).tile<3>(), [=](tiled_index<3> t) restrict(amp) {
    tile_static int ts0[3];
    tile_static double ts1[3];
    tile_static unsigned tv0;
    tile_static unsigned tv1;
    const int l0 = t.local[0];
    const int g0 = t.global[0];
    const int wi = l0;
    int st0 = 1;
    double st1 = 1.0;
    t3_phase0(ts0, ts1, tv0, tv1, st0, st1, l0, g0, wi, u3_in0, u3_in1, u3_out0, u3_at0, c0);
    t.barrier.wait_with_tile_static_memory_fence();
    t3_phase1(ts0, ts1, tv0, tv1, st0, st1, l0, g0, wi, u3_in0, u3_in1, u3_out0, u3_at0, c0);
  });
}

int main() {
  std::vector<int> in0(32), out0(8), at0(2);
  std::vector<double> in1(96);
  array_view<const int, 2> in0_all(2, 16, in0);
  array_view<const double, 3> in1_all(4, 3, 8, in1);
  array<int, 1> out0_all(extent<1>(8), out0.begin(), out0.end());
  array_view<int, 1> at0_v(2, at0);
  t3_device(in0_all[1], in1_all.section(extent<3>(3, 2, 8)), out0_all.section(extent<1>(6)), at0_v, 1274882641);
  copy(out0_all, out0.begin());
  std::printf("%d %d\n", out0[0], out0[5]);
  return 0;
}
