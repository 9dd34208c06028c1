// A scalar's bits read as another scalar of its size through a reference
// cast, as the C++ AMP Algorithms Library's radix sort keys floats
// (`reinterpret_cast<const unsigned &>(f)`; Visual C++ lowers it to HLSL's
// asuint): OpenCL's as_type, in amp code and in restrict(cpu, amp) code
// called from a kernel; the results match the host's.
// REQUIRES: opencl
// RUN: %ampcc -emit-opencl %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
// RUN: %ampcc %s -o %t && %t | %FileCheck --check-prefix=EXEC %s
// CHECK: uint Mask = (uint)(-(int)(as_uint(V) >> 31)) | 2147483648u;
// CHECK: return as_uint(V) ^ Mask;
// CHECK: as_float(
// EXEC: punned keys: 0 mismatches
#include <amp.h>
#include <cstdio>
#include <vector>

using namespace concurrency;

unsigned toKey(const float &V) restrict(amp, cpu) {
  const unsigned Mask = -static_cast<int>(reinterpret_cast<const unsigned &>(V) >> 31) | 0x80000000;
  return reinterpret_cast<const unsigned &>(V) ^ Mask;
}

int main() {
  std::vector<float> In = {1.5f, -2.25f, 0.0f, -0.0f, 3e10f, -1e-20f};
  std::vector<unsigned> Out(In.size());
  std::vector<float> Back(In.size());
  array_view<const float> A(int(In.size()), In);
  array_view<unsigned> B(int(Out.size()), Out);
  array_view<float> C(int(Back.size()), Back);
  parallel_for_each(B.extent, [=](index<1> I) restrict(amp) {
    B[I] = toKey(A[I]);
    int Bits = reinterpret_cast<const int &>(A[I]);
    C[I] = reinterpret_cast<const float &>(Bits);
  });
  B.synchronize();
  C.synchronize();
  int Bad = 0;
  for (size_t I = 0; I < In.size(); ++I)
    Bad += Out[I] != toKey(In[I]) || Back[I] != In[I];
  std::printf("punned keys: %d mismatches\n", Bad);
}
