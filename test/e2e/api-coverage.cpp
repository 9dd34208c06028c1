// A use of every name docs/api-coverage.md marks supported (issue 29): the
// RUN line's script checks that each such name occurs in this file's code,
// and the program compiles with ampcc and runs on the default device. The
// uses are shallow; other tests check what each one does.
// REQUIRES: opencl
// RUN: python3 %src_root/scripts/check-api-coverage.py %src_root/docs/api-coverage.md %s
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: api coverage: ok
#include <amp.h>
#include <amp_graphics.h>
#include <amp_math.h>
#include <amp_short_vectors.h>
#include <ppltasks.h>
#include <chrono>
#include <cstdio>
#include <future>
#include <memory>
#include <vector>
using namespace concurrency;

static int Failures = 0;
static void expect(bool Ok, const char *What) {
  if (!Ok) {
    std::printf("failed: %s\n", What);
    ++Failures;
  }
}

static void acceleratorNames() {
  accelerator Acc(accelerator::default_accelerator);
  accelerator Cpu(accelerator::cpu_accelerator);
  accelerator Other = Acc;
  Other = Cpu;
  expect(Other == Cpu && Acc != Cpu, "accelerator ==");
  std::vector<accelerator> All = accelerator::get_all();
  expect(!All.empty(), "get_all");
  accelerator::set_default(accelerator::default_accelerator);
  accelerator_view Auto = accelerator::get_auto_selection_view();
  expect(Auto.get_is_auto_selection() && Auto.is_auto_selection, "auto selection");
  const wchar_t *Warp = accelerator::direct3d_warp, *Ref = accelerator::direct3d_ref;
  (void)Warp; (void)Ref;
  std::wstring P = Acc.get_device_path() + Acc.device_path;
  std::wstring D = Acc.get_description() + Acc.description;
  unsigned V = Acc.get_version() + Acc.version;
  size_t M = Acc.get_dedicated_memory() + Acc.dedicated_memory;
  bool B = Acc.get_supports_double_precision() || Acc.supports_double_precision ||
           Acc.get_supports_limited_double_precision() ||
           Acc.supports_limited_double_precision || Acc.get_is_debug() || Acc.is_debug ||
           Acc.get_is_emulated() || Acc.is_emulated || Acc.get_has_display() ||
           Acc.has_display || Acc.get_supports_cpu_shared_memory() ||
           Acc.supports_cpu_shared_memory;
  access_type T = Acc.get_default_cpu_access_type();
  T = Acc.default_cpu_access_type;
  Acc.set_default_cpu_access_type(T);
  (void)P; (void)D; (void)V; (void)M; (void)B;
  accelerator_view View = Acc.get_default_view();
  accelerator_view View2 = Acc.default_view;
  View2 = Acc.create_view(queuing_mode_immediate);
  expect(View == Acc.default_view && View != View2, "accelerator_view ==");
  expect(View.get_accelerator() == Acc && View.accelerator == Acc, "get_accelerator");
  expect(!View.get_is_debug() && !View.is_debug, "is_debug");
  expect(View.get_version() == View.version, "version");
  expect(View.get_queuing_mode() == View.queuing_mode, "queuing_mode");
  expect(View2.queuing_mode == queuing_mode_immediate &&
             Acc.create_view(queuing_mode_automatic).queuing_mode == queuing_mode_automatic,
         "queuing modes");
  View.flush();
  completion_future F = View.create_marker();
  View.wait();
  F.wait();
  access_type Types[] = {access_type_none, access_type_read, access_type_write,
                         access_type_read_write, access_type_auto};
  (void)Types;
  accelerator_view NoTimeout = direct3d::create_accelerator_view(Acc, true);
  expect(direct3d::is_timeout_disabled(NoTimeout), "is_timeout_disabled");
}

static void exceptionNames() {
  runtime_exception E("message", 5);
  expect(E.get_error_code() == 5, "get_error_code");
  out_of_memory OOM;
  invalid_compute_domain ICD;
  unsupported_feature UF;
  accelerator_view_removed AVR("removed", 7);
  expect(AVR.get_view_removed_reason() == 7, "get_view_removed_reason");
  (void)OOM; (void)ICD; (void)UF;
}

