// Textures of several mipmap levels (spec §10.1.1, §10.2): the full chain
// and a given count, get_mipmap_extent, writable views of one level filled
// from the host and written by kernels, texture_view<const T,N> of all or
// some levels (and views of views) read with get(index, level) and sampled
// with a level of detail (point: the nearest level; linear: the two around
// it blended; clamped to the view's levels), a view made in amp code from a
// captured texture, deep copies and copy_to of every level, and the errors
// for levels that do not exist. Everything is compared with a CPU
// reference. OpenCL 1.2 images have one level, so these launches run the
// buffer form (checked with AMPCC_TRACE).
// REQUIRES: opencl
// RUN: %ampcc %s -o %t
// RUN: %t | %FileCheck %s
// RUN: env AMPCC_TRACE=1 %t 2>&1 >/dev/null | %FileCheck --check-prefix=TRACE %s
// TRACE: ampcc: launch
// TRACE-NOT: _img
// CHECK: levels and extents: 0 mismatches
// CHECK: get by level: 0 mismatches
// CHECK: kernel writes a level: 0 mismatches
// CHECK: point sample by lod: 0 mismatches
// CHECK: linear sample by lod: 0 mismatches
// CHECK: some levels, views of views: 0 mismatches
// CHECK: view made in a kernel: 0 mismatches
// CHECK: copies of every level: 0 mismatches
// CHECK: rank 3 int: 0 mismatches
// CHECK: rank 1 unorm_2 linear: 0 mismatches
// CHECK: errors: 0 mismatches
// CHECK-NOT: mismatch at
#include <amp.h>
#include <amp_graphics.h>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

using namespace concurrency;
using namespace concurrency::graphics;

static int report(const char *What, int Bad) {
  std::printf("%s: %d mismatches\n", What, Bad);
  return Bad != 0;
}

// The value the tests put at (Y, X) of level L.
static float value(int L, int Y, int X) { return L * 1000.0f + Y * 10.0f + X * 0.5f; }

/// Level L of a H x W chain as the CPU sees it.
struct Level {
  int H, W;
  std::vector<float> V;
  float at(int Y, int X) const { // address_clamp
    Y = Y < 0 ? 0 : Y >= H ? H - 1 : Y;
    X = X < 0 ? 0 : X >= W ? W - 1 : X;
    return V[Y * W + X];
  }
  float point(float U, float Vc) const {
    return at((int)std::floor(Vc * H), (int)std::floor(U * W));
  }
  float linear(float U, float Vc) const {
    float X = U * W - 0.5f, Y = Vc * H - 0.5f;
    int X0 = (int)std::floor(X), Y0 = (int)std::floor(Y);
    float FX = X - X0, FY = Y - Y0;
    return (at(Y0, X0) * (1 - FX) + at(Y0, X0 + 1) * FX) * (1 - FY) +
           (at(Y0 + 1, X0) * (1 - FX) + at(Y0 + 1, X0 + 1) * FX) * FY;
  }
};

static std::vector<Level> chain(int H, int W, int Levels) {
  std::vector<Level> C;
  for (int L = 0; L < Levels; ++L) {
    Level Lv{std::max(H >> L, 1), std::max(W >> L, 1), {}};
    for (int Y = 0; Y < Lv.H; ++Y)
      for (int X = 0; X < Lv.W; ++X)
        Lv.V.push_back(value(L, Y, X));
    C.push_back(Lv);
  }
  return C;
}

static bool near(float A, float B) { return std::fabs(A - B) <= 1e-3f * (1 + std::fabs(B)); }

