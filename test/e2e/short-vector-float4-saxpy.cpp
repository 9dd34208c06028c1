// float_4 in kernels: array<float_4,1> and array_view<const float_4,1>
// elements, a captured float_4 and a captured float, vector arithmetic with
// scalar broadcast, component reads and writes through properties (also on
// an array element, i.e. __global memory), compound assignment on a
// property, and a swizzle of a temporary. Compared with a CPU reference
// computed on plain floats.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: float4-saxpy: 0 mismatches
// CHECK-NOT: mismatch at
#include <amp.h>
#include <amp_short_vectors.h>
#include <cstdio>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

int main() {
  const int N = 513;
  std::vector<float_4> X(N), Y(N);
  std::vector<float> Ref(4 * N);
  const float A = 1.5f, Bias[4] = {0.25f, -1.0f, 2.0f, 8.0f};
  for (int I = 0; I < N; ++I) {
    float In[4] = {I * 0.5f, 100.0f - I, I * 0.25f - 3.0f, (float)(I % 7)};
    float Out[4] = {1.0f * I, 2.0f, -0.5f * I, 4.0f};
    X[I] = float_4(In[0], In[1], In[2], In[3]);
    Y[I] = float_4(Out[0], Out[1], Out[2], Out[3]);
    float R[4];
    for (int C = 0; C < 4; ++C)
      R[C] = A * In[C] + Out[C] + Bias[C];
    // Kernel: t.x = t.y - t.w; t.w += 1; the element's z then becomes the
    // sum of the temporary's w and x (read before the element's w is set).
    float Tx = R[1] - R[3], Tw = R[3] + 1.0f;
    Ref[4 * I + 0] = Tx;
    Ref[4 * I + 1] = R[1];
    Ref[4 * I + 2] = (Tw + 2.0f) + (Tx + 2.0f);
    Ref[4 * I + 3] = Tw;
  }
  array<float_4, 1> XA(N, X.begin());
  array_view<float_4, 1> YV(N, Y);
  float_4 B(Bias[0], Bias[1], Bias[2], Bias[3]);
  parallel_for_each(YV.extent, [=, &XA](index<1> I) restrict(amp) {
    float_4 T = A * XA[I] + YV[I] + B;
    T.x = T.y - T.w;
    T.w += 1.0f;
    YV[I] = T;
    YV[I].z = (T + 2.0f).wx.x + (T + 2.0f).wx.y;
  });
  YV.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I) {
    float Got[4] = {Y[I].x, Y[I].y, Y[I].z, Y[I].w};
    for (int C = 0; C < 4; ++C)
      if (Got[C] != Ref[4 * I + C] && Bad++ < 5)
        std::printf("mismatch at %d.%d: %f vs %f\n", I, C, Got[C], Ref[4 * I + C]);
  }
  std::printf("float4-saxpy: %d mismatches\n", Bad);
  return Bad != 0;
}
