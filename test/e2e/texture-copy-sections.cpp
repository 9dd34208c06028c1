// graphics::copy of texture sections (offset and extent) and copies with
// texture views (spec §10.5), each against a CPU reference: a section to
// packed bytes (8-bit unorm_4, rank 2), bytes into a section of a rank-3
// texture after a kernel wrote it (texels outside keep the kernel's values),
// texture to texture sections (overlapping, in one texture), copy_async of a
// section, views to and from bytes and iterators, view to view, and a section
// that does not fit (runtime_exception). The last kernel reads what the
// copies wrote, with images and without.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t
// RUN: %t | %FileCheck %s
// RUN: env AMPCC_NO_IMAGES=1 %t | %FileCheck %s
// CHECK: section to bytes: 0 mismatches
// CHECK: bytes to section: 0 mismatches
// CHECK: section to section: 0 mismatches
// CHECK: copy_async section: 0 mismatches
// CHECK: views: 0 mismatches
// CHECK: outside: runtime_exception
// CHECK: kernel after copies: 0 mismatches
#include <amp.h>
#include <amp_graphics.h>
#include <cstdio>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

static int report(const char *What, int Bad) {
  std::printf("%s: %d mismatches\n", What, Bad);
  return Bad;
}

int main() {
  int Fail = 0;
  { // rank 2 unorm_4 of 8 bits: texel (y, x) = bytes (x, y, x + y, 255).
    const int H = 6, W = 9;
    std::vector<unsigned char> Bytes(H * W * 4);
    for (int Y = 0; Y < H; ++Y)
      for (int X = 0; X < W; ++X) {
        unsigned char *P = &Bytes[(Y * W + X) * 4];
        P[0] = X, P[1] = Y, P[2] = X + Y, P[3] = 255;
      }
    texture<unorm_4, 2> T(extent<2>(H, W), Bytes.data(), unsigned(Bytes.size()), 8u);
    std::vector<unsigned char> Out(3 * 4 * 4);
    copy(T, index<2>(2, 5), extent<2>(3, 4), Out.data(), unsigned(Out.size()));
    int Bad = 0;
    for (int Y = 0; Y < 3; ++Y)
      for (int X = 0; X < 4; ++X)
        for (int C = 0; C < 4; ++C)
          if (Out[(Y * 4 + X) * 4 + C] != Bytes[((Y + 2) * W + X + 5) * 4 + C] && ++Bad < 5)
            std::printf("mismatch at %d,%d.%d\n", Y, X, C);
    Fail |= report("section to bytes", Bad);
  }
  { // rank 3 int, written by a kernel, then a section from bytes.
    const int D = 3, H = 4, W = 5;
    texture<int, 3> T(D, H, W);
    parallel_for_each(T.extent, [&T](index<3> I) restrict(amp) {
      T.set(I, I[0] * 100 + I[1] * 10 + I[2]);
    });
    std::vector<int> In(2 * 2 * 3);
    for (int I = 0; I < 12; ++I)
      In[I] = -1 - I;
    copy(In.data(), unsigned(In.size() * sizeof(int)), T, index<3>(1, 2, 1), extent<3>(2, 2, 3));
    std::vector<int> All(D * H * W);
    copy(T, All.data(), unsigned(All.size() * sizeof(int)));
    int Bad = 0, K = 0;
    for (int Z = 0; Z < D; ++Z)
      for (int Y = 0; Y < H; ++Y)
        for (int X = 0; X < W; ++X) {
          bool Inside = Z >= 1 && Y >= 2 && X >= 1 && X < 4;
          int E = Inside ? -1 - ((Z - 1) * 6 + (Y - 2) * 3 + (X - 1)) : Z * 100 + Y * 10 + X;
          if (All[(Z * H + Y) * W + X] != E && ++Bad < 5)
            std::printf("mismatch at %d,%d,%d: %d != %d\n", Z, Y, X, All[(Z * H + Y) * W + X], E);
          K += Inside;
        }
    Fail |= report("bytes to section", Bad + (K != 12));
  }
  { // rank 1 float: sections between textures and within one.
    const int W = 20;
    std::vector<float> A(W), B(W, 0.0f);
    for (int I = 0; I < W; ++I)
      A[I] = I * 1.5f;
    texture<float, 1> TA(W, A.begin(), A.end()), TB(W, B.begin(), B.end());
    copy(TA, index<1>(3), TB, index<1>(10), extent<1>(7));
    copy(TA, index<1>(0), TA, index<1>(2), extent<1>(10)); // overlapping
    std::vector<float> RA(W), RB(W);
    copy(TA, RA.begin());
    copy(TB, RB.begin());
    int Bad = 0;
    for (int I = 0; I < W; ++I) {
      float EB = I >= 10 && I < 17 ? A[I - 7] : 0.0f;
      float EA = I >= 2 && I < 12 ? A[I - 2] : A[I];
      if ((RB[I] != EB || RA[I] != EA) && ++Bad < 5)
        std::printf("mismatch at %d: %g/%g != %g/%g\n", I, RA[I], RB[I], EA, EB);
    }
    Fail |= report("section to section", Bad);

    std::vector<float> Part(4);
    copy_async(TB, index<1>(11), extent<1>(4), Part.data(), unsigned(4 * sizeof(float))).get();
    Bad = 0;
    for (int I = 0; I < 4; ++I)
      Bad += Part[I] != A[I + 4];
    Fail |= report("copy_async section", Bad);
  }
  { // views: bytes and iterators in and out, view to view, a bad section.
    const int H = 4, W = 4;
    texture<float, 2> T(H, W), U(H, W);
    texture_view<float, 2> RW(T);
    std::vector<float> Src(H * W);
    for (int I = 0; I < H * W; ++I)
      Src[I] = I + 0.25f;
    copy(Src.data(), unsigned(Src.size() * sizeof(float)), RW);
    texture_view<const float, 2> RO(T);
    texture_view<float, 2> UV(U);
    copy(RO, UV);
    float Two[2] = {-1.0f, -2.0f};
    copy(Two, unsigned(sizeof(Two)), UV, index<2>(3, 2), extent<2>(1, 2));
    std::vector<float> Back(H * W), Sec(4);
    texture_view<const float, 2> URO(U);
    copy(URO, Back.begin());
    copy(URO, index<2>(2, 2), extent<2>(2, 2), Sec.data(), unsigned(4 * sizeof(float)));
    int Bad = 0;
    for (int I = 0; I < H * W; ++I) {
      float E = I == 14 ? -1.0f : I == 15 ? -2.0f : Src[I];
      if (Back[I] != E && ++Bad < 5)
        std::printf("mismatch at %d: %g != %g\n", I, Back[I], E);
    }
    Bad += Sec[0] != Src[10] || Sec[1] != Src[11] || Sec[2] != -1.0f || Sec[3] != -2.0f;
    Fail |= report("views", Bad);
    try {
      copy(T, index<2>(3, 3), extent<2>(2, 1), Sec.data(), unsigned(4 * sizeof(float)));
      std::printf("outside: no exception\n");
      Fail = 1;
    } catch (const runtime_exception &) {
      std::printf("outside: runtime_exception\n");
    }
    // The device sees what the copies wrote.
    std::vector<float> R(H * W);
    array_view<float, 2> RV(H, W, R);
    parallel_for_each(RV.extent, [=](index<2> I) restrict(amp) { RV[I] = URO[I] * 2.0f; });
    RV.synchronize();
    Bad = 0;
    for (int I = 0; I < H * W; ++I)
      Bad += R[I] != Back[I] * 2.0f;
    Fail |= report("kernel after copies", Bad);
  }
  return Fail ? 1 : 0;
}
