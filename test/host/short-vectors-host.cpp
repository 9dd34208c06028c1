// Host-side unit test of <amp_short_vectors.h> (no kernels): constructors
// (default, per component, broadcast, explicit conversions between vector
// types), component and swizzle properties read and written in both
// spellings (xyzw, rgba), get_/set_/ref_ members, every arithmetic,
// compound, increment, unary, bitwise and shift operator against scalar
// arithmetic, == and !=, norm/unorm clamping, short_vector and
// short_vector_traits, and the layout kernels rely on (trivially copyable,
// no padding).
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK-NOT: FAILED
// CHECK: short-vectors-host: {{[1-9][0-9]+}} checks, 0 failed
#include <amp_short_vectors.h>
#include <cstdio>
#include <type_traits>
#include "Inputs/check.h"
using namespace concurrency::graphics;

static_assert(std::is_trivially_copyable<float_4>::value, "array elements are memcpy'd");
static_assert(std::is_trivially_copyable<norm_3>::value, "array elements are memcpy'd");
static_assert(sizeof(int_3) == 3 * sizeof(int) && sizeof(double_2) == 2 * sizeof(double) &&
                  sizeof(unorm_4) == 4 * sizeof(float),
              "no padding");
static_assert(std::is_same<short_vector<float, 4>::type, float_4>::value, "");
static_assert(std::is_same<short_vector<unsigned int, 3>::type, uint_3>::value, "");
static_assert(std::is_same<short_vector<norm, 1>::type, norm>::value, "");
static_assert(std::is_same<short_vector<uint, 2>::type, uint_2>::value, "uint is unsigned int");
static_assert(std::is_same<short_vector_traits<double_3>::value_type, double>::value, "");
static_assert(short_vector_traits<double_3>::size == 3, "");
static_assert(short_vector_traits<int>::size == 1, "");
static_assert(short_vector_traits<unorm_2>::size == 2 && unorm_2::size == 2, "");
static_assert(std::is_same<int_4::value_type, int>::value, "");
// Conversions between vector types are explicit; scalars broadcast
// implicitly (norm_N/unorm_N only from their own scalar).
static_assert(!std::is_convertible<int_2, float_2>::value, "explicit");
static_assert(std::is_constructible<float_2, int_2>::value, "");
static_assert(std::is_convertible<float, float_3>::value, "");
static_assert(!std::is_convertible<float, norm_2>::value, "explicit");
static_assert(std::is_convertible<norm, norm_2>::value, "");
static_assert(!std::is_convertible<float, norm>::value && std::is_convertible<norm, float>::value, "");
static_assert(std::is_convertible<unorm, norm>::value && !std::is_convertible<norm, unorm>::value, "");

static float clampf(float V, float Lo, float Hi) { return V < Lo ? Lo : (V > Hi ? Hi : V); }

static void constructorsAndComponents() {
  float_4 Z;
  CHECK_EQ(Z.x, 0); CHECK_EQ(Z.y, 0); CHECK_EQ(Z.z, 0); CHECK_EQ(Z.w, 0);
  int_3 A(1, -2, 3);
  CHECK_EQ(A.x, 1); CHECK_EQ(A.y, -2); CHECK_EQ(A.z, 3);
  CHECK_EQ(A.r, 1); CHECK_EQ(A.g, -2); CHECK_EQ(A.b, 3);
  CHECK_EQ(A.get_y(), -2);
  uint_2 B(7u);
  CHECK_EQ(B.x, 7); CHECK_EQ(B.y, 7);
  A.y = 20;
  CHECK_EQ(A.get_y(), 20);
  A.b = 30;
  CHECK_EQ(A.z, 30);
  A.set_x(-5);
  CHECK_EQ(A.r, -5);
  A.ref_g() = 44;
  CHECK_EQ(A.y, 44);
  A.ref_z() += 1;
  CHECK_EQ(A.z, 31);
  // Property compound assignment and increments go through get and set.
  A.x += 10;
  CHECK_EQ(A.x, 5);
  A.y *= 2;
  CHECK_EQ(A.y, 88);
  A.z++;
  CHECK_EQ(A.z, 32);
  int Old = A.z--;
  CHECK_EQ(Old, 32); CHECK_EQ(A.z, 31);
  ++A.x;
  CHECK_EQ(A.x, 6);

  // Explicit conversions, component by component.
  float_3 F(1.75f, -2.5f, 3.0f);
  int_3 FI(F);
  CHECK_EQ(FI.x, 1); CHECK_EQ(FI.y, -2); CHECK_EQ(FI.z, 3);
  double_3 FD(F);
  CHECK_EQ(FD.y, -2.5);
  uint_3 FU(int_3(1, 2, 3));
  CHECK_EQ(FU.z, 3u);
  norm_3 FN(F);
  CHECK_EQ(FN.x, 1.0f); CHECK_EQ(FN.y, -1.0f); CHECK_EQ(FN.z, 1.0f);
  unorm_3 FUN(float_3(0.25f, -3.0f, 9.0f));
  CHECK_EQ(FUN.x, 0.25f); CHECK_EQ(FUN.y, 0.0f); CHECK_EQ(FUN.z, 1.0f);
  unorm_3 NU(norm_3(-0.5f, 0.5f, 1.0f));
  CHECK_EQ(NU.x, 0.0f); CHECK_EQ(NU.y, 0.5f);
  float_3 Back(FN);
  CHECK_EQ(Back.y, -1.0f);
  norm_2 NP(0.5f, -7.0f);
  CHECK_EQ(NP.x, 0.5f); CHECK_EQ(NP.y, -1.0f);
  norm_2 NB(unorm(0.75f), unorm(2.0f));
  CHECK_EQ(NB.x, 0.75f); CHECK_EQ(NB.y, 1.0f);
  unorm_4 UB(3.0f);
  CHECK_EQ(UB.w, 1.0f);
}

