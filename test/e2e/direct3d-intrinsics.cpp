// Every Concurrency::direct3d intrinsic in a kernel on edge values: 0, 1,
// -1, 0x80000000 (INT_MIN), 0xFFFFFFFF, INT_MAX, powers of two, negative
// and fractional floats, values below, inside and above clamp ranges. The
// CPU reference is written independently here, bit by bit where the
// definition is about bits; noise is checked for its properties (0 at
// integers, within [-1, 1], deterministic, continuous).
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: direct3d-intrinsics: {{[1-9][0-9]+}} checks, 0 mismatches
// CHECK-NOT: mismatch
#include <amp.h>
#include <climits>
#include <cmath>
#include <cstdio>
#include <vector>
using namespace concurrency;

static const int IOuts = 16, FOuts = 12;

static int refFirstBitHigh(int X) {
  unsigned U = (unsigned)X, Sign = U >> 31;
  for (int B = 31; B >= 0; --B)
    if (((U >> B) & 1u) != Sign)
      return B;
  return -1;
}
static int refFirstBitLow(int X) {
  for (int B = 0; B < 32; ++B)
    if (((unsigned)X >> B) & 1u)
      return B;
  return -1;
}
static unsigned refReverse(unsigned X) {
  unsigned R = 0;
  for (int B = 0; B < 32; ++B)
    if ((X >> B) & 1u)
      R |= 1u << (31 - B);
  return R;
}
static unsigned refCount(unsigned X) {
  unsigned N = 0;
  for (int B = 0; B < 32; ++B)
    N += (X >> B) & 1u;
  return N;
}

