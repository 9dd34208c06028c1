// accelerator and accelerator_view (spec §3): get_all, the default
// accelerator (CPPAMP_DEFAULT_ACCELERATOR, set_default), device properties,
// default_view, create_view with both queuing modes, wait, flush,
// create_marker, the auto-selection view, and parallel_for_each on a chosen
// view. The second run picks the default with set_default before any use;
// the third with the environment variable.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t
// RUN: %t | %FileCheck %s
// RUN: %t set-default | %FileCheck %s --check-prefix=SET
// RUN: env CPPAMP_DEFAULT_ACCELERATOR=cpu %t | %FileCheck %s --check-prefix=ENV
// CHECK: devices: {{[1-9]}}
// CHECK: paths start with opencl or host: 1
// CHECK: default is listed: 1
// CHECK: set_default after use: 0
// CHECK: immediate view: mode 0, debug 0, auto 0
// CHECK: auto-selection view: auto 1
// CHECK: kernel on created view: 0 mismatches
// CHECK: marker ready: 1
// CHECK: accelerator: 0 mismatches
// SET: set_default before use: 1
// SET: default is the chosen one: 1
// ENV: default is a cpu: 1
#include <amp.h>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>
using namespace concurrency;

static int Bad = 0;
static void check(bool OK, const char *What) {
  if (!OK && Bad++ < 10)
    std::printf("mismatch: %s\n", What);
}

int main(int argc, char **argv) {
  std::vector<accelerator> All = accelerator::get_all();
  if (argc > 1 && std::strcmp(argv[1], "set-default") == 0) {
    // Choose the last device before anything uses the default.
    std::wstring Path = All.back().device_path;
    std::printf("set_default before use: %d\n", (int)accelerator::set_default(Path));
    std::printf("default is the chosen one: %d\n", (int)(accelerator() == All.back()));
    return 0;
  }
  if (std::getenv("CPPAMP_DEFAULT_ACCELERATOR")) {
    std::printf("default is a cpu: %d\n", (int)accelerator().is_emulated);
    return 0;
  }
  std::printf("devices: %zu\n", All.size());
  // The CPU accelerator is last, then come the OpenCL devices.
  check(All.back().device_path == accelerator::cpu_accelerator, "cpu accelerator last");
  check(All.back().supports_cpu_shared_memory, "cpu accelerator shares memory");
  check(All.back().get_default_cpu_access_type() == access_type_read_write,
        "cpu accelerator access type");
  All.pop_back();
  // Before it, Visual C++'s software accelerators, as in its list.
  check(All.size() >= 2 && All[All.size() - 2].device_path == accelerator::direct3d_warp &&
            All.back().device_path == accelerator::direct3d_ref,
        "warp and ref before the cpu accelerator");
  All.resize(All.size() - 2);
  bool Paths = true;
  for (const accelerator &A : All) {
    // A program with host kernels lists the host backend's CPU first.
    Paths &= A.device_path.rfind(L"opencl:", 0) == 0 || A.device_path == L"host:0:0";
    check(!A.description.empty(), "description");
    check(A.version >= (1u << 16), "version");
    check(A.dedicated_memory > 0, "dedicated_memory");
    check(!A.supports_double_precision || A.supports_limited_double_precision,
          "double precision levels");
    check(!A.has_display && !A.is_debug, "display and debug");
    // Chosen by the runtime: shared where the device shares host memory.
    check(A.get_default_cpu_access_type() ==
              (A.supports_cpu_shared_memory ? access_type_read_write : access_type_none),
          "cpu access type");
  }
  std::printf("paths start with opencl or host: %d\n", (int)Paths);

  accelerator Default;
  bool Listed = false;
  for (const accelerator &A : All)
    Listed |= A == Default;
  std::printf("default is listed: %d\n", (int)Listed);
  check(accelerator(accelerator::default_accelerator) == Default, "default path");
  std::printf("set_default after use: %d\n",
              (int)accelerator::set_default(Default.device_path));

  accelerator_view DV = Default.default_view;
  check(DV == Default.get_default_view(), "default view is shared");
  check(DV.accelerator == Default, "view's accelerator");
  check(DV.queuing_mode == queuing_mode_automatic, "default view mode");
  check(DV.version == Default.version, "view version");
  accelerator_view IV = Default.create_view(queuing_mode_immediate);
  std::printf("immediate view: mode %d, debug %d, auto %d\n",
              (int)IV.queuing_mode, (int)IV.is_debug, (int)IV.is_auto_selection);
  check(IV != DV, "created views are distinct");
  accelerator_view AutoV = accelerator::get_auto_selection_view();
  std::printf("auto-selection view: auto %d\n", (int)AutoV.is_auto_selection);

  // A kernel on the created view, then wait/flush/marker.
  std::vector<int> Data(256, 1);
  array_view<int, 1> V(256, Data);
  parallel_for_each(IV, V.extent, [=](concurrency::index<1> I) restrict(amp) { V[I] += I[0]; });
  // Read on the host below: CPU-accessible also on a discrete GPU.
  array<int, 1> OnIV(256, IV, access_type_read_write);
  parallel_for_each(IV, OnIV.extent, [&OnIV](concurrency::index<1> I) restrict(amp) { OnIV[I] = 2; });
  IV.flush();
  IV.wait();
  completion_future M = IV.create_marker();
  M.get();
  int Mismatch = 0;
  for (int I = 0; I < 256; ++I)
    Mismatch += V[I] != 1 + I;
  std::printf("kernel on created view: %d mismatches\n", Mismatch);
  check(OnIV[255] == 2, "array on a created view");
  std::printf("marker ready: %d\n",
              (int)(M.wait_for(std::chrono::seconds(0)) == std::future_status::ready));
  DV.wait();
  std::printf("accelerator: %d mismatches\n", Bad);
  return Bad != 0;
}
