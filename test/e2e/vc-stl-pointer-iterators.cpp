// Microsoft's STL has iterator classes where libstdc++ has plain pointers
// (std::array's iterators): code written for it names `Iter::value_type`
// of an iterator template parameter, in a typedef and in a lambda's
// parameter without `typename`. ampcc names the member types through
// std::iterator_traits<Iter> instead, with a warning at each place; the
// kernel's results are checked against the host's prefix sums.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// RUN: %FileCheck --check-prefix=WARN %s < %t.err
// CHECK: prefix: 0 1 3 6
// CHECK: kernel: 0 mismatches
#include <amp.h>
#include <algorithm>
#include <array>
#include <cstdio>
#include <vector>

template <typename InIt, typename OutIt>
void prefix(InIt First, InIt Last, OutIt Out) {
  // WARN: vc-stl-pointer-iterators.cpp:[[@LINE+1]]:20: warning: 'InIt' is a pointer here, where Microsoft's STL has an iterator class; its member types are named through 'std::iterator_traits<InIt>'
  typedef typename InIt::value_type T;
  T Sum = T();
  // WARN: vc-stl-pointer-iterators.cpp:[[@LINE+1]]:34: warning: 'InIt' is a pointer here
  std::for_each(First, Last, [&](InIt::value_type V) {
    *Out++ = Sum;
    Sum += V;
  });
}

int main() {
  const std::array<int, 4> In = {1, 2, 3, 4};
  std::vector<int> Out(4);
  prefix(In.cbegin(), In.cend(), Out.begin());
  std::printf("prefix: %d %d %d %d\n", Out[0], Out[1], Out[2], Out[3]);
  std::vector<int> Device(4);
  concurrency::array_view<const int> A(4, In.data());
  concurrency::array_view<int> B(4, Device);
  concurrency::parallel_for_each(B.extent, [=](concurrency::index<1> I) restrict(amp) {
    int S = 0;
    for (int J = 0; J < I[0]; ++J)
      S += A[J];
    B[I] = S;
  });
  B.synchronize();
  int Bad = 0;
  for (int I = 0; I < 4; ++I)
    Bad += Device[I] != Out[I];
  std::printf("kernel: %d mismatches\n", Bad);
}
