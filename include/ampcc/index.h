// ampcc/index.h - concurrency::index<N> and concurrency::extent<N> (spec §4.1, §4.2).
//
// Both are written in the subset of C++ that ampcc's device code generator
// lowers generically (a struct holding int[N], member functions, loops over
// N), so the same source serves host code and kernels. Nothing here is
// special-cased by the compiler.
#ifndef AMPCC_INDEX_H
#define AMPCC_INDEX_H

#include "restrict.h"

namespace Concurrency {

template <int N> class extent;
template <int D0, int D1, int D2> class tiled_extent;

template <int N> class index {
  static_assert(N > 0, "rank of index must be positive");

public:
  static const int rank = N;
  typedef int value_type;

  index() restrict(cpu, amp) {
    for (int I = 0; I < N; ++I)
      _M_base[I] = 0;
  }
  index(const index &Other) restrict(cpu, amp) = default;
  explicit index(int I0) restrict(cpu, amp) {
    static_assert(N == 1, "index(int) needs rank 1");
    _M_base[0] = I0;
  }
  index(int I0, int I1) restrict(cpu, amp) {
    static_assert(N == 2, "index(int, int) needs rank 2");
    _M_base[0] = I0;
    _M_base[1] = I1;
  }
  index(int I0, int I1, int I2) restrict(cpu, amp) {
    static_assert(N == 3, "index(int, int, int) needs rank 3");
    _M_base[0] = I0;
    _M_base[1] = I1;
    _M_base[2] = I2;
  }
  explicit index(const int Components[]) restrict(cpu, amp) {
    for (int I = 0; I < N; ++I)
      _M_base[I] = Components[I];
  }
  index &operator=(const index &Other) restrict(cpu, amp) = default;

  int operator[](unsigned C) const restrict(cpu, amp) { return _M_base[C]; }
  int &operator[](unsigned C) restrict(cpu, amp) { return _M_base[C]; }

  index &operator+=(const index &Rhs) restrict(cpu, amp) {
    for (int I = 0; I < N; ++I)
      _M_base[I] += Rhs._M_base[I];
    return *this;
  }
  index &operator-=(const index &Rhs) restrict(cpu, amp) {
    for (int I = 0; I < N; ++I)
      _M_base[I] -= Rhs._M_base[I];
    return *this;
  }
  index &operator+=(int V) restrict(cpu, amp) {
    for (int I = 0; I < N; ++I)
      _M_base[I] += V;
    return *this;
  }
  index &operator-=(int V) restrict(cpu, amp) {
    for (int I = 0; I < N; ++I)
      _M_base[I] -= V;
    return *this;
  }
  index &operator*=(int V) restrict(cpu, amp) {
    for (int I = 0; I < N; ++I)
      _M_base[I] *= V;
    return *this;
  }
  index &operator/=(int V) restrict(cpu, amp) {
    for (int I = 0; I < N; ++I)
      _M_base[I] /= V;
    return *this;
  }
  index &operator%=(int V) restrict(cpu, amp) {
    for (int I = 0; I < N; ++I)
      _M_base[I] %= V;
    return *this;
  }
  index &operator++() restrict(cpu, amp) { return *this += 1; }
  index operator++(int) restrict(cpu, amp) {
    index Old = *this;
    *this += 1;
    return Old;
  }
  index &operator--() restrict(cpu, amp) { return *this -= 1; }
  index operator--(int) restrict(cpu, amp) {
    index Old = *this;
    *this -= 1;
    return Old;
  }

  int _M_base[N];
};

template <int N> class extent {
  static_assert(N > 0, "rank of extent must be positive");

public:
  static const int rank = N;
  typedef int value_type;

  extent() restrict(cpu, amp) {
    for (int I = 0; I < N; ++I)
      _M_base[I] = 0;
  }
  extent(const extent &Other) restrict(cpu, amp) = default;
  explicit extent(int E0) restrict(cpu, amp) {
    static_assert(N == 1, "extent(int) needs rank 1");
    _M_base[0] = E0;
  }
  extent(int E0, int E1) restrict(cpu, amp) {
    static_assert(N == 2, "extent(int, int) needs rank 2");
    _M_base[0] = E0;
    _M_base[1] = E1;
  }
  extent(int E0, int E1, int E2) restrict(cpu, amp) {
    static_assert(N == 3, "extent(int, int, int) needs rank 3");
    _M_base[0] = E0;
    _M_base[1] = E1;
    _M_base[2] = E2;
  }
  explicit extent(const int Components[]) restrict(cpu, amp) {
    for (int I = 0; I < N; ++I)
      _M_base[I] = Components[I];
  }
  extent &operator=(const extent &Other) restrict(cpu, amp) = default;

  int operator[](unsigned C) const restrict(cpu, amp) { return _M_base[C]; }
  int &operator[](unsigned C) restrict(cpu, amp) { return _M_base[C]; }

  /// Number of points in the extent.
  unsigned int size() const restrict(cpu, amp) {
    unsigned int S = 1;
    for (int I = 0; I < N; ++I)
      S *= (unsigned int)_M_base[I];
    return S;
  }
  /// This extent tiled by D0 (rank 1), D0 x D1 (rank 2) or D0 x D1 x D2.
  template <int D0, int D1 = 0, int D2 = 0>
  tiled_extent<D0, D1, D2> tile() const restrict(cpu, amp) {
    static_assert((D2 > 0 ? 3 : D1 > 0 ? 2 : 1) == N,
                  "the number of tile dimensions must equal the rank");
    return tiled_extent<D0, D1, D2>(*this);
  }
  bool contains(const index<N> &Idx) const restrict(cpu, amp) {
    for (int I = 0; I < N; ++I)
      if (Idx._M_base[I] < 0 || Idx._M_base[I] >= _M_base[I])
        return false;
    return true;
  }

  extent &operator+=(const extent &Rhs) restrict(cpu, amp) {
    for (int I = 0; I < N; ++I)
      _M_base[I] += Rhs._M_base[I];
    return *this;
  }
  extent &operator-=(const extent &Rhs) restrict(cpu, amp) {
    for (int I = 0; I < N; ++I)
      _M_base[I] -= Rhs._M_base[I];
    return *this;
  }
  extent &operator+=(const index<N> &Rhs) restrict(cpu, amp) {
    for (int I = 0; I < N; ++I)
      _M_base[I] += Rhs._M_base[I];
    return *this;
  }
  extent &operator-=(const index<N> &Rhs) restrict(cpu, amp) {
    for (int I = 0; I < N; ++I)
      _M_base[I] -= Rhs._M_base[I];
    return *this;
  }
  extent &operator+=(int V) restrict(cpu, amp) {
    for (int I = 0; I < N; ++I)
      _M_base[I] += V;
    return *this;
  }
  extent &operator-=(int V) restrict(cpu, amp) {
    for (int I = 0; I < N; ++I)
      _M_base[I] -= V;
    return *this;
  }
  extent &operator*=(int V) restrict(cpu, amp) {
    for (int I = 0; I < N; ++I)
      _M_base[I] *= V;
    return *this;
  }
  extent &operator/=(int V) restrict(cpu, amp) {
    for (int I = 0; I < N; ++I)
      _M_base[I] /= V;
    return *this;
  }
  extent &operator%=(int V) restrict(cpu, amp) {
    for (int I = 0; I < N; ++I)
      _M_base[I] %= V;
    return *this;
  }
  extent &operator++() restrict(cpu, amp) { return *this += 1; }
  extent operator++(int) restrict(cpu, amp) {
    extent Old = *this;
    *this += 1;
    return Old;
  }
  extent &operator--() restrict(cpu, amp) { return *this -= 1; }
  extent operator--(int) restrict(cpu, amp) {
    extent Old = *this;
    *this -= 1;
    return Old;
  }

  int _M_base[N];
};

// Binary operators (spec §4.1.2, §4.2.3), as free functions.
#define AMPCC_BINARY_OPS_(TYPE, RHS)                                            \
  template <int N>                                                             \
  TYPE<N> operator+(const TYPE<N> &L, const RHS &R) restrict(cpu, amp) {      \
    TYPE<N> T = L;                                                             \
    T += R;                                                                    \
    return T;                                                                  \
  }                                                                            \
  template <int N>                                                             \
  TYPE<N> operator-(const TYPE<N> &L, const RHS &R) restrict(cpu, amp) {      \
    TYPE<N> T = L;                                                             \
    T -= R;                                                                    \
    return T;                                                                  \
  }

AMPCC_BINARY_OPS_(index, index<N>)
AMPCC_BINARY_OPS_(index, int)
AMPCC_BINARY_OPS_(extent, extent<N>)
AMPCC_BINARY_OPS_(extent, index<N>)
AMPCC_BINARY_OPS_(extent, int)
#undef AMPCC_BINARY_OPS_

#define AMPCC_SCALAR_OPS_(TYPE)                                                \
  template <int N>                                                             \
  TYPE<N> operator+(int L, const TYPE<N> &R) restrict(cpu, amp) {             \
    return R + L;                                                              \
  }                                                                            \
  template <int N>                                                             \
  TYPE<N> operator-(int L, const TYPE<N> &R) restrict(cpu, amp) {             \
    TYPE<N> T;                                                                 \
    for (int I = 0; I < N; ++I)                                                \
      T._M_base[I] = L - R._M_base[I];                                         \
    return T;                                                                  \
  }                                                                            \
  template <int N>                                                             \
  TYPE<N> operator*(const TYPE<N> &L, int R) restrict(cpu, amp) {             \
    TYPE<N> T = L;                                                             \
    T *= R;                                                                    \
    return T;                                                                  \
  }                                                                            \
  template <int N>                                                             \
  TYPE<N> operator*(int L, const TYPE<N> &R) restrict(cpu, amp) {             \
    return R * L;                                                              \
  }                                                                            \
  template <int N>                                                             \
  TYPE<N> operator/(const TYPE<N> &L, int R) restrict(cpu, amp) {             \
    TYPE<N> T = L;                                                             \
    T /= R;                                                                    \
    return T;                                                                  \
  }                                                                            \
  template <int N>                                                             \
  TYPE<N> operator/(int L, const TYPE<N> &R) restrict(cpu, amp) {             \
    TYPE<N> T;                                                                 \
    for (int I = 0; I < N; ++I)                                                \
      T._M_base[I] = L / R._M_base[I];                                         \
    return T;                                                                  \
  }                                                                            \
  template <int N>                                                             \
  TYPE<N> operator%(const TYPE<N> &L, int R) restrict(cpu, amp) {             \
    TYPE<N> T = L;                                                             \
    T %= R;                                                                    \
    return T;                                                                  \
  }                                                                            \
  template <int N>                                                             \
  TYPE<N> operator%(int L, const TYPE<N> &R) restrict(cpu, amp) {             \
    TYPE<N> T;                                                                 \
    for (int I = 0; I < N; ++I)                                                \
      T._M_base[I] = L % R._M_base[I];                                         \
    return T;                                                                  \
  }                                                                            \
  template <int N>                                                             \
  bool operator==(const TYPE<N> &L, const TYPE<N> &R) restrict(cpu, amp) {    \
    for (int I = 0; I < N; ++I)                                                \
      if (L._M_base[I] != R._M_base[I])                                        \
        return false;                                                          \
    return true;                                                               \
  }                                                                            \
  template <int N>                                                             \
  bool operator!=(const TYPE<N> &L, const TYPE<N> &R) restrict(cpu, amp) {    \
    return !(L == R);                                                          \
  }

AMPCC_SCALAR_OPS_(index)
AMPCC_SCALAR_OPS_(extent)
#undef AMPCC_SCALAR_OPS_

} // namespace Concurrency

namespace concurrency = Concurrency;

#endif // AMPCC_INDEX_H