int main() {
  const int IV[] = {0, 1, -1, INT_MIN, INT_MAX, 2, -2, 0x40000000, 12345, -98765, 0x00F00000, 16};
  const float FV[] = {0.0f, 1.0f, -1.0f, 0.5f, -0.25f, 2.0f, -3.5f, 0.75f, 90.0f, 180.0f, 1e-3f, 8.0f};
  const int NI = sizeof(IV) / sizeof(IV[0]), NF = sizeof(FV) / sizeof(FV[0]);
  const int N = NI * NI;
  std::vector<int> A(N), B(N), IOut(N * IOuts), IRef(N * IOuts);
  std::vector<float> FA(N), FB(N), FOut(N * FOuts), FRef(N * FOuts);
  for (int I = 0; I < N; ++I) {
    int a = IV[I / NI], b = IV[I % NI];
    A[I] = a;
    B[I] = b;
    unsigned ua = (unsigned)a, ub = (unsigned)b;
    int *R = &IRef[I * IOuts];
    R[0] = a == INT_MIN ? INT_MIN : (a < 0 ? -a : a);
    int lo = a < b ? a : b, hi = a < b ? b : a;
    R[1] = 5 < lo ? lo : (5 > hi ? hi : 5); // clamp(5, lo, hi)
    R[2] = (int)refCount(ua);
    R[3] = refFirstBitHigh(a);
    R[4] = refFirstBitLow(a);
    R[5] = a > b ? a : b;
    R[6] = a < b ? a : b;
    R[7] = (int)(ua > ub ? ua : ub);
    R[8] = (int)(ua < ub ? ua : ub);
    R[9] = (int)(ua * ub + 7u);  // mad(int), wrapping
    R[10] = (int)(ua * 3u + ub); // mad(uint)
    R[11] = (int)refReverse(ua);
    R[12] = a > 0 ? 1 : (a < 0 ? -1 : 0);
    float x = FV[I / NI % NF], y = FV[I % NF];
    FA[I] = x;
    FB[I] = y;
    R[13] = x > 0 ? 1 : (x < 0 ? -1 : 0); // sign(float)
    R[14] = (int)refReverse(refReverse(ua)) == a;
    R[15] = 0;
    float *F = &FRef[I * FOuts];
    float flo = x < y ? x : y, fhi = x < y ? y : x;
    F[0] = 0.3f < flo ? flo : (0.3f > fhi ? fhi : 0.3f);
    F[1] = x * y + 0.5f; // mad(float): exact for these values
    F[2] = x * 0.0174532925199432957692f;
    F[3] = x != 0.0f ? 1.0f / x : 0.0f;
    F[4] = x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x);
    F[5] = y >= x ? 1.0f : 0.0f; // step(x, y)
    float t = (y - (-1.0f)) / (1.0f - (-1.0f));
    t = t < 0.0f ? 0.0f : (t > 1.0f ? 1.0f : t);
    F[6] = t * t * (3.0f - 2.0f * t); // smoothstep(-1, 1, y)
    F[7] = 0.0f;                       // noise(integer)
    F[8] = 1.0f;                       // |noise(x + 0.37)| <= 1
    F[9] = 1.0f;                       // deterministic
    F[10] = 1.0f;                      // continuous
    F[11] = (float)(x * (double)y + 0.25); // mad(double) reference in double
  }
  array_view<const int, 1> AV(N, A), BV(N, B);
  array_view<const float, 1> FAV(N, FA), FBV(N, FB);
  array_view<int, 1> IOV(N * IOuts, IOut);
  array_view<float, 1> FOV(N * FOuts, FOut);
  parallel_for_each(AV.extent, [=](index<1> Idx) restrict(amp) {
    using namespace concurrency::direct3d;
    int a = AV[Idx], b = BV[Idx];
    unsigned ua = (unsigned)a, ub = (unsigned)b;
    int I = Idx[0] * IOuts;
    IOV[I + 0] = direct3d::abs(a);
    IOV[I + 1] = clamp(5, imin(a, b), imax(a, b));
    IOV[I + 2] = (int)countbits(ua);
    IOV[I + 3] = firstbithigh(a);
    IOV[I + 4] = firstbitlow(a);
    IOV[I + 5] = imax(a, b);
    IOV[I + 6] = imin(a, b);
    IOV[I + 7] = (int)umax(ua, ub);
    IOV[I + 8] = (int)umin(ua, ub);
    IOV[I + 9] = mad(a, b, 7);
    IOV[I + 10] = (int)mad(ua, 3u, ub);
    IOV[I + 11] = (int)reversebits(ua);
    IOV[I + 12] = sign(a);
    float x = FAV[Idx], y = FBV[Idx];
    IOV[I + 13] = sign(x);
    IOV[I + 14] = (int)reversebits(reversebits(ua)) == a;
    IOV[I + 15] = 0;
    int F = Idx[0] * FOuts;
    FOV[F + 0] = clamp(0.3f, x < y ? x : y, x < y ? y : x);
    FOV[F + 1] = mad(x, y, 0.5f);
    FOV[F + 2] = radians(x);
    FOV[F + 3] = x != 0.0f ? rcp(x) : 0.0f;
    FOV[F + 4] = saturate(x);
    FOV[F + 5] = step(x, y);
    FOV[F + 6] = smoothstep(-1.0f, 1.0f, y);
    FOV[F + 7] = noise((float)(int)(x * 4.0f));
    float nz = noise(x + 0.37f);
    FOV[F + 8] = (nz >= -1.0f && nz <= 1.0f) ? 1.0f : 0.0f;
    FOV[F + 9] = nz == noise(x + 0.37f) ? 1.0f : 0.0f;
    float Step = noise(x + 0.37f + 1e-3f) - nz;
    FOV[F + 10] = (Step < 0.05f && Step > -0.05f) ? 1.0f : 0.0f;
    FOV[F + 11] = (float)mad((double)x, (double)y, 0.25);
  });
  IOV.synchronize();
  FOV.synchronize();
  int Bad = 0, Checks = 0;
  for (int I = 0; I < N * IOuts; ++I, ++Checks)
    if (IOut[I] != IRef[I] && Bad++ < 10)
      std::printf("mismatch at int %d (a=%d b=%d, out %d): %d vs %d\n", I / IOuts,
                  A[I / IOuts], B[I / IOuts], I % IOuts, IOut[I], IRef[I]);
  for (int I = 0; I < N * FOuts; ++I, ++Checks) {
    // radians and rcp may differ from the host in the last bit on a device.
    float Tol = (I % FOuts == 2 || I % FOuts == 3) ? 1e-6f * std::fabs(FRef[I]) : 0.0f;
    if (!(std::fabs(FOut[I] - FRef[I]) <= Tol) && Bad++ < 10)
      std::printf("mismatch at float %d (x=%g y=%g, out %d): %.9g vs %.9g\n", I / FOuts,
                  FA[I / FOuts], FB[I / FOuts], I % FOuts, FOut[I], FRef[I]);
  }
  std::printf("direct3d-intrinsics: %d checks, %d mismatches\n", Checks, Bad);
  return Bad != 0;
}
