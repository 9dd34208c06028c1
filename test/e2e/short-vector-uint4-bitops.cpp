// uint_4 and int_4 bitwise, shift, % and / operators and their compound
// forms, ~, unary minus, ++/--, == and != in a kernel over array<uint_4,1>
// and array_view<int_4,1>, with edge values (0, 0x80000000, 0xFFFFFFFF,
// INT_MIN, negatives). The CPU reference applies the scalar operators to
// each component.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: uint4-bitops: 0 mismatches
// CHECK-NOT: mismatch at
#include <amp.h>
#include <amp_short_vectors.h>
#include <climits>
#include <cstdio>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

static const int Outs = 8;

int main() {
  const unsigned UVals[] = {0u, 1u, 7u, 0x80000000u, 0xFFFFFFFFu, 0x12345678u, 31u, 0xF0F0F0F0u};
  const int IVals[] = {0, 1, -1, INT_MIN, INT_MAX, -12345, 77, 5};
  const int NV = 8, N = NV * NV;
  std::vector<uint_4> UA(N), UOut(N * Outs);
  std::vector<int_4> IA(N), IOut(N * Outs);
  std::vector<unsigned> URef(N * Outs * 4);
  std::vector<int> IRef(N * Outs * 4);
  for (int I = 0; I < N; ++I) {
    unsigned u[4] = {UVals[I / NV], UVals[I % NV], UVals[(I + 3) % NV], UVals[(I * 5) % NV]};
    int s[4] = {IVals[I / NV], IVals[I % NV], IVals[(I + 3) % NV], IVals[(I * 5) % NV]};
    UA[I] = uint_4(u[0], u[1], u[2], u[3]);
    IA[I] = int_4(s[0], s[1], s[2], s[3]);
    for (int C = 0; C < 4; ++C) {
      unsigned a = u[C], b = u[(C + 1) % 4] % 32u, d = u[(C + 2) % 4] | 1u;
      unsigned *R = &URef[(I * Outs) * 4 + C];
      R[0 * 4] = a & u[(C + 1) % 4];
      R[1 * 4] = a | u[(C + 1) % 4];
      R[2 * 4] = a ^ u[(C + 1) % 4];
      R[3 * 4] = a << b;
      R[4 * 4] = a >> b;
      R[5 * 4] = ~a;
      R[6 * 4] = a % d + a / d;
      R[7 * 4] = (a + 1u) - 1u + (a == u[(C + 1) % 4] ? 1u : 0u);
      int x = s[C], y = s[(C + 1) % 4];
      unsigned sh = (unsigned)y & 31u;
      int dv = (y == 0 || (x == INT_MIN && y == -1)) ? 3 : y;
      int *S = &IRef[(I * Outs) * 4 + C];
      S[0 * 4] = x & y;
      S[1 * 4] = x | y;
      S[2 * 4] = x ^ y;
      S[3 * 4] = (int)((unsigned)x << sh);
      S[4 * 4] = x >> sh;
      S[5 * 4] = ~x;
      S[6 * 4] = x % dv + x / dv;
      S[7 * 4] = (int)(0u - (unsigned)x);
    }
  }
  array<uint_4, 1> UArr(N, UA.begin());
  array_view<const int_4, 1> IV(N, IA);
  array_view<uint_4, 1> UOV(N * Outs, UOut);
  array_view<int_4, 1> IOV(N * Outs, IOut);
  parallel_for_each(IV.extent, [=, &UArr](index<1> Idx) restrict(amp) {
    int Base = Idx[0] * Outs;
    uint_4 a = UArr[Idx];
    uint_4 r = a.yzwx; // the rotated neighbour of each component
    uint_4 b = r % uint_4(32u), d = a.zwxy | 1u;
    UOV[Base + 0] = a & r;
    uint_4 o = a;
    o |= r;
    UOV[Base + 1] = o;
    UOV[Base + 2] = a ^ r;
    UOV[Base + 3] = a << b;
    uint_4 sr = a;
    sr >>= b;
    UOV[Base + 4] = sr;
    UOV[Base + 5] = ~a;
    UOV[Base + 6] = a % d + a / d;
    uint_4 inc = a;
    ++inc;
    inc--;
    UOV[Base + 7] = inc + uint_4(a.x == r.x ? 1u : 0u, a.y == r.y ? 1u : 0u,
                                 a.z == r.z ? 1u : 0u, a.w == r.w ? 1u : 0u);
    int_4 x = IV[Idx], y = x.yzwx;
    int_4 sh = int_4(uint_4(y) & uint_4(31u));
    int_4 dv = y;
    if (dv.x == 0 || (x.x == INT_MIN && dv.x == -1)) dv.x = 3;
    if (dv.y == 0 || (x.y == INT_MIN && dv.y == -1)) dv.y = 3;
    if (dv.z == 0 || (x.z == INT_MIN && dv.z == -1)) dv.z = 3;
    if (dv.w == 0 || (x.w == INT_MIN && dv.w == -1)) dv.w = 3;
    IOV[Base + 0] = x & y;
    IOV[Base + 1] = x | y;
    int_4 e = x;
    e ^= y;
    IOV[Base + 2] = e;
    IOV[Base + 3] = int_4(uint_4(x) << uint_4(sh));
    IOV[Base + 4] = x >> sh;
    IOV[Base + 5] = ~x;
    IOV[Base + 6] = x % dv + x / dv;
    IOV[Base + 7] = int_4(uint_4(0u) - uint_4(x));
    if (x != x || !(y == y))
      IOV[Base + 7] = int_4(-1);
  });
  UOV.synchronize();
  IOV.synchronize();
  int Bad = 0;
  for (int I = 0; I < N * Outs; ++I) {
    unsigned Ug[4] = {UOut[I].x, UOut[I].y, UOut[I].z, UOut[I].w};
    int Ig[4] = {IOut[I].x, IOut[I].y, IOut[I].z, IOut[I].w};
    for (int C = 0; C < 4; ++C) {
      if (Ug[C] != URef[I * 4 + C] && Bad++ < 8)
        std::printf("mismatch at %d.%d (op %d): uint %#x vs %#x\n", I / Outs, C, I % Outs,
                    Ug[C], URef[I * 4 + C]);
      if (Ig[C] != IRef[I * 4 + C] && Bad++ < 8)
        std::printf("mismatch at %d.%d (op %d): int %d vs %d\n", I / Outs, C, I % Outs,
                    Ig[C], IRef[I * 4 + C]);
    }
  }
  std::printf("uint4-bitops: %d mismatches\n", Bad);
  return Bad != 0;
}
