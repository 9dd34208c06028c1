// graphics::texture of every element family and rank: filled from host
// iterators, read with get/operator[]/operator() in a kernel through the
// texture (captured by reference) and texture_view<const T,N>, written through
// texture::set (int, uint, float), texture_view<T,N> and
// writeonly_texture_view; every result is compared with a CPU reference.
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
// buffers (AMPCC_NO_IMAGES=1); the kernels with a read-only or write-only
// texture of a format PoCL lists run their image form:
// IMG-COUNT-3: launch {{.*}}_img
// BUF: launch
// CHECK: rank1 int: 0 mismatches
// CHECK: rank2 float: 0 mismatches
// CHECK: rank3 uint: 0 mismatches
// CHECK: rank2 float_4 view: 0 mismatches
// CHECK: rank2 unorm_4 writeonly: 0 mismatches
// CHECK: rank1 norm_2 rw view: 0 mismatches
// CHECK: rank2 int_3 buffer-only: 0 mismatches
// CHECK: rank2 double: 0 mismatches
// CHECK: staging texture: 0 mismatches
// CHECK-NOT: mismatch at
#include <amp.h>
#include <amp_graphics.h>
#include <cmath>
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
  { // rank 1 int: t[i] read, set through the texture itself.
    const int N = 37;
    std::vector<int> In(N);
    for (int I = 0; I < N; ++I)
      In[I] = I * 7 - 100;
    texture<int, 1> T(N, In.begin(), In.end());
    parallel_for_each(T.extent, [&T](index<1> I) restrict(amp) {
      T.set(I, T[I] * 3 + T(I[0]));
    });
    std::vector<int> Out(N);
    copy(T, Out.begin());
    int Bad = 0;
    for (int I = 0; I < N; ++I)
      if (Out[I] != In[I] * 4 && ++Bad < 4)
        std::printf("mismatch at %d: %d\n", I, Out[I]);
    Fail |= report("rank1 int", Bad);
  }
  { // rank 2 float: read through texture_view<const float,2>, write into a
    // second texture with operator() coordinates.
    const int H = 19, W = 23;
    std::vector<float> In(H * W);
    for (int I = 0; I < H * W; ++I)
      In[I] = 0.25f * I;
    texture<float, 2> Src(H, W, In.begin(), In.end());
    texture<float, 2> Dst(H, W);
    texture_view<const float, 2> V(Src);
    parallel_for_each(Dst.extent, [=, &Dst](index<2> I) restrict(amp) {
      int Y = I[0], X = I[1];
      float Left = V(Y, X > 0 ? X - 1 : X);
      Dst.set(I, V.get(I) + Left * 2.0f);
    });
    std::vector<float> Out(H * W);
    copy(Dst, Out.begin());
    int Bad = 0;
    for (int Y = 0; Y < H; ++Y)
      for (int X = 0; X < W; ++X) {
        float Want = In[Y * W + X] + In[Y * W + (X > 0 ? X - 1 : X)] * 2.0f;
        if (Out[Y * W + X] != Want && ++Bad < 4)
          std::printf("mismatch at %d,%d: %g != %g\n", Y, X, Out[Y * W + X], Want);
      }
    Fail |= report("rank2 float", Bad);
  }
  { // rank 3 uint through a read-write texture_view<uint,3>.
    const int D = 3, H = 5, W = 7;
    std::vector<unsigned> In(D * H * W);
    for (unsigned I = 0; I < In.size(); ++I)
      In[I] = I * 2654435761u;
    texture<unsigned, 3> T(extent<3>(D, H, W), In.begin(), In.end());
    texture_view<unsigned, 3> V(T);
    parallel_for_each(V.extent, [=](index<3> I) restrict(amp) {
      V.set(I, V(I[0], I[1], I[2]) ^ (unsigned)(I[0] * 100 + I[1] * 10 + I[2]));
    });
    std::vector<unsigned> Out(In.size());
    copy(T, Out.begin());
    int Bad = 0;
    for (int Z = 0; Z < D; ++Z)
      for (int Y = 0; Y < H; ++Y)
        for (int X = 0; X < W; ++X) {
          int L = (Z * H + Y) * W + X;
          if (Out[L] != (In[L] ^ (unsigned)(Z * 100 + Y * 10 + X)) && ++Bad < 4)
            std::printf("mismatch at %d\n", L);
        }
    Fail |= report("rank3 uint", Bad);
  }
  { // float_4 texels through a const view into an array_view.
    const int H = 8, W = 9;
    std::vector<float_4> In(H * W);
    for (int I = 0; I < H * W; ++I)
      In[I] = float_4(I, -I, I * 0.5f, 1.0f);
    texture<float_4, 2> T(extent<2>(H, W), In.begin(), In.end());
    texture_view<const float_4, 2> V(T);
    std::vector<float> Out(H * W);
    array_view<float, 2> O(H, W, Out);
    parallel_for_each(O.extent, [=](index<2> I) restrict(amp) {
      float_4 P = V[I];
      O[I] = P.x + P.y * 2.0f + P.z * 4.0f + P.w;
    });
    O.synchronize();
    int Bad = 0;
    for (int I = 0; I < H * W; ++I)
      if (Out[I] != I - 2.0f * I + 2.0f * I + 1.0f && ++Bad < 4)
        std::printf("mismatch at %d: %g\n", I, Out[I]);
    Fail |= report("rank2 float_4 view", Bad);
  }
  { // unorm_4 written through writeonly_texture_view, read back as 8-bit bytes.
    const int H = 4, W = 6;
    texture<unorm_4, 2> T(H, W, 8u);
    writeonly_texture_view<unorm_4, 2> WV(T);
    parallel_for_each(WV.extent, [=](index<2> I) restrict(amp) {
      float V = (I[0] * W + I[1]) / float(H * W);
      WV.set(I, unorm_4(V, 1.0f - V, 2.0f, -1.0f)); // the last two clamp
    });
    std::vector<unsigned char> Bytes(T.data_length);
    copy(T, Bytes.data(), (unsigned)Bytes.size());
    int Bad = 0;
    for (int I = 0; I < H * W; ++I) {
      float V = I / float(H * W);
      unsigned char Want[4] = {(unsigned char)(V * 255 + 0.5f),
                               (unsigned char)((1.0f - V) * 255 + 0.5f), 255, 0};
      for (int C = 0; C < 4; ++C)
        if (std::abs(Bytes[I * 4 + C] - Want[C]) > 1 && ++Bad < 4)
          std::printf("mismatch at %d.%d: %d != %d\n", I, C, Bytes[I * 4 + C], Want[C]);
    }
    if (T.data_length != (unsigned)(H * W * 4) || T.row_pitch != (unsigned)(W * 4) ||
        T.bits_per_scalar_element != 8u)
      std::printf("mismatch at data_length %u row_pitch %u bits %u\n", T.data_length,
                  T.row_pitch, T.bits_per_scalar_element);
    Fail |= report("rank2 unorm_4 writeonly", Bad);
  }
  { // norm_2 from 16-bit packed bytes, negated through texture_view<norm_2,1>
    // writes and read with a const view of the same texture.
    const int N = 10;
    std::vector<short> Packed(N * 2);
    for (int I = 0; I < N * 2; ++I)
      Packed[I] = (short)(I * 3000 - 30000);
    texture<norm_2, 1> T(N, Packed.data(), (unsigned)(Packed.size() * 2), 16u);
    texture<norm_2, 1> Out(N);
    texture_view<const norm_2, 1> In(T);
    writeonly_texture_view<norm_2, 1> OV(Out);
    parallel_for_each(extent<1>(N), [=](index<1> I) restrict(amp) {
      norm_2 V = In[I[0]];
      OV.set(I, -V);
    });
    std::vector<norm_2> Got(N);
    copy(Out, Got.begin());
    int Bad = 0;
    for (int I = 0; I < N; ++I)
      for (int C = 0; C < 2; ++C) {
        float Want = -(Packed[I * 2 + C] / 32767.0f);
        float G = C ? (float)Got[I].y : (float)Got[I].x;
        if (std::fabs(G - Want) > 1e-6f && ++Bad < 4)
          std::printf("mismatch at %d.%d: %g != %g\n", I, C, G, Want);
      }
    Fail |= report("rank1 norm_2 rw view", Bad);
  }
  { // int_3: a format OpenCL images lack (three components).
    const int H = 5, W = 5;
    std::vector<int_3> In(H * W);
    for (int I = 0; I < H * W; ++I)
      In[I] = int_3(I, I * I, -I);
    texture<int_3, 2> T(extent<2>(H, W), In.begin(), In.end());
    texture<int_3, 2> Out(H, W);
    writeonly_texture_view<int_3, 2> OV(Out);
    parallel_for_each(Out.extent, [=, &T](index<2> I) restrict(amp) {
      int_3 V = T[index<2>(I[1], I[0])]; // transpose
      OV.set(I, int_3(V.z, V.x, V.y));
    });
    std::vector<int_3> Got(H * W);
    copy(Out, Got.begin());
    int Bad = 0;
    for (int Y = 0; Y < H; ++Y)
      for (int X = 0; X < W; ++X) {
        int S = X * W + Y;
        int_3 G = Got[Y * W + X];
        if ((G.x != -S || G.y != S || G.z != S * S) && ++Bad < 4)
          std::printf("mismatch at %d,%d\n", Y, X);
      }
    Fail |= report("rank2 int_3 buffer-only", Bad);
  }
  { // double: 64 bits per scalar (needs cl_khr_fp64: PoCL and NVIDIA have it).
    const int H = 3, W = 4;
    std::vector<double> In(H * W);
    for (int I = 0; I < H * W; ++I)
      In[I] = 1.0 / (I + 1);
    texture<double, 2> T(extent<2>(H, W), In.begin(), In.end());
    std::vector<double> Out(H * W);
    array_view<double, 2> O(H, W, Out);
    parallel_for_each(O.extent, [=, &T](index<2> I) restrict(amp) {
      O[I] = T(I[0], I[1]) * 3.0;
    });
    O.synchronize();
    int Bad = 0;
    for (int I = 0; I < H * W; ++I)
      if (Out[I] != In[I] * 3.0 && ++Bad < 4)
        std::printf("mismatch at %d\n", I);
    Fail |= report("rank2 double", Bad);
  }
  { // A staging texture: on the CPU view, associated with the device's;
    // copied to a device texture, read by a kernel, and back.
    const int H = 3, W = 5;
    accelerator_view Cpu = accelerator(accelerator::cpu_accelerator).default_view;
    accelerator_view Dev = accelerator().default_view;
    std::vector<int> In(H * W);
    for (int I = 0; I < H * W; ++I)
      In[I] = I * I - 7;
    texture<int, 2> Staging(extent<2>(H, W), In.begin(), In.end(), Cpu, Dev);
    texture<int, 2> OnDevice(H, W, Dev);
    copy(Staging, OnDevice);
    texture<int, 2> Back(extent<2>(H, W), 16u, Cpu, Dev);
    writeonly_texture_view<int, 2> BackView(Back);
    texture_view<const int, 2> From(OnDevice);
    texture<int, 2> Out(H, W, Dev);
    writeonly_texture_view<int, 2> OutView(Out);
    parallel_for_each(Out.extent, [=](index<2> I) restrict(amp) { OutView.set(I, From[I] + 1); });
    copy(Out, Back);
    std::vector<int> Got(H * W);
    copy(Back, Got.begin());
    int Bad = 0;
    if ((Staging.accelerator_view != Cpu || Staging.associated_accelerator_view != Dev ||
         OnDevice.associated_accelerator_view != Dev ||
         texture<int, 2>(Staging).associated_accelerator_view != Dev) &&
        ++Bad)
      std::printf("mismatch at staging views\n");
    for (int I = 0; I < H * W; ++I)
      if (Got[I] != In[I] + 1 && ++Bad < 4)
        std::printf("mismatch at staging %d: %d\n", I, Got[I]);
    Fail |= report("staging texture", Bad);
  }
  return Fail;
}
