// The kernel passed to parallel_for_each must take the compute domain's
// index: index<N> for extent<N>, tiled_index<D0, ...> with the same tile
// for a tiled_extent. A mismatch is reported at the launch (Visual C++
// rejects it too), not inside <amp.h>, and a kernel whose call operator is
// not restrict(amp) is named; class template functors included.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error:
#include <amp.h>
using namespace concurrency;

template <class T> struct CpuFunctor {
  array_view<T, 1> A;
  void operator()(index<1> I) const { A[I] = 1; }
};

void launches(array_view<int, 1> V, array_view<int, 2> W) {
  parallel_for_each(V.extent, [=](index<2> I) restrict(amp) { V[I[0]] = 1; });
  // CHECK: kernel-signature.cpp:[[@LINE-1]]:3: error: the kernel's call operator takes 'index<2>', but parallel_for_each over 'Concurrency::extent<1>' passes 'Concurrency::index<1>'
  parallel_for_each(W.extent.tile<4, 4>(), [=](tiled_index<4, 8> T) restrict(amp) { W[T] = 1; });
  // CHECK: kernel-signature.cpp:[[@LINE-1]]:3: error: the kernel's call operator takes 'tiled_index<4, 8>', but parallel_for_each over 'Concurrency::tiled_extent<4, 4>' passes 'Concurrency::tiled_index<4, 4>'
  parallel_for_each(V.extent, CpuFunctor<int>{V});
  // CHECK: kernel-signature.cpp:[[@LINE-1]]:3: error: kernel type 'CpuFunctor<int>' has no restrict(amp) function call operator
  // Valid: by value, by const reference, a mutable lambda.
  parallel_for_each(V.extent, [=](const index<1> &I) restrict(amp) { V[I] = 2; });
  parallel_for_each(W.extent.tile<4, 4>(), [=](tiled_index<4, 4> T) mutable restrict(amp) { W[T] = 3; });
}

int main() {}