static void indexAndExtent() {
  index<2> I(1, 2);
  index<2> J = I;
  J += 1; J -= 1; J *= 2; J /= 2; J %= 5;
  J = J + I; J = J - I; J = J * 1; J = J / 1; J = J % 7;
  ++J; --J; J++; J--;
  expect(J[0] == 1 && index<2>::rank == 2 && sizeof(index<2>::value_type) == 4, "index");
  extent<2> X(4, 8);
  X += 0; X -= 0; X *= 1; X /= 1; X %= 100;
  ++X; --X;
  expect(X[1] == 8 && X.size() == 32 && X.contains(I) && extent<2>::rank == 2 &&
             sizeof(extent<2>::value_type) == 4 && X == extent<2>(4, 8) && X != extent<2>(1, 1),
         "extent");
  tiled_extent<2, 4> T = X.tile<2, 4>();
  tiled_extent<2, 4> T2(T);
  T2 = T.pad();
  T2 = T.truncate();
  expect(T.get_tile_extent()[1] == 4 && T.tile_extent[0] == 2 && tiled_extent<2, 4>::rank == 2 &&
             tiled_extent<2, 4>::tile_dim0 == 2 && tiled_extent<2, 4>::tile_dim1 == 4 &&
             tiled_extent<4, 4, 4>::tile_dim2 == 4,
         "tiled_extent");
}

static void arrays() {
  accelerator_view View = accelerator().default_view;
  std::vector<int> Host(16);
  for (int K = 0; K < 16; ++K)
    Host[K] = K;
  array<int, 1> A(16, Host.begin(), Host.end(), View);
  array<int, 1> B(16);
  B = A;
  // Element access on the CPU needs an array the CPU can reach: on a
  // discrete GPU, A's data lives on the device alone (access_type_none) and
  // A[0] throws, so a staging array (the CPU's view, associated with View).
  array<int, 1> Staged(16, Host.begin(), Host.end(),
                       accelerator(accelerator::cpu_accelerator).default_view, View);
  array<int, 1>::value_type First = Staged[0];
  expect(First == 0 && Staged(1) == 1 && array<int, 1>::rank == 1, "array access");
  A.copy_to(B);
  expect(A.data() != nullptr || A.get_cpu_access_type() == access_type_none, "array::data");
  expect(A.get_accelerator_view() == A.accelerator_view &&
             A.get_associated_accelerator_view() == A.associated_accelerator_view &&
             A.get_cpu_access_type() == A.cpu_access_type && A.get_extent() == A.extent,
         "array properties");
  array_view<int, 1> Sec = A.section(2, 4);
  array_view<int, 2> AsTwo = A.view_as(extent<2>(4, 4));
  array_view<float, 1> AsFloat = A.reinterpret_as<float>();
  std::vector<int> Out = A;
  expect(Sec[0] == 2 && AsTwo(1, 0) == 4 && AsFloat.extent[0] == 16 && Out[5] == 5, "array views");

  array_view<int, 1> V(16, Host);
  array_view<int, 1> W(V);
  W = V;
  array_view<int, 1>::value_type Elem = V[3] + V(3) + V.get_ref(index<1>(3));
  expect(Elem == 9 && array_view<int, 1>::rank == 1, "array_view access");
  V.copy_to(B);
  V.synchronize();
  V.synchronize_async().wait();
  V.synchronize_to(View);
  V.synchronize_to_async(View).get();
  V.refresh();
  expect(V.data() == Host.data(), "array_view::data");
  expect(V.get_extent() == V.extent && V.get_source_accelerator_view() == V.source_accelerator_view,
         "array_view properties");
  array_view<int, 1> VS = V.section(index<1>(1), extent<1>(2));
  array_view<int, 2> V2 = V.view_as(extent<2>(2, 8));
  array_view<unsigned, 1> VU = V.reinterpret_as<unsigned>();
  expect(VS[0] == 1 && V2(1, 0) == 8 && VU[2] == 2u, "array_view views");
  array_view<int, 1> Scratch(16);
  Scratch.discard_data();

  std::vector<int> Back(16);
  copy(A, Back.begin());
  copy_async(A, Back.begin()).wait();
  completion_future CF = copy_async(Back.begin(), Back.end(), B);
  expect(CF.valid(), "completion_future::valid");
  CF.get();
  CF = copy_async(A, B);
  CF.wait_for(std::chrono::seconds(10));
  CF.wait_until(std::chrono::steady_clock::now() + std::chrono::seconds(10));
  std::shared_future<void> SF = CF;
  SF.wait();
  // then() runs its functor on a thread of its own, possibly after
  // Next.wait() returns: the continuation owns what it writes (a lambda
  // writing a local by reference wrote into a later call's frame).
  auto Ran = std::make_shared<std::promise<void>>();
  std::future<void> RanDone = Ran->get_future();
  completion_future Next = copy_async(A, B);
  Next.then([Ran] { Ran->set_value(); });
  Next.wait();
  expect(RanDone.wait_for(std::chrono::seconds(10)) == std::future_status::ready,
         "completion_future::then");
  concurrency::task<void> Task = copy_async(A, B).to_task();
  Task.wait();
}