static void swizzles() {
  float_4 V(1, 2, 3, 4);
  float_2 YX = V.yx;
  CHECK_EQ(YX.x, 2); CHECK_EQ(YX.y, 1);
  float_3 ZYX = V.zyx;
  CHECK_EQ(ZYX.x, 3); CHECK_EQ(ZYX.y, 2); CHECK_EQ(ZYX.z, 1);
  float_4 BGRA = V.bgra;
  CHECK_EQ(BGRA.x, 3); CHECK_EQ(BGRA.y, 2); CHECK_EQ(BGRA.z, 1); CHECK_EQ(BGRA.w, 4);
  float_4 WZYX = V.wzyx;
  CHECK_EQ(WZYX.x, 4); CHECK_EQ(WZYX.w, 1);
  CHECK_EQ(V.get_wx().y, 1);
  V.xw = float_2(10, 40);
  CHECK_EQ(V.x, 10); CHECK_EQ(V.w, 40); CHECK_EQ(V.y, 2);
  V.gr = float_2(-1, -2); // g = -1, r = -2
  CHECK_EQ(V.x, -2); CHECK_EQ(V.y, -1);
  V.zwx = float_3(7, 8, 9);
  CHECK_EQ(V.z, 7); CHECK_EQ(V.w, 8); CHECK_EQ(V.x, 9);
  V.argb = float_4(0.5f, 1.5f, 2.5f, 3.5f);
  CHECK_EQ(V.w, 0.5f); CHECK_EQ(V.x, 1.5f); CHECK_EQ(V.y, 2.5f); CHECK_EQ(V.z, 3.5f);
  V.set_yzw(float_3(6));
  CHECK_EQ(V.y, 6); CHECK_EQ(V.w, 6);
  V.xy += float_2(1, 2);
  CHECK_EQ(V.x, 2.5f); CHECK_EQ(V.y, 8);
  // A swizzle of a temporary.
  float_2 T = (V + float_4(1)).wz;
  CHECK_EQ(T.x, 7); CHECK_EQ(T.y, 7);
  int_3 I3(1, 2, 3);
  I3.zx = I3.xz;
  CHECK_EQ(I3.x, 3); CHECK_EQ(I3.z, 1);
}

// Every binary operator of an int vector against the scalar operator.
template <typename V, typename S> static void integerOps(V A, V B) {
  S a[4] = {A.get_x(), A.get_y(), 0, 0}, b[4] = {B.get_x(), B.get_y(), 0, 0};
#define OP(op)                                                                 \
  {                                                                            \
    V R = A op B;                                                              \
    CHECK_EQ(R.get_x(), (S)(a[0] op b[0]));                                    \
    CHECK_EQ(R.get_y(), (S)(a[1] op b[1]));                                    \
    V C = A;                                                                   \
    C op## = B;                                                                \
    CHECK(C == R);                                                             \
  }
  OP(+) OP(-) OP(*) OP(/) OP(%) OP(&) OP(|) OP(^) OP(>>)
#undef OP
  // int_2(-77, ...) << 5: a negative int shifted left (two's complement, as
  // Visual C++ and C++20 do; undefined for ints before C++20, so the
  // reference shifts the unsigned bits and the sanitized run checks the
  // header does too).
  {
    using U = std::make_unsigned_t<S>;
    V R = A << B;
    CHECK_EQ(R.get_x(), (S)((U)a[0] << b[0]));
    CHECK_EQ(R.get_y(), (S)((U)a[1] << b[1]));
    V C = A;
    C <<= B;
    CHECK(C == R);
  }
  V N = ~A;
  CHECK_EQ(N.get_x(), (S)~a[0]);
  CHECK(A == A);
  CHECK(A != B);
  CHECK(!(A != A));
}

