// What Visual C++ 2012/2013 gave C++ AMP libraries beyond the spec:
// - an array_view over a temporary array (C4239: the temporary binds to
//   array_view(array&)), the view keeping the array's buffer alive, also
//   through a vector of views (push_back of a temporary array);
// - its runtime's internal launch, which the C++ AMP Algorithms Library
//   calls where _MSC_VER < 1800 (and so where it is not defined):
//   _Host_Scheduling_info, details::_Get_accelerator_view_impl_ptr and
//   details::_Parallel_for_each, over extents and tiled extents, on a
//   given view and on the automatic selection.
// With -fno-ms-headers neither exists.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// RUN: %not %ampcc -fno-ms-headers -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=STRICT %s
// CHECK: temporary arrays: 0 mismatches
// CHECK: internal launches: 0 mismatches
// CHECK: deduced reference: 0 7 7 7 7 0
#include <amp.h>
#include <cstdio>
#include <vector>

using namespace concurrency;

namespace lib {
namespace detail {
// As the library writes it: unqualified from its own namespace.
template <typename Domain, typename Kernel>
void launch(const accelerator_view &View, const Domain &D, const Kernel &F) {
  // STRICT: vc-temporaries-and-internals.cpp:[[@LINE+1]]:3: error: unknown type name '_Host_Scheduling_info'
  _Host_Scheduling_info Info = {NULL};
  if (View != accelerator::get_auto_selection_view())
    Info._M_accelerator_view = concurrency::details::_Get_accelerator_view_impl_ptr(View);
  concurrency::details::_Parallel_for_each(&Info, D, F);
}
} // namespace detail
} // namespace lib

int temporaryArrays() {
  accelerator_view Av = accelerator().default_view;
  // STRICT: vc-temporaries-and-internals.cpp:[[@LINE+1]]:19: error: no matching constructor for initialization of 'array_view<int>'
  array_view<int> V(array<int>(16, Av));
  std::vector<array_view<float, 2>> Views;
  Views.push_back(array<float, 2>(4, 4, Av));
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = I[0] * 3; });
  array_view<float, 2> W = Views[0];
  parallel_for_each(W.extent, [=](index<2> I) restrict(amp) { W[I] = I[0] + 0.5f * I[1]; });
  int Bad = 0;
  for (int I = 0; I < 16; ++I)
    Bad += V[I] != I * 3;
  for (int I = 0; I < 4; ++I)
    for (int J = 0; J < 4; ++J)
      Bad += W(I, J) != I + 0.5f * J;
  return Bad;
}

int internalLaunches() {
  std::vector<int> Data(64, 1);
  array_view<int> A(64, Data);
  lib::detail::launch(accelerator().default_view, A.extent,
                      [=](index<1> I) restrict(amp) { A[I] += I[0]; });
  lib::detail::launch(accelerator::get_auto_selection_view(), A.extent.tile<16>(),
                      [=](tiled_index<16> T) restrict(amp) { A[T.global] *= 2; });
  A.synchronize();
  int Bad = 0;
  for (int I = 0; I < 64; ++I)
    Bad += Data[I] != 2 * (1 + I);
  return Bad;
}

template <typename View, typename T>
void fill(const accelerator_view &Av, View &Out, const T &Value) {
  parallel_for_each(Av, Out.extent, [=](index<1> I) restrict(amp) { Out[I] = Value; });
}

void deducedReference() {
  std::vector<int> Host(6, 0);
  array<int> A(6, Host.begin());
  fill(A.accelerator_view, A.section(1, 4), 7);
  copy(A, Host.begin());
  std::printf("deduced reference: %d %d %d %d %d %d\n", Host[0], Host[1], Host[2], Host[3],
              Host[4], Host[5]);
}

int main() {
  std::printf("temporary arrays: %d mismatches\n", temporaryArrays());
  std::printf("internal launches: %d mismatches\n", internalLaunches());
  deducedReference();
}