static void kernels() {
  std::vector<int> Data(64, 0);
  array_view<int, 1> V(64, Data);
  std::vector<float> FData(64, 0.0f);
  array_view<float, 1> F(64, FData);
  parallel_for_each(accelerator().default_view, V.extent.tile<16>(),
                    [=](tiled_index<16> T) restrict(amp) {
    tile_static int S[16];
    S[T.local[0]] = T.global[0];
    T.barrier.wait();
    T.barrier.wait_with_all_memory_fence();
    T.barrier.wait_with_global_memory_fence();
    T.barrier.wait_with_tile_static_memory_fence();
    all_memory_fence(T.barrier);
    global_memory_fence(T.barrier);
    tile_static_memory_fence(T.barrier);
    tile_barrier Copy = T.barrier;
    (void)Copy;
    int Rank = tiled_index<16>::rank + tiled_index<16>::tile_dim0 + tiled_index<4, 4>::tile_dim1 +
               tiled_index<2, 2, 2>::tile_dim2;
    index<1> G = T;
    V[T.global] = S[T.local[0]] + T.tile[0] * 0 + T.tile_origin[0] * 0 +
                  T.get_tile_extent()[0] * 0 + T.tile_extent[0] * 0 + Rank * 0 + G[0] * 0;
    if (T.global[0] == 0) {
      int X = 0;
      unsigned U = 0;
      atomic_fetch_add(&X, 1);
      atomic_fetch_sub(&X, 1);
      atomic_fetch_and(&X, 1);
      atomic_fetch_or(&X, 1);
      atomic_fetch_xor(&X, 1);
      atomic_fetch_inc(&X);
      atomic_fetch_dec(&X);
      atomic_fetch_max(&X, 3);
      atomic_fetch_min(&U, 2u);
      atomic_exchange(&X, 4);
      int Expected = 4;
      atomic_compare_exchange(&X, &Expected, 5);
      direct3d_printf("api coverage printf %d\n", X);
    }
  });
  parallel_for_each(F.extent, [=](index<1> I) restrict(amp) {
    float X = 0.25f;
    float S = 0.0f, P = 0.0f, C = 0.0f;
    int E = 0;
    int N = I[0];
    unsigned UN = (unsigned)N;
    S += direct3d::abs(N) + direct3d::clamp(X, 0.0f, 1.0f) + direct3d::countbits(UN) +
         direct3d::firstbithigh(N) + direct3d::firstbitlow(N) + direct3d::imax(N, 1) +
         direct3d::imin(N, 1) + direct3d::mad(X, X, X) + direct3d::noise(X) +
         direct3d::radians(X) + direct3d::rcp(X + 1.0f) + direct3d::reversebits(UN) +
         direct3d::saturate(X) + direct3d::sign(X) + direct3d::smoothstep(0.0f, 1.0f, X) +
         direct3d::step(0.5f, X) + direct3d::umax(UN, 1u) + direct3d::umin(UN, 1u);
    if (N < 0) {
      direct3d_errorf("never %d\n", N);
      direct3d_abort();
    }
      S += (float)fast_math::acos(X);
      S += (float)fast_math::acosf(X);
      S += (float)fast_math::asin(X);
      S += (float)fast_math::asinf(X);
      S += (float)fast_math::atan(X);
      S += (float)fast_math::atanf(X);
      S += (float)fast_math::atan2(X, 0.5f);
      S += (float)fast_math::atan2f(X, 0.5f);
      S += (float)fast_math::ceil(X);
      S += (float)fast_math::ceilf(X);
      S += (float)fast_math::cos(X);
      S += (float)fast_math::cosf(X);
      S += (float)fast_math::cosh(X);
      S += (float)fast_math::coshf(X);
      S += (float)fast_math::exp(X);
      S += (float)fast_math::expf(X);
      S += (float)fast_math::exp2(X);
      S += (float)fast_math::exp2f(X);
      S += (float)fast_math::fabs(X);
      S += (float)fast_math::fabsf(X);
      S += (float)fast_math::floor(X);
      S += (float)fast_math::floorf(X);
      S += (float)fast_math::fmax(X, 0.5f);
      S += (float)fast_math::fmaxf(X, 0.5f);
      S += (float)fast_math::fmin(X, 0.5f);
      S += (float)fast_math::fminf(X, 0.5f);
      S += (float)fast_math::fmod(X, 0.5f);
      S += (float)fast_math::fmodf(X, 0.5f);
      S += (float)fast_math::frexp(X, &E);
      S += (float)fast_math::frexpf(X, &E);
      S += (float)fast_math::isfinite(X);
      S += (float)fast_math::isinf(X);
      S += (float)fast_math::isnan(X);
      S += (float)fast_math::ldexp(X, 2);
      S += (float)fast_math::ldexpf(X, 2);
      S += (float)fast_math::log(X);
      S += (float)fast_math::logf(X);
      S += (float)fast_math::log10(X);
      S += (float)fast_math::log10f(X);
      S += (float)fast_math::log2(X);
      S += (float)fast_math::log2f(X);
      S += (float)fast_math::modf(X, &P);
      S += (float)fast_math::modff(X, &P);
      S += (float)fast_math::pow(X, 0.5f);
      S += (float)fast_math::powf(X, 0.5f);
      S += (float)fast_math::round(X);
      S += (float)fast_math::roundf(X);
      S += (float)fast_math::rsqrt(X);
      S += (float)fast_math::rsqrtf(X);
      S += (float)fast_math::signbit(X);
      S += (float)fast_math::signbitf(X);
      S += (float)fast_math::sin(X);
      S += (float)fast_math::sinf(X);
      fast_math::sincos(X, &P, &C); S += P + C;
      fast_math::sincosf(X, &P, &C); S += P + C;
      S += (float)fast_math::sinh(X);
      S += (float)fast_math::sinhf(X);
      S += (float)fast_math::sqrt(X);
      S += (float)fast_math::sqrtf(X);
      S += (float)fast_math::tan(X);
      S += (float)fast_math::tanf(X);
      S += (float)fast_math::tanh(X);
      S += (float)fast_math::tanhf(X);
      S += (float)fast_math::trunc(X);
      S += (float)fast_math::truncf(X);
      S += (float)precise_math::acos(X);
      S += (float)precise_math::acosf(X);
      S += (float)precise_math::acosh(X);
      S += (float)precise_math::acoshf(X);
      S += (float)precise_math::asin(X);
      S += (float)precise_math::asinf(X);
      S += (float)precise_math::asinh(X);
      S += (float)precise_math::asinhf(X);
      S += (float)precise_math::atan(X);
      S += (float)precise_math::atanf(X);
      S += (float)precise_math::atan2(X, 0.5f);
      S += (float)precise_math::atan2f(X, 0.5f);
      S += (float)precise_math::atanh(X);
      S += (float)precise_math::atanhf(X);
      S += (float)precise_math::cbrt(X);
      S += (float)precise_math::cbrtf(X);
      S += (float)precise_math::ceil(X);
      S += (float)precise_math::ceilf(X);
      S += (float)precise_math::copysign(X, 0.5f);
      S += (float)precise_math::copysignf(X, 0.5f);
      S += (float)precise_math::cos(X);
      S += (float)precise_math::cosf(X);
      S += (float)precise_math::cosh(X);
      S += (float)precise_math::coshf(X);
      S += (float)precise_math::cospi(X);
      S += (float)precise_math::cospif(X);
      S += (float)precise_math::erf(X);
      S += (float)precise_math::erff(X);
      S += (float)precise_math::erfc(X);
      S += (float)precise_math::erfcf(X);
      S += (float)precise_math::exp(X);
      S += (float)precise_math::expf(X);
      S += (float)precise_math::exp10(X);
      S += (float)precise_math::exp10f(X);
      S += (float)precise_math::exp2(X);
      S += (float)precise_math::exp2f(X);
      S += (float)precise_math::expm1(X);
      S += (float)precise_math::expm1f(X);
      S += (float)precise_math::fabs(X);
      S += (float)precise_math::fabsf(X);
      S += (float)precise_math::fdim(X, 0.5f);
      S += (float)precise_math::fdimf(X, 0.5f);
      S += (float)precise_math::floor(X);
      S += (float)precise_math::floorf(X);
      S += (float)precise_math::fma(X, 0.5f, 0.25f);
      S += (float)precise_math::fmaf(X, 0.5f, 0.25f);
      S += (float)precise_math::fmax(X, 0.5f);
      S += (float)precise_math::fmaxf(X, 0.5f);
      S += (float)precise_math::fmin(X, 0.5f);
      S += (float)precise_math::fminf(X, 0.5f);
      S += (float)precise_math::fmod(X, 0.5f);
      S += (float)precise_math::fmodf(X, 0.5f);
      S += (float)precise_math::frexp(X, &E);
      S += (float)precise_math::frexpf(X, &E);
      S += (float)precise_math::hypot(X, 0.5f);
      S += (float)precise_math::hypotf(X, 0.5f);
      S += (float)precise_math::ilogb(X);
      S += (float)precise_math::ilogbf(X);
      S += (float)precise_math::isfinite(X);
      S += (float)precise_math::isinf(X);
      S += (float)precise_math::isnan(X);
      S += (float)precise_math::isnormal(X);
      S += (float)precise_math::ldexp(X, 2);
      S += (float)precise_math::ldexpf(X, 2);
      S += (float)precise_math::lgamma(X);
      S += (float)precise_math::lgammaf(X);
      S += (float)precise_math::log(X);
      S += (float)precise_math::logf(X);
      S += (float)precise_math::log10(X);
      S += (float)precise_math::log10f(X);
      S += (float)precise_math::log1p(X);
      S += (float)precise_math::log1pf(X);
      S += (float)precise_math::log2(X);
      S += (float)precise_math::log2f(X);
      S += (float)precise_math::logb(X);
      S += (float)precise_math::logbf(X);
      S += (float)precise_math::modf(X, &P);
      S += (float)precise_math::modff(X, &P);
      S += (float)precise_math::nearbyint(X);
      S += (float)precise_math::nearbyintf(X);
      S += (float)precise_math::nextafter(X, 0.5f);
      S += (float)precise_math::nextafterf(X, 0.5f);
      S += (float)precise_math::pow(X, 0.5f);
      S += (float)precise_math::powf(X, 0.5f);
      S += (float)precise_math::rcbrt(X);
      S += (float)precise_math::rcbrtf(X);
      S += (float)precise_math::remainder(X, 0.5f);
      S += (float)precise_math::remainderf(X, 0.5f);
      S += (float)precise_math::remquo(X, 0.5f, &E);
      S += (float)precise_math::remquof(X, 0.5f, &E);
      S += (float)precise_math::round(X);
      S += (float)precise_math::roundf(X);
      S += (float)precise_math::rsqrt(X);
      S += (float)precise_math::rsqrtf(X);
      S += (float)precise_math::signbit(X);
      S += (float)precise_math::signbitf(X);
      S += (float)precise_math::sin(X);
      S += (float)precise_math::sinf(X);
      precise_math::sincos(X, &P, &C); S += P + C;
      precise_math::sincosf(X, &P, &C); S += P + C;
      S += (float)precise_math::sinh(X);
      S += (float)precise_math::sinhf(X);
      S += (float)precise_math::sinpi(X);
      S += (float)precise_math::sinpif(X);
      S += (float)precise_math::sqrt(X);
      S += (float)precise_math::sqrtf(X);
      S += (float)precise_math::tan(X);
      S += (float)precise_math::tanf(X);
      S += (float)precise_math::tanh(X);
      S += (float)precise_math::tanhf(X);
      S += (float)precise_math::tanpi(X);
      S += (float)precise_math::tanpif(X);
      S += (float)precise_math::tgamma(X);
      S += (float)precise_math::tgammaf(X);
      S += (float)precise_math::trunc(X);
      S += (float)precise_math::truncf(X);
    F[I] = S;
  });
  F.synchronize();
  V.synchronize();
  expect(Data[5] == 5, "tiled kernel");
}