int main() {
  int Fail = 0;
  const int H = 16, W = 12;
  texture<float, 2> T(extent<2>(H, W), 32u, 0u, accelerator().default_view); // full chain
  std::vector<Level> Ref = chain(H, W, 5);
  {
    int Bad = 0;
    if (T.mipmap_levels != 5 && ++Bad)
      std::printf("mismatch at mipmap_levels %u\n", T.mipmap_levels);
    for (int L = 0; L < 5; ++L) {
      extent<2> E = T.get_mipmap_extent(L);
      if ((E[0] != Ref[L].H || E[1] != Ref[L].W) && ++Bad < 4)
        std::printf("mismatch at level %d extent %dx%d\n", L, E[0], E[1]);
    }
    texture<float, 2> Three(extent<2>(H, W), 32u, 3u, accelerator().default_view);
    if ((Three.mipmap_levels != 3 || texture<float, 2>(8, 8).mipmap_levels != 1) && ++Bad)
      std::printf("mismatch at level counts\n");
    Fail |= report("levels and extents", Bad);
  }
  // Every level filled through a writable view of it.
  for (int L = 0; L < 5; ++L) {
    texture_view<float, 2> V(T, L);
    copy(Ref[L].V.data(), (unsigned)(Ref[L].V.size() * 4), V);
  }
  const int Most = 5;
  std::vector<float> Out(5 * H * W, -1.0f);
  { // get(index, level) through a view of all levels.
    texture_view<const float, 2> All(T);
    array_view<float, 3> O(Most, H, W, Out);
    parallel_for_each(extent<2>(H, W), [=](index<2> I) restrict(amp) {
      for (int L = 0; L < 5; ++L) {
        int Hl = H >> L > 0 ? H >> L : 1, Wl = W >> L > 0 ? W >> L : 1;
        if (I[0] < Hl && I[1] < Wl)
          O(L, I[0], I[1]) = All.get(I, L);
      }
    });
    O.synchronize();
    int Bad = 0;
    for (int L = 0; L < 5; ++L)
      for (int Y = 0; Y < Ref[L].H; ++Y)
        for (int X = 0; X < Ref[L].W; ++X)
          if (Out[(L * H + Y) * W + X] != Ref[L].at(Y, X) && ++Bad < 4)
            std::printf("mismatch at level %d (%d,%d): %g\n", L, Y, X, Out[(L * H + Y) * W + X]);
    Fail |= report("get by level", Bad);
  }
  { // A kernel writes level 2 through texture_view<float,2>(T, 2).
    texture_view<float, 2> L2(T, 2);
    parallel_for_each(L2.extent, [=](index<2> I) restrict(amp) {
      L2.set(I, L2(I) * 2.0f + 1.0f);
    });
    for (float &V : Ref[2].V)
      V = V * 2.0f + 1.0f;
    int Bad = 0;
    for (int L = 0; L < 5; ++L) {
      std::vector<float> Got(Ref[L].V.size());
      copy(texture_view<const float, 2>(T, L, 1), Got.begin());
      for (size_t I = 0; I < Got.size(); ++I)
        if (Got[I] != Ref[L].V[I] && ++Bad < 4)
          std::printf("mismatch at level %d texel %zu: %g\n", L, I, Got[I]);
    }
    Fail |= report("kernel writes a level", Bad);
  }
  // Sample coordinates spread over the texture, and levels of detail.
  const int NS = 24;
  std::vector<float> Us(NS), Vs(NS), Lods(NS);
  for (int I = 0; I < NS; ++I) {
    Us[I] = (I * 7 % 23) / 23.0f + 0.013f;
    Vs[I] = (I * 5 % 19) / 19.0f + 0.021f;
    Lods[I] = I * 0.23f - 0.5f; // -0.5 (level 0) .. 4.79 (clamped to 4)
  }
  auto sampleAll = [&](const texture_view<const float, 2> &View, filter_mode F,
                       std::vector<float> &Got) {
    Got.assign(NS, -1.0f);
    array_view<const float, 1> U(NS, Us), V(NS, Vs), Lod(NS, Lods);
    array_view<float, 1> G(NS, Got);
    sampler S(F, address_clamp);
    parallel_for_each(G.extent, [=](index<1> I) restrict(amp) {
      G[I] = View.sample(S, float_2(U[I], V[I]), Lod[I]);
    });
    G.synchronize();
  };
  auto refSample = [&](const std::vector<Level> &Lv, int First, int Count, filter_mode F,
                       float U, float V, float Lod) {
    float L = Lod < 0 ? 0 : Lod > Count - 1 ? Count - 1 : Lod;
    if (F == filter_point)
      return Lv[First + (int)(L + 0.5f)].point(U, V);
    int K = (int)L;
    float Fr = L - K;
    float A = Lv[First + K].linear(U, V);
    return Fr == 0 ? A : A * (1 - Fr) + Lv[First + K + 1].linear(U, V) * Fr;
  };
  texture_view<const float, 2> All(T);
  for (filter_mode F : {filter_point, filter_linear}) {
    std::vector<float> Got;
    sampleAll(All, F, Got);
    int Bad = 0;
    for (int I = 0; I < NS; ++I) {
      float Want = refSample(Ref, 0, 5, F, Us[I], Vs[I], Lods[I]);
      if (!near(Got[I], Want) && ++Bad < 4)
        std::printf("mismatch at sample %d lod %g: %g != %g\n", I, Lods[I], Got[I], Want);
    }
    Fail |= report(F == filter_point ? "point sample by lod" : "linear sample by lod", Bad);
  }
  { // Levels [1, 3) of T, and level 1 of that view (T's level 2).
    texture_view<const float, 2> Some(T, 1, 2);
    texture_view<const float, 2> Inner(Some, 1, 1);
    int Bad = 0;
    if ((Some.mipmap_levels != 2 || Some.extent != extent<2>(8, 6) ||
         Some.get_mipmap_extent(1) != extent<2>(4, 3) || Inner.extent != extent<2>(4, 3)) &&
        ++Bad)
      std::printf("mismatch at view levels\n");
    std::vector<float> Got;
    sampleAll(Some, filter_linear, Got);
    for (int I = 0; I < NS; ++I) {
      float Want = refSample(Ref, 1, 2, filter_linear, Us[I], Vs[I], Lods[I]);
      if (!near(Got[I], Want) && ++Bad < 4)
        std::printf("mismatch at some-levels sample %d: %g != %g\n", I, Got[I], Want);
    }
    std::vector<float> Texels(12);
    array_view<float, 2> O(4, 3, Texels);
    parallel_for_each(O.extent, [=](index<2> I) restrict(amp) {
      O[I] = Inner.get(I) + Some.get(I, 1) * 0.0f;
    });
    O.synchronize();
    for (int I = 0; I < 12; ++I)
      if (Texels[I] != Ref[2].V[I] && ++Bad < 4)
        std::printf("mismatch at inner view texel %d: %g\n", I, Texels[I]);
    Fail |= report("some levels, views of views", Bad);
  }
  { // A view made in amp code from a captured const texture& sees every level.
    std::vector<float> Got(NS);
    array_view<const float, 1> U(NS, Us), V(NS, Vs), Lod(NS, Lods);
    array_view<float, 1> G(NS, Got);
    const texture<float, 2> &CT = T;
    parallel_for_each(G.extent, [=, &CT](index<1> I) restrict(amp) {
      texture_view<const float, 2> View(CT);
      G[I] = View.sample<filter_point, address_clamp>(float_2(U[I], V[I]), Lod[I]);
    });
    G.synchronize();
    int Bad = 0;
    for (int I = 0; I < NS; ++I) {
      float Want = refSample(Ref, 0, 5, filter_point, Us[I], Vs[I], Lods[I]);
      if (!near(Got[I], Want) && ++Bad < 4)
        std::printf("mismatch at in-kernel view sample %d: %g != %g\n", I, Got[I], Want);
    }
    Fail |= report("view made in a kernel", Bad);
  }
  { // A deep copy and copy_to carry every level.
    texture<float, 2> C(T);
    texture<float, 2> D(extent<2>(H, W), 32u, 0u, accelerator().default_view);
    C.copy_to(D);
    int Bad = 0;
    for (int L = 0; L < 5; ++L)
      for (texture<float, 2> *X : {&C, &D}) {
        std::vector<float> Got(Ref[L].V.size());
        copy(texture_view<const float, 2>(*X, L, 1), Got.begin());
        for (size_t I = 0; I < Got.size(); ++I)
          if (Got[I] != Ref[L].V[I] && ++Bad < 4)
            std::printf("mismatch at copy level %d texel %zu: %g\n", L, I, Got[I]);
      }
    Fail |= report("copies of every level", Bad);
  }
  { // Rank 3: 4 x 8 x 2 -> 2x4x1 -> 1x2x1 -> 1x1x1.
    texture<int, 3> T3(extent<3>(4, 8, 2), 32u, 0u, accelerator().default_view);
    int Bad = T3.mipmap_levels != 4;
    std::vector<int> Want;
    for (int L = 0; L < 4; ++L) {
      extent<3> E = T3.get_mipmap_extent(L);
      std::vector<int> Vals(E.size());
      for (size_t I = 0; I < Vals.size(); ++I)
        Vals[I] = L * 100 + (int)I;
      copy(Vals.begin(), Vals.end(), texture_view<int, 3>(T3, L));
      Want.insert(Want.end(), Vals.begin(), Vals.end());
    }
    std::vector<int> Got(Want.size(), -1);
    array_view<int, 1> O((int)Got.size(), Got);
    texture_view<const int, 3> V3(T3);
    parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) {
      int K = 0;
      for (int L = 0; L < 4; ++L) {
        int E0 = 4 >> L > 0 ? 4 >> L : 1, E1 = 8 >> L > 0 ? 8 >> L : 1,
            E2 = 2 >> L > 0 ? 2 >> L : 1;
        for (int A = 0; A < E0; ++A)
          for (int B = 0; B < E1; ++B)
            for (int C = 0; C < E2; ++C)
              O[K++] = V3.get(index<3>(A, B, C), L);
      }
    });
    O.synchronize();
    for (size_t I = 0; I < Got.size(); ++I)
      if (Got[I] != Want[I] && ++Bad < 4)
        std::printf("mismatch at rank 3 element %zu: %d != %d\n", I, Got[I], Want[I]);
    Fail |= report("rank 3 int", Bad);
  }
  { // Rank 1 unorm_2, linear between levels 0 (8 texels) and 1 (4 texels).
    texture<unorm_2, 1> T1(extent<1>(8), 16u, 2u, accelerator().default_view);
    std::vector<unorm_2> L0(8), L1(4);
    for (int I = 0; I < 8; ++I)
      L0[I] = unorm_2(I / 8.0f, 1.0f - I / 8.0f);
    for (int I = 0; I < 4; ++I)
      L1[I] = unorm_2(0.9f - I / 5.0f, I / 5.0f);
    copy(L0.begin(), L0.end(), texture_view<unorm_2, 1>(T1, 0));
    copy(L1.begin(), L1.end(), texture_view<unorm_2, 1>(T1, 1));
    std::vector<float> Got(2);
    array_view<float, 1> G(2, Got);
    texture_view<const unorm_2, 1> V1(T1);
    sampler Linear(filter_linear, address_clamp);
    parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) {
      unorm_2 S = V1.sample(Linear, 0.4f, 0.25f);
      G[0] = S.x;
      G[1] = S.y;
    });
    G.synchronize();
    // x = 0.4: level 0 at texel 2.7 (2 and 3, weight 0.7), level 1 at 1.1.
    auto lerp = [](float A, float B, float F) { return A + (B - A) * F; };
    float Want[2];
    for (int C = 0; C < 2; ++C) {
      auto Comp = [&](const unorm_2 &V) { return C ? (float)V.y : (float)V.x; };
      float A = lerp(Comp(L0[2]), Comp(L0[3]), 0.7f), B = lerp(Comp(L1[1]), Comp(L1[2]), 0.1f);
      Want[C] = A * 0.75f + B * 0.25f;
    }
    int Bad = 0;
    for (int C = 0; C < 2; ++C)
      if (!near(Got[C], Want[C]) && ++Bad)
        std::printf("mismatch at rank 1 component %d: %g != %g\n", C, Got[C], Want[C]);
    Fail |= report("rank 1 unorm_2 linear", Bad);
  }
  { // Levels that do not exist: runtime_exception, nothing else.
    int Bad = 0;
    auto expectThrow = [&](const char *What, auto Fn) {
      try {
        Fn();
        std::printf("mismatch at %s: no exception\n", What);
        ++Bad;
      } catch (runtime_exception &E) {
        if (std::string(E.what()).find("mipmap") == std::string::npos && ++Bad)
          std::printf("mismatch at %s: %s\n", What, E.what());
      }
    };
    expectThrow("too many levels", [] {
      texture<float, 2> X(extent<2>(16, 12), 32u, 6u, accelerator().default_view);
    });
    expectThrow("view of level 5", [&] { texture_view<float, 2> X(T, 5); });
    expectThrow("levels [3, 6)", [&] { texture_view<const float, 2> X(T, 3, 3); });
    expectThrow("zero levels", [&] { texture_view<const float, 2> X(T, 0, 0); });
    expectThrow("extent of level 5", [&] { (void)T.get_mipmap_extent(5); });
    expectThrow("copy_to other levels", [&] {
      texture<float, 2> X(extent<2>(H, W), 32u, 2u, accelerator().default_view);
      T.copy_to(X);
    });
    Fail |= report("errors", Bad);
  }
  return Fail;
}
