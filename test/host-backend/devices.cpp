// Under AMPCC_BACKEND=host the host CPU is the one device and the default;
// Visual C++'s software accelerators (direct3d\warp, direct3d\ref) run on
// it, so a program that asks for WARP runs its kernels there. A program
// compiled with -fno-host-kernels is told why it cannot run there.
// RUN: %ampcc -fhost-kernels %s -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// RUN: %ampcc -fno-host-kernels %s -o %t.plain && env AMPCC_BACKEND=host %t.plain | %FileCheck %s --check-prefix=PLAIN
// CHECK: accelerators: host:0:0 direct3d\warp direct3d\ref cpu
// CHECK-NEXT: default: host:0:0, emulated 1, shared memory 1
// CHECK-NEXT: on direct3d\warp: 0 mismatches of 1000
// PLAIN: accelerators: host:0:0 direct3d\warp direct3d\ref cpu
// PLAIN: launch: {{.*}}devices.cpp were not compiled for the host backend (built with -fno-host-kernels, or ampcc warned that their C compile failed)
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  std::printf("accelerators:");
  for (const accelerator &A : accelerator::get_all())
    std::printf(" %ls", A.get_device_path().c_str());
  accelerator Def;
  std::printf("\ndefault: %ls, emulated %d, shared memory %d\n",
               Def.get_device_path().c_str(), int(Def.get_is_emulated()),
               int(Def.get_supports_cpu_shared_memory()));
  std::fflush(stdout);
  accelerator_view Warp = accelerator(accelerator::direct3d_warp).get_default_view();
  std::vector<int> V(1000, 1);
  array_view<int, 1> AV(1000, V);
  try {
    parallel_for_each(Warp, AV.extent, [=](index<1> I) restrict(amp) { AV[I] += I[0]; });
    AV.synchronize();
  } catch (const runtime_exception &E) {
    std::printf("launch: %s\n", E.what());
    return 0;
  }
  int Bad = 0;
  for (int I = 0; I < 1000; ++I)
    Bad += V[I] != 1 + I;
  std::printf("on direct3d\\warp: %d mismatches of 1000\n", Bad);
  return Bad != 0;
}