static void graphicsNames() {
  using namespace concurrency::graphics;
  texture<int, 2> Tex(4, 4);
  texture<int, 2> Tex2(extent<2>(4, 4), 32U);
  Tex2 = Tex;
  expect(texture<int, 2>::rank == 2 && sizeof(texture<int, 2>::value_type) == 4, "texture");
  expect(Tex.get_extent() == Tex.extent && Tex.get_row_pitch() == Tex.row_pitch &&
             Tex.get_depth_pitch() == Tex.depth_pitch &&
             Tex.get_bits_per_scalar_element() == Tex.bits_per_scalar_element &&
             Tex.get_mipmap_levels() == Tex.mipmap_levels &&
             Tex.get_data_length() == Tex.data_length &&
             Tex.get_accelerator_view() == Tex.accelerator_view &&
             Tex.get_associated_accelerator_view() == Tex.associated_accelerator_view &&
             Tex.get_mipmap_extent(0) == Tex.extent,
         "texture properties");
  Tex.copy_to(Tex2);
  texture_view<int, 2> TV(Tex);
  TV = texture_view<int, 2>(Tex);
  writeonly_texture_view<int, 2> WV(Tex2);
  texture<float, 2> FTex(4, 4);
  texture_view<const float, 2> RV(FTex);
  texture<float_4, 2> F4Tex(4, 4);
  texture_view<const float_4, 2> RV4(F4Tex);
  sampler Smp(filter_linear, address_clamp, float_4(0, 0, 0, 0));
  sampler Smp2;
  Smp2 = Smp;
  expect(Smp.get_filter_mode() == Smp.filter_mode && Smp.get_address_mode() == Smp.address_mode &&
             Smp.get_border_color().x == Smp.border_color.x,
         "sampler");
  filter_mode Filters[] = {filter_point, filter_linear, filter_unknown};
  address_mode Modes[] = {address_wrap, address_mirror, address_clamp, address_border,
                          address_unknown};
  (void)Filters; (void)Modes;
  std::vector<int> Host(16, 1);
  graphics::copy(Host.data(), 64u, Tex);
  graphics::copy_async(Tex, Host.data(), 64u).wait();
  graphics::uint Unsigned = 1;
  (void)Unsigned;
  parallel_for_each(Tex.extent, [=, &Tex, &Tex2](index<2> I) restrict(amp) {
    int A = Tex.get(I) + Tex[I] + Tex(I[0], I[1]);
    Tex2.set(I, A);
    int B = TV.get(I) + TV[I] + TV(I);
    TV.set(I, B);
    WV.set(I, A);
    float_2 Coord(0.5f, 0.5f);
    float S = RV.sample(Smp, Coord) + RV[I] + RV(I) + RV.get(I);
    float_4 G = RV.gather_red(Smp, Coord) + RV4.gather_green(Smp, Coord) +
                RV4.gather_blue(Smp, Coord) + RV4.gather_alpha(Smp, Coord);
    (void)S; (void)G;
  });
  std::vector<int> Back(16);
  graphics::copy(Tex2, Back.data(), 64u);
}

