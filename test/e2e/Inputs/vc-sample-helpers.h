// A header in the style of Visual C++ C++ AMP samples: what Visual C++
// accepts and Clang rejects, repaired in the header itself
// (e2e/vc-repairs-in-calls-and-headers.cpp).
#pragma once
#include <amp.h>
#include <vector>

// A rank declared `unsigned` and deduced from array_view<T, N> (an int).
template <typename T, unsigned N>
void fill_view(Concurrency::array_view<T, N> View, T Value) {
  parallel_for_each(View.extent, [=](Concurrency::index<N> I) restrict(amp) {
    View[I] = Value;
  });
}

// A dependent type without `typename`, and a member template called on a
// dependent object without `template`.
template <typename Container, typename View>
int tiled_sum(Container &Data, View V) {
  Container::value_type Total = 0;
  auto Tiled = V.extent.tile<4>();
  parallel_for_each(Tiled, [=](Concurrency::tiled_index<4> T) restrict(amp) {
    V[T.global] += T.local[0];
  });
  V.synchronize();
  for (auto X : Data)
    Total += X;
  return Total;
}

// A function taking a non-const reference to a handle.
inline int run_on(Concurrency::accelerator_view &Where, Concurrency::array_view<int, 1> D) {
  parallel_for_each(Where, D.extent, [=](Concurrency::index<1> I) restrict(amp) {
    D[I] = 2 * I[0];
  });
  return 1;
}
