// Visual C++'s software accelerators exist on every machine, as on a Visual
// C++ development machine: programs build accelerator(direct3d_ref) to
// compare it with the default and warn about emulation, or run on it. Here
// they run on the OpenCL CPU device (PoCL); on a machine with no OpenCL CPU
// device (no OpenCL at all) they run on the host backend's device, and
// for a program built without host kernels they still construct, compare
// and list, and an array or a launch on them throws runtime_exception
// saying what to install.
// REQUIRES: opencl
// RUN: %ampcc -fhost-kernels %s -o %t
// RUN: %t | %FileCheck %s
// RUN: rm -rf %t.no-icd && mkdir %t.no-icd
// RUN: env OCL_ICD_VENDORS=%t.no-icd %t | %FileCheck %s --check-prefix=HOST
// RUN: %ampcc -fno-host-kernels %s -o %t.plain
// RUN: env OCL_ICD_VENDORS=%t.no-icd %t.plain | %FileCheck %s --check-prefix=NONE
// CHECK: ref: direct3d\ref, Software Adapter, emulated 1
// CHECK: warp: direct3d\warp, Microsoft Basic Render Driver, emulated 1
// CHECK: listed: 1 1
// CHECK: default is ref: 0
// CHECK: ref kernel: 0 mismatches
// CHECK: warp kernel: 0 mismatches
// CHECK: copy between ref and the default: 0 mismatches
// HOST: ref: direct3d\ref, Software Adapter, emulated 1
// HOST: default is ref: 0
// HOST: array on ref: no exception
// HOST: launch on ref: no exception
// NONE: ref: direct3d\ref, Software Adapter, emulated 1
// NONE: listed: 1 1
// NONE: default is ref: 0
// NONE: array on ref: runtime_exception: the Software Adapter accelerator (direct3d\ref) is emulated on an OpenCL CPU device and this machine has none; {{.*}}pocl-opencl-icd
// NONE: launch on ref: runtime_exception: concurrency::parallel_for_each is not supported on the selected accelerator "Software Adapter". {{.*}}pocl-opencl-icd
#include <amp.h>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
using namespace concurrency;

static std::string narrow(const std::wstring &W) { return std::string(W.begin(), W.end()); }

static void describe(const char *Label, const accelerator &A) {
  std::printf("%s: %s, %s, emulated %d\n", Label, narrow(A.device_path).c_str(),
              narrow(A.description).c_str(), (int)A.is_emulated);
}

static int runOn(const accelerator_view &V, int Scale) {
  std::vector<int> Data(1000, 0);
  array_view<int, 1> D(int(Data.size()), Data);
  parallel_for_each(V, D.extent, [=](index<1> I) restrict(amp) { D[I] = I[0] * Scale; });
  D.synchronize();
  int Bad = 0;
  for (int I = 0; I < int(Data.size()); ++I)
    Bad += Data[I] != I * Scale;
  return Bad;
}

int main() {
  accelerator Ref(accelerator::direct3d_ref);
  accelerator Warp(accelerator::direct3d_warp);
  describe("ref", Ref);
  describe("warp", Warp);
  bool RefListed = false, WarpListed = false;
  for (const accelerator &A : accelerator::get_all()) {
    RefListed |= A == Ref;
    WarpListed |= A == Warp;
  }
  std::printf("listed: %d %d\n", (int)RefListed, (int)WarpListed);
  // What samples do: compare with the default to warn about emulation.
  std::printf("default is ref: %d\n", (int)(accelerator() == Ref));
  if (std::getenv("OCL_ICD_VENDORS")) {
    try {
      array<int, 1> A(16, Ref.default_view);
      std::printf("array on ref: no exception\n");
    } catch (const runtime_exception &E) {
      std::printf("array on ref: runtime_exception: %s\n", E.what());
    }
    try {
      std::vector<int> Data(4);
      array_view<int, 1> D(4, Data);
      parallel_for_each(Ref.default_view, D.extent, [=](index<1> I) restrict(amp) { D[I] = 1; });
      D.synchronize();
      std::printf("launch on ref: no exception\n");
    } catch (const runtime_exception &E) {
      std::printf("launch on ref: runtime_exception: %s\n", E.what());
    }
    return 0;
  }
  std::printf("ref kernel: %d mismatches\n", runOn(Ref.default_view, 3));
  std::printf("warp kernel: %d mismatches\n", runOn(Warp.create_view(), 5));
  // An array on REF copied to one on the default accelerator and back.
  std::vector<int> In(500), Out(500, -1);
  for (int I = 0; I < 500; ++I)
    In[I] = 7 * I;
  array<int, 1> OnRef(500, In.begin(), In.end(), Ref.default_view);
  array<int, 1> OnDefault(500);
  copy(OnRef, OnDefault);
  parallel_for_each(OnDefault.extent, [&OnDefault](index<1> I) restrict(amp) { OnDefault[I] += 1; });
  copy(OnDefault, OnRef);
  copy(OnRef, Out.begin());
  int Bad = 0;
  for (int I = 0; I < 500; ++I)
    Bad += Out[I] != 7 * I + 1;
  std::printf("copy between ref and the default: %d mismatches\n", Bad);
  return 0;
}
