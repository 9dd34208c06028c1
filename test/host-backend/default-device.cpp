// Without AMPCC_BACKEND, on a machine without a GPU, the host backend's CPU
// is the default accelerator of a program whose kernels were compiled for
// the host (-fhost-kernels), ahead of OpenCL's CPU devices (PoCL), and it
// runs Visual C++'s direct3d\warp; PoCL stays listed under its path and
// CPPAMP_DEFAULT_ACCELERATOR chooses it. A program without host kernels
// does not list the host device (AMPCC_VERBOSE says why) and runs as before.
// UNSUPPORTED: nvidia-gpu
// REQUIRES: opencl
// RUN: %ampcc -fhost-kernels %s -o %t && env -u AMPCC_BACKEND %t | %FileCheck %s --check-prefix=HOST
// RUN: env -u AMPCC_BACKEND CPPAMP_DEFAULT_ACCELERATOR=opencl:0:0 %t | %FileCheck %s --check-prefix=POCL
// RUN: %ampcc -fno-host-kernels %s -o %t.plain
// RUN: env -u AMPCC_BACKEND AMPCC_VERBOSE=1 %t.plain 2>&1 | %FileCheck %s --check-prefix=PLAIN
// HOST: accelerators: host:0:0 opencl:0:0 {{.*}}direct3d\warp direct3d\ref cpu
// HOST-NEXT: default: host:0:0, emulated 1
// HOST-NEXT: warp runs on the default: 1
// HOST-NEXT: on direct3d\warp: 0 mismatches of 1000
// POCL: default: opencl:0:0, emulated 1
// POCL-NEXT: warp runs on the default: 0
// POCL-NEXT: on direct3d\warp: 0 mismatches of 1000
// PLAIN: ampcc: no host device: the kernels of {{.*}}default-device.cpp were not compiled for the host (-fno-host-kernels, or their C compile failed)
// PLAIN: accelerators: opencl:0:0 {{.*}}direct3d\warp direct3d\ref cpu
// PLAIN-NEXT: default: opencl:0:0, emulated 1
// PLAIN-NEXT: warp runs on the default: 1
// PLAIN-NEXT: on direct3d\warp: 0 mismatches of 1000
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  std::printf("accelerators:");
  for (const accelerator &A : accelerator::get_all())
    std::printf(" %ls", A.get_device_path().c_str());
  accelerator Def, Warp(accelerator::direct3d_warp);
  std::printf("\ndefault: %ls, emulated %d\n", Def.get_device_path().c_str(),
              int(Def.get_is_emulated()));
  // WARP is backed by the first CPU device: the same memory as that device.
  std::printf("warp runs on the default: %d\n",
              int(Warp.get_dedicated_memory() == Def.get_dedicated_memory() &&
                  Warp.get_version() == Def.get_version()));
  std::vector<int> V(1000, 1);
  array_view<int, 1> AV(1000, V);
  parallel_for_each(Warp.get_default_view(), AV.extent,
                    [=](index<1> I) restrict(amp) { AV[I] += I[0]; });
  AV.synchronize();
  int Bad = 0;
  for (int I = 0; I < 1000; ++I)
    Bad += V[I] != 1 + I;
  std::printf("on direct3d\\warp: %d mismatches of 1000\n", Bad);
  return Bad != 0;
}
