// A static member named through a reference parameter in a constant
// expression (the ant colony sample's `tiled_index<domain.tile_dim0,
// domain.tile_dim1>` with `const Dom_t &domain`): Visual C++ takes it as a
// constant, C++17 does not (P2280, not in Clang 19). Repaired with a
// warning to the member named through the parameter's type (every such name
// of a line at once; a later line's in the next parse, whose warning is
// printed too); the program
// runs with the tile sizes of the extent passed. A non-static member stays
// an error.
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// RUN: %FileCheck --check-prefix=WARN %s < %t.err
// RUN: %not %ampcc -DOTHER -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=OTHER %s
// CHECK: tiles 4x8 sum 3072
// WARN-NOT: error
// OTHER: error: non-type template argument is not a constant expression
#include <amp.h>
#include <iostream>
using namespace concurrency;

template <typename Dom_t> int tileSum(const Dom_t &domain) {
  // WARN: vc-static-member-through-reference.cpp:[[@LINE+2]]:23: warning: static member 'tile_dim0' named through the reference parameter 'domain' in a constant expression, as Visual C++ allows
  // WARN: vc-static-member-through-reference.cpp:[[@LINE+1]]:41: warning: static member 'tile_dim1' named through the reference parameter 'domain'
  typedef tiled_index<domain.tile_dim0, domain.tile_dim1> Idx_t;
  // Clang reports the second line's name only once the first is repaired:
  // its warning comes from the second parse.
  // WARN: vc-static-member-through-reference.cpp:[[@LINE+2]]:23: warning: static member 'tile_dim0'
  // WARN: vc-static-member-through-reference.cpp:[[@LINE+2]]:23: warning: static member 'tile_dim1'
  typedef tiled_index<domain.tile_dim0,
                      domain.tile_dim1> Same_t;
  static_assert(Same_t::tile_dim1 == Idx_t::tile_dim1, "");
  std::vector<int> Out(domain.size());
  array_view<int, 2> Av(domain[0], domain[1], Out);
  parallel_for_each(domain, [=](Idx_t T) restrict(amp) {
    Av[T.global] = T.tile_dim0 * 10 + T.tile_dim1;
  });
  Av.synchronize();
  int Sum = 0;
  for (int V : Out)
    Sum += V;
  std::cout << "tiles " << Idx_t::tile_dim0 << "x" << Idx_t::tile_dim1;
  return Sum;
}

struct Sizes {
  int rows;
};
#ifdef OTHER
int notStatic(const Sizes &S) { return tiled_index<S.rows, 1>::tile_dim0; }
#endif

int main() {
  tiled_extent<4, 8> E = extent<2>(4, 16).tile<4, 8>();
  int Sum = tileSum(E);
  std::cout << " sum " << Sum << "\n";
  return Sum == 64 * 48 ? 0 : 1;
}
