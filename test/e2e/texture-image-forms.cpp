// Textures on OpenCL images (the image form of a kernel) and on buffers (the
// buffer form, forced by AMPCC_NO_IMAGES=1), each result against a CPU
// reference: writes through writeonly_texture_view and reads through
// texture_view<const T,N> and `const texture&` at ranks 1-3 for int_4,
// uint_4, float, unorm_2 and norm textures; one kernel mixing an image with a
// read-write texture (which stays a buffer); a view copied and passed to a
// helper function (its image slot travels with it); a texture written as an
// image, then read as an image, then updated as a buffer and copied out (the
// runtime moves the texels between the forms); and hardware sampling with a
// zero border colour (CLK_ADDRESS_CLAMP) at both filters.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t
// RUN: %t | %FileCheck %s
// RUN: env AMPCC_NO_IMAGES=1 %t | %FileCheck %s
// The image forms are the OpenCL backend's (the host backend keeps textures
// as buffers): the trace that shows them is taken there.
// RUN: env AMPCC_BACKEND=opencl AMPCC_TRACE=1 %t 2>&1 >/dev/null | %FileCheck --check-prefix=IMG %s
// RUN: env AMPCC_TRACE=1 AMPCC_NO_IMAGES=1 %t 2>&1 >/dev/null \
// RUN:   | %FileCheck --check-prefix=BUF --implicit-check-not=_img %s
// Every kernel but one (which captures no read-only or write-only texture)
// takes its image form when images are on and the device lists the format:
// PoCL has no two-channel (CL_RG) formats, so the unorm_2 kernels run their
// buffer form there (9 image launches on a device with CL_RG, 7 on PoCL).
// None takes it when images are off.
// IMG-COUNT-7: launch {{.*}}_img
// BUF: launch
// CHECK: rank1 int_4 write/read: 0 mismatches
// CHECK: rank3 uint_4 const texture&: 0 mismatches
// CHECK: rank2 image + buffer in one kernel: 0 mismatches
// CHECK: rank2 view through a helper: 0 mismatches
// CHECK: rank2 unorm_2 image, image, buffer: 0 mismatches
// CHECK: rank2 norm border sampling: 0 mismatches
// CHECK-NOT: mismatch at
#include <amp.h>
#include <amp_graphics.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

static int report(const char *What, int Bad) {
  std::printf("%s: %d mismatches\n", What, Bad);
  return Bad;
}

// A copy of the view, read in another function: the image slot travels in
// the view's struct.
static float tap(const texture_view<const float, 2> &V, const index<2> &I) restrict(amp) {
  texture_view<const float, 2> W = V;
  return W[I] + W(I[0], 0);
}

// Bilinear or point sample of a rank-2 one-component texture with a zero
// border (Direct3D's rules: texel centres at (i + 0.5) / size); \p Slack:
// how far a GPU's 8-bit filter weights may take a hardware sample from it.
static float refSample(const std::vector<float> &T, int H, int W, float U, float V,
                       bool Linear, float &Slack) {
  auto At = [&](int Y, int X) {
    return (Y < 0 || Y >= H || X < 0 || X >= W) ? 0.0f : T[Y * W + X];
  };
  Slack = 0;
  if (!Linear)
    return At((int)std::floor(V * H), (int)std::floor(U * W));
  float X = U * W - 0.5f, Y = V * H - 0.5f;
  int X0 = (int)std::floor(X), Y0 = (int)std::floor(Y);
  float FX = X - X0, FY = Y - Y0;
  float Taps[4] = {At(Y0, X0), At(Y0, X0 + 1), At(Y0 + 1, X0), At(Y0 + 1, X0 + 1)};
  Slack = (*std::max_element(Taps, Taps + 4) - *std::min_element(Taps, Taps + 4)) * 2 / 256;
  return (At(Y0, X0) * (1 - FX) + At(Y0, X0 + 1) * FX) * (1 - FY) +
         (At(Y0 + 1, X0) * (1 - FX) + At(Y0 + 1, X0 + 1) * FX) * FY;
}

