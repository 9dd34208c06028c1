// texture_view<const T,N>::sample with every filter and address mode (point,
// linear; wrap, mirror, clamp, border) at ranks 1, 2 and 3, the predefined
// sampler form sample<filter, address>, and gather_red/green/blue/alpha,
// for float, float_4, unorm_4 and int_4 textures. The CPU reference below is
// written from the spec's (Direct3D's) sampling rules, independently of
// <amp_graphics.h>: texel centres at (i + 0.5) / size, bilinear weights,
// Gather order (u0,v1), (u1,v1), (u1,v0), (u0,v0).
// REQUIRES: opencl
// RUN: %ampcc %s -o %t
// RUN: %t | %FileCheck %s
// RUN: env AMPCC_NO_IMAGES=1 %t | %FileCheck %s
// The image forms are the OpenCL backend's (the host backend keeps textures
// as buffers): the trace that shows them is taken there.
// RUN: env AMPCC_BACKEND=opencl AMPCC_TRACE=1 %t 2>&1 >/dev/null | %FileCheck --check-prefix=IMG %s
// RUN: env AMPCC_TRACE=1 AMPCC_NO_IMAGES=1 %t 2>&1 >/dev/null \
// RUN:   | %FileCheck --check-prefix=BUF --implicit-check-not=_img %s
// Run with textures on OpenCL images where the device takes them and on
// buffers (AMPCC_NO_IMAGES=1); every kernel here (one-, four-component
// textures) runs its image form where images are on:
// IMG-COUNT-23: launch {{.*}}_img
// BUF: launch
// CHECK: sample rank1 float: 0 mismatches
// CHECK: sample rank2 float_4: 0 mismatches
// CHECK: sample rank3 float: 0 mismatches
// CHECK: sample rank2 unorm_4 predefined: 0 mismatches
// CHECK: gather rank2 int_4: 0 mismatches
// CHECK-NOT: mismatch at
#include <amp.h>
#include <amp_graphics.h>
#include <cmath>
#include <cstdio>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

// --- CPU reference --------------------------------------------------------
static int addr(int I, int Size, address_mode M, bool &Out) {
  switch (M) {
  case address_wrap:
    return ((I % Size) + Size) % Size;
  case address_mirror: {
    int P = 2 * Size, R = ((I % P) + P) % P;
    return R < Size ? R : P - 1 - R;
  }
  default:
    if (I < 0 || I >= Size) {
      Out |= M == address_border;
      return I < 0 ? 0 : Size - 1;
    }
    return I;
  }
}
// How far a linear sample may be from refSample per component: GPUs weight
// the taps with 8 fractional bits (OpenCL leaves the precision to the
// device), so a hardware sample may differ by the taps' spread over 256 per
// dimension. 0 after a point sample. Set by refSample.
static float FilterSlack[4];

// Texel (rank-N, C[k] along dimension N-1-k) from a row-major host copy of
// 4-component texels; Comps components are meaningful.
static void refSample(const std::vector<float> &Tex, const int *Ext, int N, const float *Coord,
                      filter_mode F, address_mode A, const float *Border, float *Res) {
  auto Fetch = [&](const int *C, float *Px) {
    bool Out = false;
    int Idx[3];
    for (int K = 0; K < N; ++K)
      Idx[N - 1 - K] = addr(C[K], Ext[N - 1 - K], A, Out);
    if (Out) {
      for (int I = 0; I < 4; ++I)
        Px[I] = Border[I];
      return;
    }
    size_t L = 0;
    for (int D = 0; D < N; ++D)
      L = L * Ext[D] + Idx[D];
    for (int I = 0; I < 4; ++I)
      Px[I] = Tex[L * 4 + I];
  };
  int C[3];
  for (int I = 0; I < 4; ++I)
    FilterSlack[I] = 0;
  if (F == filter_point) {
    for (int K = 0; K < N; ++K)
      C[K] = (int)std::floor(Coord[K] * Ext[N - 1 - K]);
    Fetch(C, Res);
    return;
  }
  int Base[3];
  float W[3];
  for (int K = 0; K < N; ++K) {
    float U = Coord[K] * Ext[N - 1 - K] - 0.5f;
    Base[K] = (int)std::floor(U);
    W[K] = U - std::floor(U);
  }
  float Lo[4], Hi[4];
  for (int I = 0; I < 4; ++I) {
    Res[I] = 0;
    Lo[I] = INFINITY;
    Hi[I] = -INFINITY;
  }
  for (int Corner = 0; Corner < (1 << N); ++Corner) {
    float Wt = 1, Px[4];
    for (int K = 0; K < N; ++K) {
      int B = (Corner >> K) & 1;
      C[K] = Base[K] + B;
      Wt *= B ? W[K] : 1 - W[K];
    }
    Fetch(C, Px);
    for (int I = 0; I < 4; ++I) {
      Res[I] += Px[I] * Wt;
      Lo[I] = std::fmin(Lo[I], Px[I]);
      Hi[I] = std::fmax(Hi[I], Px[I]);
    }
  }
  for (int I = 0; I < 4; ++I)
    FilterSlack[I] = (Hi[I] - Lo[I]) * N / 256.0f;
}

