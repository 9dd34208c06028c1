// The CPU accelerator is an accelerator of its own, as in Visual C++: listed
// last by get_all(), its memory is host memory, it holds staging arrays and
// runs no kernel. Arrays remember their cpu_access_type: with
// access_type_none the host may not index them (runtime_exception) and
// data() is null, while array_views over them still copy on access. A
// view's discard_data never destroys the array's own data.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: cpu accelerator: last, emulated, shared memory
// CHECK: launch on cpu view: refused
// CHECK: launch over a cpu array: refused
// CHECK: staging round trip: 0 mismatches of 64
// CHECK: view over staging array in a kernel: 0 mismatches of 64
// CHECK: associated view of a non-staging array: its own
// CHECK: access_type_none: host index refused, data() null, view reads 0 mismatches
// CHECK: default access type fixed after use: yes
// CHECK: discard keeps array data: 0 mismatches of 10
#include <amp.h>
#include <cstdio>
#include <cstring>
#include <vector>
using namespace concurrency;

static bool refusedLaunch(const std::function<void()> &Launch) {
  try {
    Launch();
  } catch (const runtime_exception &E) {
    return std::strstr(E.what(), "concurrency::parallel_for_each is not supported "
                                 "on the selected accelerator \"CPU accelerator\".");
  }
  return false;
}

int main() {
  std::vector<accelerator> All = accelerator::get_all();
  accelerator Cpu(accelerator::cpu_accelerator);
  std::printf("cpu accelerator: %s, %s, %s\n", All.back() == Cpu ? "last" : "NOT LAST",
              Cpu.get_is_emulated() ? "emulated" : "NOT EMULATED",
              Cpu.get_supports_cpu_shared_memory() ? "shared memory" : "NO SHARED");
  accelerator_view CpuView = Cpu.get_default_view();
  accelerator_view GpuView = accelerator().get_default_view();

  std::vector<int> Host(64, 1);
  array_view<int, 1> V(64, Host);
  std::printf("launch on cpu view: %s\n",
              refusedLaunch([&] {
                parallel_for_each(CpuView, V.get_extent(),
                                  [=](index<1> I) restrict(amp) { V[I] = 2; });
              }) ? "refused" : "RAN");
  array<int, 1> OnCpu(64, Host.begin(), CpuView);
  std::printf("launch over a cpu array: %s\n",
              refusedLaunch([&] {
                // No view given: the kernel goes where its arrays live.
                parallel_for_each(OnCpu.get_extent(), [&OnCpu](index<1> I)
                                                          restrict(amp) { OnCpu[I] = 2; });
              }) ? "refused" : "RAN");

  // A staging array: written through data() on the host, used on the GPU
  // through copies, read back through indexing.
  array<int, 1> Staging(64, CpuView, GpuView);
  int *P = Staging.data();
  for (int I = 0; I < 64; ++I)
    P[I] = I;
  array<int, 1> Device(64, GpuView);
  copy(Staging, Device);
  parallel_for_each(Device.get_extent(), [&Device](index<1> I) restrict(amp) {
    Device[I] = Device[I] * 3 + 1;
  });
  copy(Device, Staging);
  int Bad = 0;
  for (int I = 0; I < 64; ++I)
    Bad += Staging[index<1>(I)] != I * 3 + 1;
  Bad += Staging.get_accelerator_view() != CpuView;
  Bad += Staging.get_associated_accelerator_view() != GpuView;
  Bad += Staging.get_cpu_access_type() != access_type_read_write;
  std::printf("staging round trip: %d mismatches of 64\n", Bad);

  // A view does not pick the accelerator (only captured arrays do): a view
  // over the staging array runs on the default accelerator.
  array_view<const int, 1> StagingView(Staging);
  std::vector<int> Copied(64);
  array_view<int, 1> CopiedView(64, Copied);
  parallel_for_each(CopiedView.get_extent(), [=](index<1> I) restrict(amp) {
    CopiedView[I] = StagingView[I] + 1;
  });
  CopiedView.synchronize();
  Bad = 0;
  for (int I = 0; I < 64; ++I)
    Bad += Copied[I] != I * 3 + 2;
  std::printf("view over staging array in a kernel: %d mismatches of 64\n", Bad);

  // Only an array on the CPU accelerator stages: on another accelerator the
  // associated view is ignored (Visual C++'s rule), and it is its own.
  {
    array<int, 1> NotStaging(8, GpuView, CpuView);
    std::printf("associated view of a non-staging array: %s\n",
                NotStaging.get_associated_accelerator_view() == GpuView &&
                        NotStaging.get_accelerator_view() == GpuView
                    ? "its own"
                    : "wrong");
  }

  // access_type_none: data only on the accelerator.
  std::vector<int> Init(32);
  for (int I = 0; I < 32; ++I)
    Init[I] = 5 * I;
  array<int, 1> Dedicated(32, Init.begin(), GpuView, access_type_none);
  bool Refused = false;
  try {
    (void)Dedicated[index<1>(3)];
  } catch (const runtime_exception &) {
    Refused = true;
  }
  array_view<int, 1> Through(Dedicated);
  int ViewBad = 0;
  for (int I = 0; I < 32; ++I)
    ViewBad += Through[I] != 5 * I;
  std::printf("access_type_none: host index %s, data() %s, view reads %d mismatches\n",
              Refused ? "refused" : "ALLOWED",
              Dedicated.data() == nullptr ? "null" : "NOT NULL", ViewBad);

  // The runtime's default was used by the arrays above.
  std::printf("default access type fixed after use: %s\n",
              accelerator().set_default_cpu_access_type(access_type_read) ? "NO" : "yes");

  // A discarded view over an array: the array keeps its data.
  std::vector<int> Ten(10);
  for (int I = 0; I < 10; ++I)
    Ten[I] = I + 1;
  array<int, 1> Arr(10, Ten.begin(), GpuView);
  std::vector<int> Result(10);
  array_view<int, 1> ResultView(10, Result);
  ResultView.discard_data();
  array_view<int, 1> Section = Arr.section(0, 10);
  Section.discard_data();
  parallel_for_each(GpuView, Arr.get_extent(), [=, &Arr](index<1> I) restrict(amp) {
    ResultView[I] = Arr[I];
  });
  ResultView.synchronize();
  int DiscardBad = 0;
  for (int I = 0; I < 10; ++I)
    DiscardBad += Result[I] != I + 1;
  std::printf("discard keeps array data: %d mismatches of 10\n", DiscardBad);
  return 0;
}
