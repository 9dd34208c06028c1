// ampcc/tiled.h - tiled_extent, tiled_index and tile_barrier (spec §4.3-§4.5).
//
// tiled_extent and tiled_index are ordinary classes that ampcc's code
// generator lowers like user code. tile_barrier's waits are declarations only:
// the compiler turns them into OpenCL barrier() calls (AmpLibrary.cpp).
#ifndef AMPCC_TILED_H
#define AMPCC_TILED_H

#include "index.h"

namespace Concurrency {

namespace details {
template <int D0, int D1, int D2> struct TileRank {
  static const int value = D2 > 0 ? 3 : (D1 > 0 ? 2 : 1);
};
/// The extent of one tile of tiled_extent/tiled_index<D0, D1, D2>.
template <int D0, int D1, int D2>
Concurrency::extent<TileRank<D0, D1, D2>::value> tileExtent() restrict(cpu, amp) {
  Concurrency::extent<TileRank<D0, D1, D2>::value> T;
  int Tiles[3] = {D0, D1, D2};
  for (int I = 0; I < TileRank<D0, D1, D2>::value; ++I)
    T._M_base[I] = Tiles[I];
  return T;
}
} // namespace details

/// Synchronises the threads of a tile (spec §4.5). Copyable, not
/// constructible by users.
class tile_barrier {
public:
  tile_barrier(const tile_barrier &Other) restrict(cpu, amp) = default;
  void wait() const restrict(amp);
  void wait_with_all_memory_fence() const restrict(amp);
  void wait_with_global_memory_fence() const restrict(amp);
  void wait_with_tile_static_memory_fence() const restrict(amp);

  int _M_unused;
};

/// Memory fences without a barrier (spec §8.3): the calling thread's
/// accesses to that memory before the call are ordered before its accesses
/// after it. Declarations only: OpenCL's mem_fence (AmpLibrary.cpp). The
/// barrier only shows the call is made from a tiled kernel.
void all_memory_fence(const tile_barrier &Barrier) restrict(amp);
void global_memory_fence(const tile_barrier &Barrier) restrict(amp);
void tile_static_memory_fence(const tile_barrier &Barrier) restrict(amp);

template <int D0, int D1 = 0, int D2 = 0>
class tiled_extent
    : public Concurrency::extent<details::TileRank<D0, D1, D2>::value> {
public:
  // Visual C++ rejects these at compile time too. A tile of more threads
  // than a device runs (1024 on most) is only refused at the launch: code
  // may name such a tiled_extent without launching it.
  static_assert(D0 > 0 && D1 >= 0 && D2 >= 0 && (D2 == 0 || D1 > 0),
                "tile dimensions must be positive");
  static const int rank = details::TileRank<D0, D1, D2>::value;
  static const int tile_dim0 = D0;
  static const int tile_dim1 = D1;
  static const int tile_dim2 = D2;
  typedef Concurrency::extent<rank> base_type;

  tiled_extent() restrict(cpu, amp) {}
  tiled_extent(const tiled_extent &Other) restrict(cpu, amp) = default;
  tiled_extent(const base_type &Ext) restrict(cpu, amp) : base_type(Ext) {}
  tiled_extent &operator=(const tiled_extent &Other) restrict(cpu, amp) = default;

  /// The tile's extent (spec: get_tile_extent()).
  Concurrency::extent<rank> get_tile_extent() const restrict(cpu, amp) {
    return details::tileExtent<D0, D1, D2>();
  }
  __declspec(property(get = get_tile_extent)) Concurrency::extent<rank> tile_extent;

  /// Rounds each dimension up to a multiple of the tile size.
  tiled_extent pad() const restrict(cpu, amp) {
    tiled_extent R(*this);
    int Tiles[3] = {D0, D1, D2};
    for (int I = 0; I < rank; ++I)
      // Not (E + T - 1) / T * T: that overflows for extents near INT_MAX.
      R._M_base[I] = (this->_M_base[I] / Tiles[I] +
                      (this->_M_base[I] % Tiles[I] != 0)) * Tiles[I];
    return R;
  }
  /// Rounds each dimension down to a multiple of the tile size.
  tiled_extent truncate() const restrict(cpu, amp) {
    tiled_extent R(*this);
    int Tiles[3] = {D0, D1, D2};
    for (int I = 0; I < rank; ++I)
      R._M_base[I] = this->_M_base[I] / Tiles[I] * Tiles[I];
    return R;
  }
};

template <int D0, int D1, int D2>
bool operator==(const tiled_extent<D0, D1, D2> &L,
                const tiled_extent<D0, D1, D2> &R) restrict(cpu, amp) {
  for (int I = 0; I < tiled_extent<D0, D1, D2>::rank; ++I)
    if (L._M_base[I] != R._M_base[I])
      return false;
  return true;
}
template <int D0, int D1, int D2>
bool operator!=(const tiled_extent<D0, D1, D2> &L,
                const tiled_extent<D0, D1, D2> &R) restrict(cpu, amp) {
  return !(L == R);
}

/// The index of a thread in a tiled launch (spec §4.4). The kernel entry
/// point fills every member from get_global_id/get_local_id/get_group_id.
template <int D0, int D1 = 0, int D2 = 0> class tiled_index {
public:
  static const int rank = details::TileRank<D0, D1, D2>::value;
  static const int tile_dim0 = D0;
  static const int tile_dim1 = D1;
  static const int tile_dim2 = D2;

  tiled_index(const tiled_index &Other) restrict(cpu, amp) = default;

  const Concurrency::index<rank> global;
  const Concurrency::index<rank> local;
  const Concurrency::index<rank> tile;
  const Concurrency::index<rank> tile_origin;
  const tile_barrier barrier;

  operator const Concurrency::index<rank>() const restrict(cpu, amp) {
    return global;
  }
  Concurrency::extent<rank> get_tile_extent() const restrict(cpu, amp) {
    return details::tileExtent<D0, D1, D2>();
  }
  __declspec(property(get = get_tile_extent)) Concurrency::extent<rank> tile_extent;
};

} // namespace Concurrency

#endif // AMPCC_TILED_H
