// OpenCL CPU devices (PoCL here) report is_emulated, as Visual C++'s WARP
// does, so programs that pick "the non-emulated accelerators" get the GPUs
// (docs/multi-device.md). AMPCC_CPU_DEVICES_NOT_EMULATED=1 is an opt-in for
// testing on a machine without a GPU: OpenCL CPU devices then count as
// hardware, while the CPU accelerator, REF and WARP stay emulated, and a
// kernel still runs on the device.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t
// RUN: env -u AMPCC_CPU_DEVICES_NOT_EMULATED %t | %FileCheck %s --check-prefix=DEFAULT
// RUN: env AMPCC_CPU_DEVICES_NOT_EMULATED=0 %t | %FileCheck %s --check-prefix=DEFAULT
// RUN: env AMPCC_CPU_DEVICES_NOT_EMULATED=1 %t | %FileCheck %s --check-prefix=OPTIN
// DEFAULT: opencl cpu devices emulated: all
// DEFAULT: cpu 1 ref 1 warp 1
// DEFAULT: kernel: 42
// OPTIN: opencl cpu devices emulated: none
// OPTIN: cpu 1 ref 1 warp 1
// OPTIN: kernel: 42
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  int CpuDevices = 0, Emulated = 0;
  for (const accelerator &A : accelerator::get_all()) {
    std::wstring Path = A.device_path;
    if (Path.rfind(L"opencl:", 0) != 0)
      continue;
    ++CpuDevices;
    Emulated += A.is_emulated;
  }
  if (CpuDevices == 0)
    return 1;
  std::printf("opencl cpu devices emulated: %s\n",
              Emulated == CpuDevices ? "all" : Emulated == 0 ? "none" : "some");
  std::printf("cpu %d ref %d warp %d\n", accelerator(accelerator::cpu_accelerator).is_emulated,
              accelerator(accelerator::direct3d_ref).is_emulated,
              accelerator(accelerator::direct3d_warp).is_emulated);
  std::vector<int> D(1, 0);
  array_view<int, 1> V(1, D);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = 42; });
  V.synchronize();
  std::printf("kernel: %d\n", D[0]);
  return 0;
}