static void shortVectors() {
  using namespace concurrency::graphics;
  int_2 I2(1, 2); int_3 I3(1); int_4 I4(1, 2, 3, 4);
  uint_2 U2(1u); uint_3 U3(1u); uint_4 U4(1u);
  float_2 F2(1.0f); float_3 F3(1.0f); float_4 F4(1.0f, 2.0f, 3.0f, 4.0f);
  double_2 D2(1.0); double_3 D3(1.0); double_4 D4(1.0);
  norm_2 N2(0.5f); norm_3 N3(0.5f); norm_4 N4(0.5f);
  unorm_2 M2(0.5f); unorm_3 M3(0.5f); unorm_4 M4(0.5f);
  norm N = norm(0.25f);
  unorm M = unorm(0.75f);
  float Sum = float(N) + float(M);
  float_4 Copy(F4);
  Copy = F4;
  int Size = float_4::size;
  float_4::value_type Elem = F4.x + F4.y + F4.z + F4.w + F4.r + F4.g + F4.b + F4.a +
                             F4.get_x() + F4.ref_x() + F4.ref_r();
  F4.set_x(Elem);
  float_2 Sw = F4.xy + F4.yx + F4.rg + F4.get_xy();
  float_3 Sw3 = F4.xyz + F4.zyx;
  float_4 Sw4 = F4.xyzw + F4.wzyx + F4.bgra;
  F4.set_xy(Sw);
  Copy += F4; Copy -= F4; Copy *= F4; Copy /= F4;
  ++Copy; --Copy; Copy++; Copy--;
  Copy = -Copy + F4 - F4 * F4 / F4;
  bool Eq = Copy == F4 || Copy != F4;
  I4 %= int_4(3); I4 &= int_4(7); I4 |= int_4(1); I4 ^= int_4(2); I4 <<= int_4(1);
  I4 >>= int_4(1); I4 = ~I4;
  short_vector<float, 4>::type SV = F4;
  int Len = short_vector_traits<float_4>::size;
  namespace hlsl = concurrency::graphics::direct3d;
  hlsl::int2 A1 = I2; hlsl::int3 A2 = I3; hlsl::int4 A3 = I4;
  hlsl::uint2 A4 = U2; hlsl::uint3 A5 = U3; hlsl::uint4 A6 = U4;
  hlsl::float2 A7 = F2; hlsl::float3 A8 = F3; hlsl::float4 A9 = F4;
  hlsl::double2 B1 = D2; hlsl::double3 B2 = D3; hlsl::double4 B3 = D4;
  hlsl::norm2 B4 = N2; hlsl::norm3 B5 = N3; hlsl::norm4 B6 = N4;
  hlsl::unorm2 B7 = M2; hlsl::unorm3 B8 = M3; hlsl::unorm4 B9 = M4;
  (void)Sum; (void)Size; (void)Sw3; (void)Sw4; (void)Eq; (void)SV; (void)Len;
  (void)A1; (void)A2; (void)A3; (void)A4; (void)A5; (void)A6; (void)A7; (void)A8; (void)A9;
  (void)B1; (void)B2; (void)B3; (void)B4; (void)B5; (void)B6; (void)B7; (void)B8; (void)B9;
}

int main() {
  acceleratorNames();
  exceptionNames();
  indexAndExtent();
  arrays();
  kernels();
  graphicsNames();
  shortVectors();
  amp_uninitialize();
  std::fflush(stdout);
  std::printf("api coverage: %s\n", Failures ? "failed" : "ok");
  return Failures != 0;
}
