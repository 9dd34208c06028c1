// A local array_view over private memory that is then assigned a view of
// global memory (or the reverse) cannot be one C variable: OpenCL 1.2 has
// no generic address space, and a view's C struct names the space of its
// data. When the assignment is a statement of the block that declares the
// view, and the view is named nowhere but as the object of its own members
// and operators or as a copy's source, the assignment starts a new C
// variable (`V__1`) and the names after it denote that one; uses before it
// keep the first. Anything else that mixes spaces is still an error: a
// reference bound to the view could see either variable.
// REQUIRES: opencl
// RUN: %ampcc -emit-opencl -fno-robust-buffer-access %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
// RUN: %ampcc %s -o %t && %t | %FileCheck --check-prefix=EXEC %s
// RUN: %not %ampcc -emit-opencl -DBAD %s -o %t.bad.cl 2>&1 | %FileCheck --check-prefix=BAD %s --implicit-check-not=error:
// CHECK: ampcc_view_int_2_private V = ampcc_view_int_2_private_over_pointer(3, 10, Scratch);
// CHECK: int Before = (*ampcc_view_int_2_private_at2(V, 0, 0));
// CHECK: ampcc_view_int_2 V__1 = In;
// CHECK: = (*ampcc_view_int_2_at(V__1, I)) + Before;
// CHECK: ampcc_view_int_2_private V__2 = ampcc_view_int_2_private_over_pointer(3, 10, Scratch);
// CHECK: (*ampcc_view_int_2_private_at2(V__2, 0, 1))
// EXEC: versions: 10 13 16 19 ok
#include <amp.h>
#include <cstdio>
#include <vector>

using namespace concurrency;

int main() {
  std::vector<int> Data(20), Result(20);
  for (int I = 0; I < 20; ++I)
    Data[I] = 3 * I;
  array_view<int, 2> In(5, 4, Data), Out(5, 4, Result);
  parallel_for_each(In.extent, [=](index<2> I) restrict(amp) {
    int Scratch[30] = {0};
    Scratch[0] = 10;
    Scratch[1] = 0;
    array_view<int, 2> V(3, 10, Scratch);
    int Before = V(0, 0);
    V = In;
    Out[I] = V[I] + Before;
    V = array_view<int, 2>(3, 10, Scratch);
    Out[I] -= V(0, 1);
  });
  Out.synchronize();
  bool Ok = true;
  for (int I = 0; I < 20; ++I)
    Ok = Ok && Result[I] == Data[I] + 10;
  std::printf("versions: %d %d %d %d %s\n", Result[0], Result[1], Result[2], Result[3],
              Ok ? "ok" : "wrong");
#ifdef BAD
  parallel_for_each(In.extent, [=](index<2> I) restrict(amp) {
    int Scratch[30] = {0};
    array_view<int, 2> V(3, 10, Scratch);
    array_view<int, 2> &Alias = V;
    V = In;
    // BAD: view-space-versions.cpp:[[@LINE-1]]:9: error: array_view 'V' refers to global memory here but to private memory elsewhere
    Out[I] = Alias[I];
  });
#endif
  return 0;
}
