// Two things Visual C++ 2012 projects compile that a 64-bit Clang rejects:
// - std::max / std::min of a 32-bit integer and a size_t or ptrdiff_t
//   (`std::max(0U, 55 - name.length())`): one type on 32-bit Windows, the
//   target of its projects by default; the call names the wider type, with
//   a warning. Integers of different signedness (which Visual C++ rejects
//   too) stay an error (-DMIXED_SIGN);
// - a temporary array_view bound to a non-const reference parameter of a
//   function template called with explicit template arguments from another
//   template (`fill<Tile, Mode>(array_view<const T>(in), out,
//   array_view<T>(sums))`): the instantiation keeps no recovered call, so
//   the argument is found in the template's own call, and bound.
// The results are checked against the host's.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// RUN: %FileCheck --check-prefix=WARN %s --implicit-check-not=error: < %t.err
// RUN: %not %ampcc -DMIXED_SIGN -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=SIGN %s
// CHECK: widths 53 53 3 -2
// CHECK: scan: 0 mismatches
#include <algorithm>
#include <amp.h>
#include <iostream>
#include <string>
#include <vector>
using namespace concurrency;

namespace impl {
template <int Tile, int Mode, typename T>
void fill(const array_view<const T, 1> &in, array_view<T> &out, array_view<T, 1> &sums) {
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    out[i] = in[i] * Tile + Mode;
    sums[i] = in[i] + 1;
  });
}
template <int Tile, int Mode, typename T>
void run(const array_view<T, 1> &input, array_view<T, 1> &output, array<T> &sums) {
  // WARN: vc-win32-min-max-and-template-temporaries.cpp:[[@LINE+1]]:62: warning: non-const reference to 'array_view<T>' bound to a temporary
  impl::fill<Tile, Mode>(array_view<const T>(input), output, array_view<T>(sums));
}
} // namespace impl

int main() {
  std::string name("ab");
  std::vector<int> v(5);
  // WARN: vc-win32-min-max-and-template-temporaries.cpp:[[@LINE+1]]:30: warning: 'std::max' of 'unsigned int' and 'size_type' (aka 'unsigned long'), one type where Visual C++ targets 32-bit Windows, as its projects do by default; called as 'std::max<unsigned long>'
  unsigned long Width = std::max(0U, 55 - name.length());
  // WARN: vc-win32-min-max-and-template-temporaries.cpp:[[@LINE+1]]:28: warning: 'std::min' of 'size_type' (aka 'unsigned long') and 'unsigned int'
  unsigned long Low = std::min(name.length() + 51, 60U);
  // WARN: vc-win32-min-max-and-template-temporaries.cpp:[[@LINE+1]]:19: warning: 'std::min' of 'int' and {{.*}} (aka 'long'){{.*}}called as 'std::min<long>'
  long Few = std::min(3, v.end() - v.begin());
  long Neg = std::max(-2, v.begin() - v.end());
  std::cout << "widths " << Width << " " << Low << " " << Few << " " << Neg << "\n";
#ifdef MIXED_SIGN
  // SIGN: vc-win32-min-max-and-template-temporaries.cpp:[[@LINE+1]]:10: error: no matching function for call to 'max'
  return std::max(1, name.length()) > 0;
#endif
  const int N = 64;
  std::vector<int> in(N), out(N), sums(N);
  for (int i = 0; i < N; ++i)
    in[i] = i * 3 - 7;
  array_view<int, 1> InView(N, in), OutView(N, out);
  array<int> Sums(N);
  impl::run<4, 1>(InView, OutView, Sums);
  OutView.synchronize();
  copy(Sums, sums.begin());
  int Bad = 0;
  for (int i = 0; i < N; ++i)
    Bad += out[i] != in[i] * 4 + 1 || sums[i] != in[i] + 1;
  std::cout << "scan: " << Bad << " mismatches\n";
  return Bad != 0;
}
