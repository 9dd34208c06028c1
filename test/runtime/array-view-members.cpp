// concurrency::array_view (spec §5.2) on the host: constructors over
// containers and pointers for ranks 1-3 and over an extent for rank 4, a
// container too small, views without a data source, const views, copy
// semantics, data(), view_as, reinterpret_as, copy_to,
// get_source_accelerator_view, synchronize_to, refresh, discard_data and
// the destructor's write-back, with the transfers each one costs.
// REQUIRES: opencl
// The counts are those of a device with memory of its own: built without
// host kernels (the host backend reads const views in place,
// host-backend/in-place-views).
// RUN: %ampcc -fno-host-kernels %s -o %t && %t | %FileCheck %s
// CHECK: small container: runtime_exception
// CHECK: no data source: runtime_exception
// CHECK: source view of host data is the cpu accelerator: 1
// CHECK: source view of an array's view: 1
// CHECK: synchronize(access_type): h2d 0 after read, 1 after read_write
// CHECK: synchronize_to then kernel: h2d 1 (400 bytes) then 0 more
// CHECK: discard then kernel: h2d 0
// CHECK: const view: d2h 0 after synchronize, 400 bytes after scope
// CHECK: refresh: h2d 1 (40 bytes)
// CHECK: destructor: d2h 0 while alive, 1 (400 bytes) after
// CHECK: reinterpret_as kernel: 4 floats = 1 2 3 4
// CHECK: array_view: 0 mismatches
#include <amp.h>
#include <array>
#include <cstdio>
#include <numeric>
#include <string>
#include <vector>
using namespace concurrency;

static int Bad = 0;
static void check(bool OK, const char *What) {
  if (!OK && Bad++ < 10)
    std::printf("mismatch: %s\n", What);
}
static ampcc::rt::TransferStats stats() { return ampcc::rt::getTransferStats(); }