static void arithmetic() {
  integerOps<int_2, int>(int_2(-77, 1000), int_2(5, 3));
  integerOps<uint_2, unsigned>(uint_2(0x80000000u, 0xF0F0F0F0u), uint_2(3u, 7u));
  float_4 A(1, 2, 3, 4), B(0.5f, -2, 8, 16);
  float_4 S = A + B, D = A - B, M = A * B, Q = A / B;
  CHECK_EQ(S.w, 20); CHECK_EQ(D.y, 4); CHECK_EQ(M.z, 24); CHECK_EQ(Q.x, 2);
  float_4 Scaled = 2.0f * A; // scalar broadcast on either side
  CHECK_EQ(Scaled.w, 8);
  CHECK((A * 3.0f).y == 6.0f);
  float_4 Neg = -A;
  CHECK_EQ(Neg.z, -3);
  float_4 C = A;
  CHECK((C++) == A);
  CHECK(C == A + 1.0f);
  CHECK(--C == A);
  C += B; C -= B; C *= B; C /= B;
  CHECK(C == A);
  double_2 DD(1.5, 2.5);
  DD *= 2.0;
  CHECK_EQ(DD.y, 5.0);
  int_4 I(1, 2, 3, 4);
  CHECK(I != int_4(1, 2, 3, 5));
  CHECK(I == int_4(1, 2, 3, 4));
}

static void normalized() {
  const float In[] = {-3.0f, -1.0f, -0.25f, 0.0f, 0.5f, 1.0f, 2.5f};
  for (float X : In) {
    CHECK_EQ((float)norm(X), clampf(X, -1, 1));
    CHECK_EQ((float)unorm(X), clampf(X, 0, 1));
    CHECK_EQ((float)norm((double)X), clampf(X, -1, 1));
    for (float Y : In) {
      float nx = clampf(X, -1, 1), ny = clampf(Y, -1, 1);
      CHECK_EQ((float)(norm(X) + norm(Y)), clampf(nx + ny, -1, 1));
      CHECK_EQ((float)(norm(X) - norm(Y)), clampf(nx - ny, -1, 1));
      CHECK_EQ((float)(norm(X) * norm(Y)), clampf(nx * ny, -1, 1));
      if (ny != 0)
        CHECK_EQ((float)(norm(X) / norm(Y)), clampf(nx / ny, -1, 1));
      float ux = clampf(X, 0, 1), uy = clampf(Y, 0, 1);
      CHECK_EQ((float)(unorm(X) - unorm(Y)), clampf(ux - uy, 0, 1));
      CHECK_EQ((float)(unorm(X) + unorm(Y)), clampf(ux + uy, 0, 1));
      CHECK_EQ(norm(X) < norm(Y), nx < ny);
      CHECK_EQ(unorm(X) >= unorm(Y), ux >= uy);
      CHECK_EQ(norm(X) == norm(Y), nx == ny);
    }
  }
  CHECK_EQ((float)norm(5), 1.0f);
  CHECK_EQ((float)unorm(7u), 1.0f);
  CHECK_EQ((float)norm(-5), -1.0f);
  norm N(0.75f);
  ++N;
  CHECK_EQ((float)N, 1.0f);
  N = -N;
  CHECK_EQ((float)N, -1.0f);
  N--;
  CHECK_EQ((float)N, -1.0f);
  unorm U(0.25f);
  U -= unorm(0.5f);
  CHECK_EQ((float)U, 0.0f);
  CHECK_EQ((float)norm(unorm(0.5f)), 0.5f);
  CHECK_EQ((float)NORM_MIN, -1.0f); CHECK_EQ((float)UNORM_MAX, 1.0f);
  CHECK_EQ((float)NORM_ZERO, 0.0f);
  norm_3 V(0.5f, -0.5f, 0.75f);
  V += norm_3(0.75f);
  CHECK_EQ(V.x, 1.0f); CHECK_EQ(V.y, 0.25f); CHECK_EQ(V.z, 1.0f);
  norm_3 W = -V;
  CHECK_EQ(W.y, -0.25f);
  unorm_2 UV(0.5f, 0.25f);
  UV = UV * unorm_2(unorm(0.5f));
  CHECK_EQ(UV.x, 0.25f); CHECK_EQ(UV.y, 0.125f);
  UV.y = unorm(4.0f);
  CHECK_EQ(UV.g, 1.0f);
}

int main() {
  constructorsAndComponents();
  swizzles();
  arithmetic();
  normalized();
  return checkSummary("short-vectors-host");
}