int main() {
  int Fail = 0;
  { // rank 1 int_4: written as a write-only image, read back as an image.
    const int W = 29;
    texture<int_4, 1> T(W);
    writeonly_texture_view<int_4, 1> Out(T);
    parallel_for_each(extent<1>(W), [=](index<1> I) restrict(amp) {
      Out.set(I, int_4(I[0] * 3 - 40, -I[0], 5, I[0] % 4));
    });
    texture_view<const int_4, 1> In(T);
    std::vector<int> R(W);
    array_view<int, 1> RV(W, R);
    parallel_for_each(extent<1>(W), [=](index<1> I) restrict(amp) {
      int_4 P = In[I];
      RV[I] = P.x * 1000 + P.y + P.z * 100000 + P.w * 10000000;
    });
    RV.synchronize();
    int Bad = 0;
    for (int I = 0; I < W; ++I)
      if (R[I] != (I * 3 - 40) * 1000 - I + 500000 + (I % 4) * 10000000 && ++Bad < 5)
        std::printf("mismatch at %d: %d\n", I, R[I]);
    Fail |= report("rank1 int_4 write/read", Bad);
  }
  { // rank 3 uint_4, captured as const texture&.
    const int D = 3, H = 4, W = 5;
    std::vector<uint_4> Src(D * H * W);
    for (int I = 0; I < D * H * W; ++I)
      Src[I] = uint_4(I, I * 2, I * 3 + 1, 7);
    const texture<uint_4, 3> T(extent<3>(D, H, W), Src.begin(), Src.end());
    std::vector<unsigned> R(D * H * W);
    array_view<unsigned, 3> RV(D, H, W, R);
    parallel_for_each(RV.extent, [=, &T](index<3> I) restrict(amp) {
      uint_4 P = T(I[0], I[1], I[2]);
      RV[I] = P.x + P.y * 100 + P.z * 10000 + P.w;
    });
    RV.synchronize();
    int Bad = 0;
    for (unsigned I = 0; I < unsigned(D * H * W); ++I)
      if (R[I] != I + I * 200 + (I * 3 + 1) * 10000 + 7 && ++Bad < 5)
        std::printf("mismatch at %u: %u\n", I, R[I]);
    Fail |= report("rank3 uint_4 const texture&", Bad);
  }
  { // rank 2 float: an image read and a read-write texture in one kernel.
    const int H = 6, W = 9;
    std::vector<float> A(H * W), B(H * W);
    for (int I = 0; I < H * W; ++I) {
      A[I] = I * 0.5f;
      B[I] = 100.0f - I;
    }
    texture<float, 2> TA(H, W, A.begin(), A.end()), TB(H, W, B.begin(), B.end());
    texture_view<const float, 2> In(TA);
    parallel_for_each(TB.extent, [=, &TB](index<2> I) restrict(amp) {
      TB.set(I, In[I] * 2.0f + TB[I]);
    });
    std::vector<float> R(H * W);
    copy(TB, R.data(), unsigned(R.size() * sizeof(float)));
    int Bad = 0;
    for (int I = 0; I < H * W; ++I)
      if (R[I] != A[I] * 2.0f + B[I] && ++Bad < 5)
        std::printf("mismatch at %d: %g\n", I, R[I]);
    Fail |= report("rank2 image + buffer in one kernel", Bad);

    std::vector<float> S(H * W);
    array_view<float, 2> SV(H, W, S);
    parallel_for_each(SV.extent, [=](index<2> I) restrict(amp) { SV[I] = tap(In, I); });
    SV.synchronize();
    Bad = 0;
    for (int Y = 0; Y < H; ++Y)
      for (int X = 0; X < W; ++X)
        if (S[Y * W + X] != A[Y * W + X] + A[Y * W] && ++Bad < 5)
          std::printf("mismatch at %d,%d: %g\n", Y, X, S[Y * W + X]);
    Fail |= report("rank2 view through a helper", Bad);
  }
  { // rank 2 unorm_2 of 8 bits: image write, image read, buffer update.
    // What the texture stores is rounded to 8 bits (steps of 1/255).
    const int H = 5, W = 7;
    texture<unorm_2, 2> T(extent<2>(H, W), 8u);
    writeonly_texture_view<unorm_2, 2> Out(T);
    parallel_for_each(T.extent, [=](index<2> I) restrict(amp) {
      Out.set(I, unorm_2(unorm(I[0] / 8.0f), unorm(I[1] / 8.0f)));
    });
    texture<float, 2> Sum(H, W);
    texture_view<const unorm_2, 2> In(T);
    parallel_for_each(T.extent, [=, &Sum](index<2> I) restrict(amp) {
      unorm_2 P = In[I];
      Sum.set(I, (float)P.x + (float)P.y);
    });
    parallel_for_each(T.extent, [=, &Sum](index<2> I) restrict(amp) {
      Sum.set(I, Sum[I] * 4.0f);
    });
    std::vector<float> R(H * W);
    copy(Sum, R.data(), unsigned(R.size() * sizeof(float)));
    int Bad = 0;
    for (int Y = 0; Y < H; ++Y)
      for (int X = 0; X < W; ++X)
        if (std::fabs(R[Y * W + X] - 4.0f * (std::floor(Y / 8.0f * 255 + 0.5f) / 255 +
                                             std::floor(X / 8.0f * 255 + 0.5f) / 255)) > 1e-5f &&
            ++Bad < 5)
          std::printf("mismatch at %d,%d: %g\n", Y, X, R[Y * W + X]);
    Fail |= report("rank2 unorm_2 image, image, buffer", Bad);
  }
  { // rank 2 norm: border addressing with a zero border colour, both filters.
    const int H = 4, W = 6;
    std::vector<float> Ref(H * W);
    std::vector<norm> Src(H * W);
    for (int I = 0; I < H * W; ++I) {
      Ref[I] = (I % 7) / 4.0f - 0.75f;
      Src[I] = norm(Ref[I]);
    }
    texture<norm, 2> T(extent<2>(H, W), Src.begin(), Src.end());
    texture_view<const norm, 2> V(T);
    const float Coords[] = {-0.3f, -0.01f, 0.1f, 0.37f, 0.5f, 0.83f, 1.02f, 1.4f};
    const int NC = 8;
    int Bad = 0;
    for (filter_mode F : {filter_point, filter_linear}) {
      sampler S(F, address_border, float_4(0.0f, 0.0f, 0.0f, 0.0f));
      std::vector<float> Out(NC * NC), C(Coords, Coords + NC);
      array_view<float, 2> OV(NC, NC, Out);
      array_view<const float, 1> CV(NC, C);
      parallel_for_each(OV.extent, [=](index<2> I) restrict(amp) {
        OV[I] = (float)V.sample(S, float_2(CV[I[1]], CV[I[0]]));
      });
      OV.synchronize();
      for (int Y = 0; Y < NC; ++Y)
        for (int X = 0; X < NC; ++X) {
          float Slack;
          float E = refSample(Ref, H, W, Coords[X], Coords[Y], F == filter_linear, Slack);
          if (std::fabs(Out[Y * NC + X] - E) > 1e-4f + Slack && ++Bad < 5)
            std::printf("mismatch at f%d (%g,%g): %g != %g\n", F, Coords[X], Coords[Y],
                        Out[Y * NC + X], E);
        }
    }
    Fail |= report("rank2 norm border sampling", Bad);
  }
  return Fail ? 1 : 0;
}
