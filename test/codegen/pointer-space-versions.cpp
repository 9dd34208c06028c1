// A local pointer that points into private memory and is then given a
// pointer into global memory (or the reverse) cannot be one C variable:
// OpenCL 1.2 has no generic address space, and a C pointer's type names
// its space (`float *q = &x; q = p;` was an error of the OpenCL compiler at
// the kernel's build). When the assignment is a statement of the block that
// declares the pointer, and the pointer is named nowhere but to read its
// value, assign, increment or decrement it, the assignment starts a new C
// variable (`q__1`) and the names after it denote that one; uses before it
// keep the first. A pointer a reference is bound to is not versioned (the
// reference could see either variable).
// REQUIRES: opencl
// RUN: %ampcc -emit-opencl -fno-robust-buffer-access %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
// RUN: %ampcc %s -o %t && %t | %FileCheck --check-prefix=EXEC %s
// RUN: %ampcc -emit-opencl -fno-robust-buffer-access -DREFERENCE_BOUND %s -o %t.taken.cl
// RUN: %FileCheck --check-prefix=TAKEN %s < %t.taken.cl
// CHECK: __private float *Cursor = &(y);
// CHECK: __global float *Cursor__1 = Global;
// CHECK: return (*Cursor__1) + Mine;
// CHECK: __private float *q = &(x);
// CHECK: float Before = (*q);
// CHECK: __global float *q__1 = ampcc_view_float_1_at(In, i);
// CHECK: (*q__1) + Before
// CHECK: __private float *q__2 = &(Local[0]);
// CHECK: q__2++;
// CHECK: Sum += (*q__2);
// TAKEN: __private float *q = &(x);
// TAKEN-NOT: q__1
// EXEC: versions: 0 3 6 9 ok
#include <amp.h>
#include <cstdio>
#include <vector>

using namespace concurrency;

// A called function: the parameter's space comes from the argument, the
// local pointer's versions from its assignments.
float pick(float *Global, int Step) restrict(amp) {
  float y = 0.5f * Step;
  float *Cursor = &y;
  float Mine = *Cursor;
  Cursor = Global;
  return *Cursor + Mine;
}

int main() {
  std::vector<float> Data(4), Result(4);
  for (int I = 0; I < 4; ++I)
    Data[I] = float(2 * I);
  array_view<float> In(4, Data);
  array_view<float> Out(4, Result);
  Out.discard_data();
  parallel_for_each(Out.extent, [=](index<1> i) restrict(amp) {
    float x = 1.0f;
    float Local[2] = {0.25f, 0.0f};
    float *q = &x;
    float Before = *q;
    q = &In[i];
    float Sum = *q + Before;
#ifdef REFERENCE_BOUND
    float *&Alias = q;
    (void)Alias;
#endif
    q = &Local[0];
    q++;
    Sum += *q;
    Out[i] = Sum + pick(&In[i], i[0]) - 1.0f - float(i[0]) - 0.5f * i[0];
  });
  Out.synchronize();
  bool Ok = true;
  std::printf("versions:");
  for (int I = 0; I < 4; ++I) {
    // Sum = Data + 1 (+ Local[1] = 0); pick = Data + 0.5 I; minus 1 + I + 0.5 I.
    float Expect = Data[I] + 1.0f + Data[I] + 0.5f * I - 1.0f - I - 0.5f * I;
    std::printf(" %g", Result[I]);
    Ok &= Result[I] == Expect;
  }
  std::printf(" %s\n", Ok ? "ok" : "WRONG");
  return Ok ? 0 : 1;
}
