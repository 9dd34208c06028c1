// amp_uninitialize releases built kernels and cached host memory, and the
// next launch works again (issue 29); direct3d::create_accelerator_view
// without a Direct3D device and is_timeout_disabled; array_view's
// source_accelerator_view property and get_ref on both sides; the HLSL
// names of the short vectors in concurrency::graphics::direct3d.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
#include <amp.h>
#include <amp_short_vectors.h>
#include <cstdio>
#include <type_traits>
#include <vector>
using namespace concurrency;

static int run(accelerator_view View) {
  std::vector<int> Data(64, 1);
  array_view<int, 1> V(64, Data);
  parallel_for_each(View, V.extent, [=](index<1> I) restrict(amp) {
    V.get_ref(I) += I[0];
  });
  V.synchronize();
  int Sum = 0;
  for (int K = 0; K < 64; ++K)
    Sum += V.get_ref(index<1>(K));
  return Sum;
}

int main() {
  accelerator Acc;
  std::printf("before: %d\n", run(Acc.default_view));
  // CHECK: before: 2080
  amp_uninitialize();
  amp_uninitialize(); // Legal any number of times.
  std::printf("after amp_uninitialize: %d\n", run(Acc.default_view));
  // CHECK-NEXT: after amp_uninitialize: 2080

  accelerator_view NoTimeout =
      direct3d::create_accelerator_view(Acc, true, queuing_mode_immediate);
  accelerator_view Plain = direct3d::create_accelerator_view(Acc, false);
  accelerator_view Copy = NoTimeout;
  std::printf("timeout disabled: %d %d %d %d\n", direct3d::is_timeout_disabled(NoTimeout),
              direct3d::is_timeout_disabled(Copy), direct3d::is_timeout_disabled(Plain),
              direct3d::is_timeout_disabled(Acc.default_view));
  // CHECK-NEXT: timeout disabled: 1 1 0 0
  std::printf("modes: %d %d\n", NoTimeout.queuing_mode == queuing_mode_immediate,
              Plain.queuing_mode == queuing_mode_automatic);
  // CHECK-NEXT: modes: 1 1
  std::printf("on the new view: %d\n", run(NoTimeout));
  // CHECK-NEXT: on the new view: 2080

  std::vector<int> Host(4, 0);
  array_view<int, 1> OfHost(4, Host);
  array<int, 1> Arr(4, Acc.default_view);
  array_view<int, 1> OfArray(Arr);
  std::printf("source_accelerator_view: %d %d\n",
              OfHost.source_accelerator_view == accelerator(accelerator::cpu_accelerator).default_view,
              OfArray.source_accelerator_view == Acc.default_view);
  // CHECK-NEXT: source_accelerator_view: 1 1

  // graphics::direct3d is an alias of concurrency::direct3d: under both
  // using-directives `direct3d::` stays unambiguous.
  namespace hlsl = concurrency::graphics::direct3d;
  using namespace concurrency::graphics;
  static_assert(std::is_same<direct3d::int4, int_4>::value, "unambiguous");
  static_assert(std::is_same<hlsl::float4, float_4>::value &&
                    std::is_same<hlsl::uint2, uint_2>::value &&
                    std::is_same<hlsl::unorm3, unorm_3>::value &&
                    std::is_same<hlsl::double2, double_2>::value,
                "HLSL names");
  std::vector<hlsl::float2> Vecs(8);
  array_view<hlsl::float2, 1> VV(8, Vecs);
  parallel_for_each(VV.extent, [=](index<1> I) restrict(amp) {
    hlsl::float2 P(float(I[0]), 2.0f);
    VV[I] = P * 2.0f;
  });
  VV.synchronize();
  std::printf("float2: %g %g\n", Vecs[3].x, Vecs[3].y);
  // CHECK-NEXT: float2: 6 4
}