static int report(const char *What, int Bad) {
  std::printf("%s: %d mismatches\n", What, Bad);
  return Bad;
}
static bool near(float A, float B, float Tol) { return std::fabs(A - B) <= Tol; }

static const filter_mode Filters[] = {filter_point, filter_linear};
static const address_mode Modes[] = {address_wrap, address_mirror, address_clamp,
                                     address_border};

int main() {
  int Fail = 0;
  const float Border[4] = {0.5f, -2.0f, 3.0f, 0.25f};
  // Coordinates inside, on edges and well outside [0, 1); none lands on a texel
  // edge after wrapping (2.6 would: OpenCL images wrap the fraction, 0.6f * 5
  // rounds below 3, while 2.6f * 5 is 13 exactly; so would -0.2 on 5 texels,
  // where the H100's sampler picked the texel the other side of 4.0).
  const int NC = 12;
  const float Coords[NC] = {0.0f, 0.03f, 0.26f, 0.5f, 0.71f, 0.99f,
                            1.0f, 1.3f, -0.22f, -1.45f, 2.62f, 0.49f};
  { // rank 1 float: every sampler mode.
    const int W = 7;
    std::vector<float> Texels(W), Ref4(W * 4, 0.0f);
    for (int I = 0; I < W; ++I)
      Ref4[I * 4] = Texels[I] = (float)(I * I) - 3.0f;
    texture<float, 1> T(W, Texels.begin(), Texels.end());
    texture_view<const float, 1> V(T);
    int Bad = 0;
    for (filter_mode F : Filters)
      for (address_mode A : Modes) {
        sampler S(F, A, float_4(Border[0], Border[1], Border[2], Border[3]));
        std::vector<float> C(Coords, Coords + NC), Out(NC);
        array_view<const float, 1> CV(NC, C);
        array_view<float, 1> OV(NC, Out);
        parallel_for_each(OV.extent, [=](index<1> I) restrict(amp) {
          OV[I] = V.sample(S, CV[I]);
        });
        OV.synchronize();
        for (int I = 0; I < NC; ++I) {
          float R[4];
          int Ext[1] = {W};
          refSample(Ref4, Ext, 1, &Coords[I], F, A, Border, R);
          if (!near(Out[I], R[0], 1e-4f + FilterSlack[0]) && ++Bad < 6)
            std::printf("mismatch at f%d a%d u=%g: %g != %g\n", F, A, Coords[I], Out[I], R[0]);
        }
      }
    Fail |= report("sample rank1 float", Bad);
  }
  { // rank 2 float_4: every mode, a grid of coordinates.
    const int H = 5, W = 6;
    std::vector<float_4> Texels(H * W);
    std::vector<float> Ref4(H * W * 4);
    for (int I = 0; I < H * W; ++I) {
      float P[4] = {(float)I, (float)(I % 3), -(float)I * 0.5f, 1.0f / (I + 1)};
      Texels[I] = float_4(P[0], P[1], P[2], P[3]);
      for (int C = 0; C < 4; ++C)
        Ref4[I * 4 + C] = P[C];
    }
    texture<float_4, 2> T(extent<2>(H, W), Texels.begin(), Texels.end());
    texture_view<const float_4, 2> V(T);
    int Bad = 0;
    for (filter_mode F : Filters)
      for (address_mode A : Modes) {
        sampler S(F, A, float_4(Border[0], Border[1], Border[2], Border[3]));
        std::vector<float_4> Out(NC * NC);
        array_view<float_4, 2> OV(NC, NC, Out);
        std::vector<float> C(Coords, Coords + NC);
        array_view<const float, 1> CV(NC, C);
        parallel_for_each(OV.extent, [=](index<2> I) restrict(amp) {
          OV[I] = V.sample(S, float_2(CV[I[1]], CV[I[0]]));
        });
        OV.synchronize();
        for (int Y = 0; Y < NC; ++Y)
          for (int X = 0; X < NC; ++X) {
            float UV[2] = {Coords[X], Coords[Y]}, R[4];
            int Ext[2] = {H, W};
            refSample(Ref4, Ext, 2, UV, F, A, Border, R);
            float_4 G = Out[Y * NC + X];
            float Got[4] = {G.x, G.y, G.z, G.w};
            for (int C = 0; C < 4; ++C)
              if (!near(Got[C], R[C], 1e-4f * (1 + std::fabs(R[C])) + FilterSlack[C]) && ++Bad < 6)
                std::printf("mismatch at f%d a%d (%g,%g).%d: %g != %g\n", F, A, UV[0],
                            UV[1], C, Got[C], R[C]);
          }
      }
    Fail |= report("sample rank2 float_4", Bad);
  }
  { // rank 3 float, linear filtering (8 texels) under wrap and border.
    const int D = 3, H = 4, W = 5;
    std::vector<float> Texels(D * H * W), Ref4(D * H * W * 4, 0.0f);
    for (int I = 0; I < D * H * W; ++I)
      Ref4[I * 4] = Texels[I] = std::sin((float)I);
    texture<float, 3> T(extent<3>(D, H, W), Texels.begin(), Texels.end());
    texture_view<const float, 3> V(T);
    int Bad = 0;
    for (address_mode A : {address_wrap, address_border}) {
      sampler S(filter_linear, A, float_4(Border[0], Border[1], Border[2], Border[3]));
      std::vector<float> C(Coords, Coords + NC), Out(NC * NC * NC);
      array_view<const float, 1> CV(NC, C);
      array_view<float, 3> OV(NC, NC, NC, Out);
      parallel_for_each(OV.extent, [=](index<3> I) restrict(amp) {
        OV[I] = V.sample(S, float_3(CV[I[2]], CV[I[1]], CV[I[0]]));
      });
      OV.synchronize();
      for (int Z = 0; Z < NC; ++Z)
        for (int Y = 0; Y < NC; ++Y)
          for (int X = 0; X < NC; ++X) {
            float UVW[3] = {Coords[X], Coords[Y], Coords[Z]}, R[4];
            int Ext[3] = {D, H, W};
            refSample(Ref4, Ext, 3, UVW, filter_linear, A, Border, R);
            float G = Out[(Z * NC + Y) * NC + X];
            if (!near(G, R[0], 1e-4f + FilterSlack[0]) && ++Bad < 6)
              std::printf("mismatch at a%d (%g,%g,%g): %g != %g\n", A, UVW[0], UVW[1],
                          UVW[2], G, R[0]);
          }
    }
    Fail |= report("sample rank3 float", Bad);
  }
  { // unorm_4 from 8-bit RGBA bytes, the predefined point/wrap and
    // linear/mirror samplers.
    const int H = 4, W = 4;
    std::vector<unsigned char> Bytes(H * W * 4);
    std::vector<float> Ref4(H * W * 4);
    for (int I = 0; I < H * W * 4; ++I) {
      Bytes[I] = (unsigned char)(I * 37 % 256);
      Ref4[I] = Bytes[I] / 255.0f;
    }
    texture<unorm_4, 2> T(H, W, Bytes.data(), (unsigned)Bytes.size(), 8u);
    texture_view<const unorm_4, 2> V(T);
    std::vector<float> C(Coords, Coords + NC);
    array_view<const float, 1> CV(NC, C);
    std::vector<float_4> P(NC * NC), L(NC * NC);
    array_view<float_4, 2> PV(NC, NC, P), LV(NC, NC, L);
    parallel_for_each(PV.extent, [=](index<2> I) restrict(amp) {
      float_2 UV(CV[I[1]], CV[I[0]]);
      PV[I] = float_4(V.sample<filter_point, address_wrap>(UV));
      LV[I] = float_4(V.sample<filter_linear, address_mirror>(UV));
    });
    PV.synchronize();
    LV.synchronize();
    int Bad = 0;
    for (int Y = 0; Y < NC; ++Y)
      for (int X = 0; X < NC; ++X) {
        float UV[2] = {Coords[X], Coords[Y]}, RP[4], RL[4];
        int Ext[2] = {H, W};
        refSample(Ref4, Ext, 2, UV, filter_point, address_wrap, Border, RP);
        refSample(Ref4, Ext, 2, UV, filter_linear, address_mirror, Border, RL);
        float_4 GP = P[Y * NC + X], GL = L[Y * NC + X];
        float Gp[4] = {GP.x, GP.y, GP.z, GP.w}, Gl[4] = {GL.x, GL.y, GL.z, GL.w};
        for (int Ci = 0; Ci < 4; ++Ci)
          if ((!near(Gp[Ci], RP[Ci], 1e-5f) || !near(Gl[Ci], RL[Ci], 1e-5f + FilterSlack[Ci])) &&
              ++Bad < 6)
            std::printf("mismatch at (%g,%g).%d: %g/%g != %g/%g\n", UV[0], UV[1], Ci, Gp[Ci],
                        Gl[Ci], RP[Ci], RL[Ci]);
      }
    Fail |= report("sample rank2 unorm_4 predefined", Bad);
  }
  { // gather_* on int_4: exact integers, every address mode, border color.
    const int H = 3, W = 5;
    std::vector<int_4> Texels(H * W);
    std::vector<float> Ref4(H * W * 4);
    for (int I = 0; I < H * W; ++I) {
      int P[4] = {I, 100 + I, -I, I * I};
      Texels[I] = int_4(P[0], P[1], P[2], P[3]);
      for (int C = 0; C < 4; ++C)
        Ref4[I * 4 + C] = (float)P[C];
    }
    texture<int_4, 2> T(extent<2>(H, W), Texels.begin(), Texels.end());
    texture_view<const int_4, 2> V(T);
    const float IntBorder[4] = {7, 8, 9, 10};
    int Bad = 0;
    for (address_mode A : Modes) {
      sampler S(filter_point, A, float_4(7, 8, 9, 10));
      std::vector<float> C(Coords, Coords + NC);
      array_view<const float, 1> CV(NC, C);
      std::vector<int_4> Out(NC * NC * 4);
      array_view<int_4, 3> OV(NC, NC, 4, Out);
      parallel_for_each(extent<2>(NC, NC), [=](index<2> I) restrict(amp) {
        float_2 UV(CV[I[1]], CV[I[0]]);
        OV(I[0], I[1], 0) = V.gather_red(S, UV);
        OV(I[0], I[1], 1) = V.gather_green(S, UV);
        OV(I[0], I[1], 2) = V.gather_blue(S, UV);
        OV(I[0], I[1], 3) = V.gather_alpha(S, UV);
      });
      OV.synchronize();
      for (int Y = 0; Y < NC; ++Y)
        for (int X = 0; X < NC; ++X) {
          int U0 = (int)std::floor(Coords[X] * W - 0.5f), V0 = (int)std::floor(Coords[Y] * H - 0.5f);
          int Order[4][2] = {{U0, V0 + 1}, {U0 + 1, V0 + 1}, {U0 + 1, V0}, {U0, V0}};
          for (int Comp = 0; Comp < 4; ++Comp) {
            int_4 G = Out[(Y * NC + X) * 4 + Comp];
            int Got[4] = {G.x, G.y, G.z, G.w};
            for (int K = 0; K < 4; ++K) {
              // One texel by point sampling at its centre.
              float UV[2] = {(Order[K][0] + 0.5f) / W, (Order[K][1] + 0.5f) / H}, R[4];
              int Ext[2] = {H, W};
              refSample(Ref4, Ext, 2, UV, filter_point, A, IntBorder, R);
              if (Got[K] != (int)R[Comp] && ++Bad < 6)
                std::printf("mismatch at a%d (%g,%g) comp %d texel %d: %d != %d\n", A,
                            Coords[X], Coords[Y], Comp, K, Got[K], (int)R[Comp]);
            }
          }
        }
    }
    Fail |= report("gather rank2 int_4", Bad);
  }
  return Fail;
}