int main() {
  std::vector<int> V(120);
  std::iota(V.begin(), V.end(), 0);
  std::array<int, 24> Arr{};
  std::string Text = "hello, array_view";

  // Containers and pointers, ranks 1-3; an extent for rank 4.
  array_view<int, 1> A1(120, V);
  array_view<int, 2> A2(10, 12, V);
  array_view<int, 3> A3(2, 6, 10, V);
  array_view<int, 1> P1(120, V.data());
  array_view<int, 2> P2(12, 10, V.data());
  array_view<int, 3> P3(4, 5, 6, V.data());
  array_view<int, 2> E2(extent<2>(4, 6), Arr);
  array_view<const char, 1> Chars(5, Text);
  int Ext4[4] = {2, 3, 4, 5};
  array_view<int, 4> A4(extent<4>(Ext4), V);
  int Idx4[4] = {1, 2, 3, 4};
  check(A1[119] == 119 && A2(3, 4) == 40 && A3(1, 2, 3) == 83, "container views");
  check(P1[7] == 7 && P2(11, 9) == 119 && P3(3, 4, 5) == 119, "pointer views");
  E2(3, 5) = 77;
  check(Arr[23] == 77, "std::array view");
  check(Chars[4] == 'o', "string view");
  check(A4[index<4>(Idx4)] == 60 + 40 + 15 + 4, "rank-4 view");
  check(A4.extent.size() == 120, "rank-4 extent");

  try {
    std::vector<int> Small(10);
    array_view<int, 2> Bad2(4, 4, Small);
    std::printf("small container: no exception\n");
  } catch (const runtime_exception &E) {
    std::printf("small container: runtime_exception\n");
  }

  // Views without a data source live on the accelerator.
  array_view<float, 2> Scratch(8, 8);
  parallel_for_each(Scratch.extent, [=](index<2> I) restrict(amp) {
    Scratch[I] = (float)(I[0] * 8 + I[1]);
  });
  check(Scratch(7, 7) == 63.0f, "view without data source");
  try {
    Scratch.get_source_accelerator_view();
    std::printf("no data source: no exception\n");
  } catch (const runtime_exception &) {
    std::printf("no data source: runtime_exception\n");
  }
  std::printf("source view of host data is the cpu accelerator: %d\n",
              (int)(A1.get_source_accelerator_view() ==
                    accelerator(accelerator::cpu_accelerator).default_view));
  array<int, 1> Arr1(50);
  array_view<int, 1> OfArray(Arr1);
  std::printf("source view of an array's view: %d\n",
              (int)(OfArray.get_source_accelerator_view() ==
                    Arr1.get_accelerator_view()));

  // Copy semantics: views share their data; const views convert.
  array_view<int, 1> Alias = A1;
  Alias[0] = -1;
  check(A1[0] == -1 && V[0] == -1, "copies share data");
  array_view<const int, 1> CA = A1;
  CA = Alias;
  check(CA[0] == -1, "const conversion and assignment");
  Alias = A1.section(10, 10);
  check(Alias[0] == 10 && Alias.extent[0] == 10, "assignment");

  // data(), view_as, reinterpret_as, copy_to.
  int *D = A1.section(100, 20).data();
  check(D[0] == 100 && D == V.data() + 100, "data() of a section");
  array_view<int, 2> AsMatrix = A1.view_as(extent<2>(12, 10));
  check(AsMatrix(11, 9) == 119, "view_as");
  array_view<int, 3> AsCube = A1.section(60, 60).view_as(extent<3>(3, 4, 5));
  check(AsCube(0, 0, 0) == 60 && AsCube(2, 3, 4) == 119, "view_as of a section");
  std::vector<float> Floats = {1.0f, 2.0f, 3.0f, 4.0f};
  array_view<float, 1> FV(4, Floats);
  array_view<unsigned, 1> Raw = FV.reinterpret_as<unsigned>();
  check(Raw[0] == 0x3f800000u && Raw.extent[0] == 4, "reinterpret_as");
  array_view<const float, 1> CFV(FV);
  array_view<const unsigned char, 1> Bytes = CFV.reinterpret_as<unsigned char>();
  check(Bytes.extent[0] == 16 && Bytes[3] == 0x3f, "reinterpret_as const bytes");
  std::vector<int> Target(20, 0);
  array_view<int, 1> TV(20, Target);
  A1.section(100, 20).copy_to(TV);
  check(Target[19] == 119, "copy_to view");
  // Indexed on the host: CPU-accessible also on a discrete GPU.
  array<int, 1> TA(20, accelerator().default_view, access_type_read_write);
  CA.section(0, 20).copy_to(TA);
  check(TA[1] == 1, "copy_to array");

  // synchronize(access_type_read_write): the host will write, so the next
  // kernel copies the view in again; access_type_read leaves it valid.
  {
    std::vector<int> H(100, 0);
    array_view<int, 1> HV(100, H);
    parallel_for_each(HV.extent, [=](index<1> I) restrict(amp) { HV[I] = 1; });
    HV.synchronize(access_type_read);
    ampcc::rt::resetTransferStats();
    parallel_for_each(HV.extent, [=](index<1> I) restrict(amp) { HV[I] += 1; });
    unsigned long long AfterRead = stats().HostToDeviceCopies;
    HV.synchronize_async(access_type_read_write).get();
    H[0] = 40;
    parallel_for_each(HV.extent, [=](index<1> I) restrict(amp) { HV[I] += 1; });
    std::printf("synchronize(access_type): h2d %llu after read, %llu after read_write\n",
                AfterRead, (unsigned long long)stats().HostToDeviceCopies);
    check(HV[0] == 41 && HV[99] == 3, "synchronize(access_type) data");
  }

  // synchronize_to: the data goes to the accelerator ahead of the kernel.
  std::vector<int> W(100, 1);
  {
    array_view<int, 1> WV(100, W);
    ampcc::rt::resetTransferStats();
    WV.synchronize_to(accelerator().default_view);
    ampcc::rt::TransferStats S1 = stats();
    parallel_for_each(WV.extent, [=](index<1> I) restrict(amp) { WV[I] += 1; });
    std::printf("synchronize_to then kernel: h2d %llu (%llu bytes) then %llu more\n",
                (unsigned long long)S1.HostToDeviceCopies,
                (unsigned long long)S1.HostToDeviceBytes,
                (unsigned long long)(stats().HostToDeviceCopies - S1.HostToDeviceCopies));
  }
  check(W[99] == 2, "synchronize_to data");

  // discard_data: nothing goes in.
  {
    array_view<int, 1> WV(100, W);
    WV.discard_data();
    ampcc::rt::resetTransferStats();
    parallel_for_each(WV.extent, [=](index<1> I) restrict(amp) { WV[I] = 5; });
    std::printf("discard then kernel: h2d %llu\n",
                (unsigned long long)stats().HostToDeviceCopies);
  }
  check(W[0] == 5, "discard data");

  // A const view is never copied back: only the written view's 400 bytes
  // come back, on its own synchronize.
  std::vector<int> Out(100);
  ampcc::rt::resetTransferStats();
  {
    array_view<const int, 1> In(100, W);
    array_view<int, 1> OutV(100, Out);
    OutV.discard_data();
    parallel_for_each(In.extent, [=](index<1> I) restrict(amp) { OutV[I] = In[I] * 2; });
    In.synchronize();
    std::printf("const view: d2h %llu after synchronize, ",
                (unsigned long long)stats().DeviceToHostCopies);
    OutV.synchronize();
  }
  std::printf("%llu bytes after scope\n",
              (unsigned long long)stats().DeviceToHostBytes);
  check(Out[50] == 10, "const view kernel");

  // refresh: a changed row goes in again, and only that row.
  std::vector<int> G(10 * 10, 0);
  {
    array_view<const int, 2> GV(10, 10, G);
    array_view<int, 1> Sum(10, Out);
    parallel_for_each(Sum.extent, [=](index<1> I) restrict(amp) {
      int S = 0;
      for (int J = 0; J < 10; ++J)
        S += GV(I[0], J);
      Sum[I] = S;
    });
    for (int J = 0; J < 10; ++J)
      G[3 * 10 + J] = 1;
    GV[3].refresh();
    ampcc::rt::resetTransferStats();
    parallel_for_each(Sum.extent, [=](index<1> I) restrict(amp) {
      int S = 0;
      for (int J = 0; J < 10; ++J)
        S += GV(I[0], J);
      Sum[I] = S;
    });
    std::printf("refresh: h2d %llu (%llu bytes)\n",
                (unsigned long long)stats().HostToDeviceCopies,
                (unsigned long long)stats().HostToDeviceBytes);
  }
  check(Out[3] == 10 && Out[4] == 0, "refresh data");

  // The last view's destructor writes back.
  std::vector<int> Late(100, 0);
  ampcc::rt::resetTransferStats();
  {
    array_view<int, 1> LV(100, Late);
    {
      array_view<int, 1> Copy = LV;
      parallel_for_each(Copy.extent, [=](index<1> I) restrict(amp) { Copy[I] = 9; });
    }
    std::printf("destructor: d2h %llu while alive, ",
                (unsigned long long)stats().DeviceToHostCopies);
  }
  std::printf("%llu (%llu bytes) after\n",
              (unsigned long long)stats().DeviceToHostCopies,
              (unsigned long long)stats().DeviceToHostBytes);
  check(Late[99] == 9, "destructor write-back");

  // A reinterpreted view in a kernel: ints written, floats read back.
  std::vector<float> FOut(4, 0.0f);
  array_view<float, 1> FOV(4, FOut);
  array_view<int, 1> IOV = FOV.reinterpret_as<int>();
  std::vector<int> Ones = {0x3f800000, 0x40000000, 0x40400000, 0x40800000};
  array_view<const int, 1> OnesV(4, Ones);
  parallel_for_each(IOV.extent, [=](index<1> I) restrict(amp) { IOV[I] = OnesV[I]; });
  FOV.synchronize();
  std::printf("reinterpret_as kernel: 4 floats = %g %g %g %g\n", FOut[0],
              FOut[1], FOut[2], FOut[3]);

  std::printf("array_view: %d mismatches\n", Bad);
  return Bad != 0;
}
