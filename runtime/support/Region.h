//===- Region.h - Which bytes of a data source, and how to move them -*- C++ -*-===//
//
// Coherence is tracked per byte range, so that a section of a large view
// moves only its own rectangle. A RangeSet is a set of bytes of one data
// source (sorted, disjoint, non-adjacent [Begin, End) ranges). A view's
// shape (offset, extents, strides) becomes a RangeSet with viewRanges().
//
// Transfers are OpenCL rectangles: rectsOf() groups a RangeSet into as few
// clEnqueue{Read,Write}BufferRect calls as its regularity allows (a 10x10
// section of a 1000x1000 view is one 2-D rectangle of 10 rows), and
// rectsBetween() does the same for copying one view into another of the
// same extents but a different layout.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_REGION_H
#define AMPCC_RUNTIME_REGION_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ampcc {
namespace rt {

struct ViewHeader;

struct ByteRange {
  size_t Begin, End; ///< [Begin, End), Begin < End.
  bool operator==(const ByteRange &O) const {
    return Begin == O.Begin && End == O.End;
  }
};

class RangeSet {
public:
  RangeSet() = default;
  /// Any ranges, in any order; empty ones are dropped, overlapping and
  /// adjacent ones merged.
  explicit RangeSet(std::vector<ByteRange> Ranges);
  static RangeSet all(size_t Bytes);

  bool empty() const { return R.empty(); }
  size_t bytes() const;
  const std::vector<ByteRange> &ranges() const { return R; }
  /// True if every byte of O is in this set.
  bool contains(const RangeSet &O) const;
  bool intersects(const RangeSet &O) const;

  void add(const RangeSet &O);
  void subtract(const RangeSet &O);
  RangeSet intersect(const RangeSet &O) const;
  void clear() { R.clear(); }

  bool operator==(const RangeSet &O) const { return R == O.R; }
  bool operator!=(const RangeSet &O) const { return !(R == O.R); }

private:
  std::vector<ByteRange> R;
};

/// The layout of a view: element offset, extents and strides (in elements).
struct ShapeRef {
  int64_t Offset;
  uint32_t Rank;
  const int32_t *Ext;
  const int32_t *Stride;
};
ShapeRef shapeOf(const ViewHeader *H);

/// The bytes of a source that a view of elements of ElemSize bytes shows.
/// Returns false (and leaves Out empty) if some element lies before byte 0
/// or at or after byte Limit, or an extent or stride is negative.
bool viewRanges(const ShapeRef &S, size_t ElemSize, size_t Limit,
                RangeSet &Out);

/// One rectangular transfer, in the terms of clEnqueue*BufferRect: Region is
/// {bytes per row, rows, slices}; origins are byte offsets from the start of
/// each side (host memory or buffer).
struct Rect {
  size_t SrcOffset, DstOffset;
  size_t Region[3];
  size_t SrcRowPitch, SrcSlicePitch;
  size_t DstRowPitch, DstSlicePitch;
  size_t bytes() const { return Region[0] * Region[1] * Region[2]; }
  /// One contiguous run of bytes: a plain (non-rect) transfer will do.
  bool contiguous() const { return Region[1] == 1 && Region[2] == 1; }
};

/// The bytes that rectangles \p Rects move, all together.
size_t totalBytes(const std::vector<Rect> &Rects);

/// Rectangles covering exactly the bytes of S, on two sides with the same
/// layout (host copy and device buffer of one source).
std::vector<Rect> rectsOf(const RangeSet &S);

/// Rectangles that copy every element of view Src into the element at the
/// same index of view Dst (same Rank and extents, Src's Ext used).
std::vector<Rect> rectsBetween(const ShapeRef &Src, const ShapeRef &Dst,
                               size_t ElemSize);

/// \p Rects with every rectangle whose nominal extent (its offset plus
/// whole rows and slices of pitch) passes the end of its side's buffer
/// cut in two or three: the slices and rows that fit, then the last slice
/// and row. NVIDIA's OpenCL driver rejects
/// such a rectangle (CL_INVALID_VALUE) even when the bytes it touches fit;
/// PoCL accepts it (measured on the H100, 2026-11-23).
std::vector<Rect> withinBounds(const std::vector<Rect> &Rects, size_t SrcBytes,
                               size_t DstBytes);

/// Splits Rect into three {x, y, z} origin components for a side with the
/// given pitches, as clEnqueue*BufferRect wants them.
void rectOrigin(size_t Offset, size_t RowPitch, size_t SlicePitch,
                size_t Origin[3]);

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_REGION_H
