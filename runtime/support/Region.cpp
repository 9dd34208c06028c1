//===- Region.cpp - Which bytes of a data source, and how to move them ----===//

#include "support/Region.h"

#include "ampcc/runtime_api.h"

#include <algorithm>

namespace ampcc {
namespace rt {

// --- RangeSet -----------------------------------------------------------------

static void normalize(std::vector<ByteRange> &R) {
  R.erase(std::remove_if(R.begin(), R.end(),
                         [](const ByteRange &X) { return X.Begin >= X.End; }),
          R.end());
  bool Sorted = true;
  for (size_t I = 1; I < R.size() && Sorted; ++I)
    Sorted = R[I - 1].Begin <= R[I].Begin;
  if (!Sorted)
    std::sort(R.begin(), R.end(), [](const ByteRange &A, const ByteRange &B) {
      return A.Begin < B.Begin;
    });
  size_t Out = 0;
  for (size_t I = 0; I < R.size(); ++I) {
    if (Out && R[I].Begin <= R[Out - 1].End)
      R[Out - 1].End = std::max(R[Out - 1].End, R[I].End);
    else
      R[Out++] = R[I];
  }
  R.resize(Out);
}

RangeSet::RangeSet(std::vector<ByteRange> Ranges) : R(std::move(Ranges)) {
  normalize(R);
}

RangeSet RangeSet::all(size_t Bytes) {
  RangeSet S;
  if (Bytes)
    S.R.push_back({0, Bytes});
  return S;
}

size_t RangeSet::bytes() const {
  size_t N = 0;
  for (const ByteRange &X : R)
    N += X.End - X.Begin;
  return N;
}

bool RangeSet::contains(const RangeSet &O) const {
  size_t I = 0;
  for (const ByteRange &X : O.R) {
    while (I < R.size() && R[I].End <= X.Begin)
      ++I;
    // Ranges are non-adjacent, so one range of ours must cover all of X.
    if (I == R.size() || R[I].Begin > X.Begin || R[I].End < X.End)
      return false;
  }
  return true;
}

bool RangeSet::intersects(const RangeSet &O) const {
  size_t I = 0, J = 0;
  while (I < R.size() && J < O.R.size()) {
    if (R[I].End <= O.R[J].Begin)
      ++I;
    else if (O.R[J].End <= R[I].Begin)
      ++J;
    else
      return true;
  }
  return false;
}

void RangeSet::add(const RangeSet &O) {
  if (O.R.empty())
    return;
  if (R.empty()) {
    R = O.R;
    return;
  }
  std::vector<ByteRange> M;
  M.reserve(R.size() + O.R.size());
  std::merge(R.begin(), R.end(), O.R.begin(), O.R.end(), std::back_inserter(M),
             [](const ByteRange &A, const ByteRange &B) {
               return A.Begin < B.Begin;
             });
  normalize(M);
  R.swap(M);
}

void RangeSet::subtract(const RangeSet &O) {
  if (R.empty() || O.R.empty())
    return;
  std::vector<ByteRange> Out;
  size_t J = 0;
  for (ByteRange X : R) {
    while (J < O.R.size() && O.R[J].End <= X.Begin)
      ++J;
    size_t K = J;
    while (K < O.R.size() && O.R[K].Begin < X.End) {
      if (O.R[K].Begin > X.Begin)
        Out.push_back({X.Begin, O.R[K].Begin});
      X.Begin = std::max(X.Begin, O.R[K].End);
      if (X.Begin >= X.End)
        break;
      ++K;
    }
    if (X.Begin < X.End)
      Out.push_back(X);
  }
  R.swap(Out);
}

RangeSet RangeSet::intersect(const RangeSet &O) const {
  RangeSet S;
  size_t I = 0, J = 0;
  while (I < R.size() && J < O.R.size()) {
    size_t B = std::max(R[I].Begin, O.R[J].Begin);
    size_t E = std::min(R[I].End, O.R[J].End);
    if (B < E)
      S.R.push_back({B, E});
    if (R[I].End < O.R[J].End)
      ++I;
    else
      ++J;
  }
  return S;
}

// --- Views as byte ranges ---------------------------------------------------------

ShapeRef shapeOf(const ViewHeader *H) {
  return ShapeRef{H->Offset, uint32_t(H->Rank), viewExtent(H), viewStride(H)};
}

namespace {
/// One dimension of a copy, with the stride on each side (in elements).
struct Dim {
  int64_t Ext;
  int64_t SrcStride;
  int64_t DstStride;
};

/// Drops dimensions of extent 1 and merges each dimension into the next
/// inner one where both sides are contiguous across them. Returns false if
/// some extent is 0 (nothing to move). Result: outermost first.
bool collapse(const ShapeRef &Src, const ShapeRef *Dst, std::vector<Dim> &Out) {
  std::vector<Dim> Inner; // Innermost first while building.
  for (int64_t D = int64_t(Src.Rank) - 1; D >= 0; --D) {
    Dim X{Src.Ext[D], Src.Stride[D], Dst ? Dst->Stride[D] : Src.Stride[D]};
    if (X.Ext == 0)
      return false;
    if (X.Ext == 1)
      continue;
    if (!Inner.empty()) {
      Dim &I = Inner.back();
      if (X.SrcStride == I.Ext * I.SrcStride &&
          X.DstStride == I.Ext * I.DstStride) {
        I.Ext *= X.Ext;
        continue;
      }
    }
    Inner.push_back(X);
  }
  Out.assign(Inner.rbegin(), Inner.rend());
  return true;
}
} // namespace

bool viewRanges(const ShapeRef &S, size_t ElemSize, size_t Limit,
                RangeSet &Out) {
  Out.clear();
  if (S.Offset < 0)
    return false;
  int64_t Last = S.Offset;
  bool Empty = false;
  for (uint32_t D = 0; D < S.Rank; ++D) {
    if (S.Ext[D] < 0 || S.Stride[D] < 0)
      return false;
    if (S.Ext[D] == 0)
      Empty = true;
    else
      Last += int64_t(S.Ext[D] - 1) * S.Stride[D];
  }
  if (Empty)
    return true;
  if (uint64_t(Last + 1) * ElemSize > Limit)
    return false;

  std::vector<Dim> Dims;
  collapse(S, nullptr, Dims);
  size_t Run = ElemSize;
  if (!Dims.empty() && Dims.back().SrcStride == 1) {
    Run = size_t(Dims.back().Ext) * ElemSize;
    Dims.pop_back();
  }
  std::vector<ByteRange> R;
  size_t Count = 1;
  for (const Dim &D : Dims)
    Count *= size_t(D.Ext);
  R.reserve(Count);
  std::vector<int64_t> Idx(Dims.size(), 0);
  for (size_t N = 0; N < Count; ++N) {
    int64_t E = S.Offset;
    for (size_t D = 0; D < Dims.size(); ++D)
      E += Idx[D] * Dims[D].SrcStride;
    size_t B = size_t(E) * ElemSize;
    R.push_back({B, B + Run});
    for (size_t D = Dims.size(); D-- > 0;) {
      if (++Idx[D] < Dims[D].Ext)
        break;
      Idx[D] = 0;
    }
  }
  Out = RangeSet(std::move(R));
  return true;
}

// --- Rectangles -----------------------------------------------------------------

namespace {
struct Rows {
  size_t Start, Width, Pitch, Count;
};
} // namespace

size_t totalBytes(const std::vector<Rect> &Rects) {
  size_t N = 0;
  for (const Rect &R : Rects)
    N += R.bytes();
  return N;
}

std::vector<Rect> rectsOf(const RangeSet &S) {
  const std::vector<ByteRange> &R = S.ranges();
  // Runs of equally long ranges at a constant distance become 2-D groups.
  std::vector<Rows> G;
  for (size_t I = 0; I < R.size();) {
    Rows X{R[I].Begin, R[I].End - R[I].Begin, 0, 1};
    size_t J = I + 1;
    if (J < R.size() && R[J].End - R[J].Begin == X.Width) {
      X.Pitch = R[J].Begin - X.Start;
      X.Count = 2;
      for (++J; J < R.size() && R[J].End - R[J].Begin == X.Width &&
                R[J].Begin - R[J - 1].Begin == X.Pitch;
           ++J)
        ++X.Count;
    }
    if (X.Count == 1)
      X.Pitch = X.Width;
    G.push_back(X);
    I = J;
  }
  // Runs of equal 2-D groups at a constant distance become 3-D rectangles.
  std::vector<Rect> Out;
  for (size_t I = 0; I < G.size();) {
    const Rows &X = G[I];
    size_t Slices = 1, SlicePitch = X.Count * X.Pitch;
    size_t J = I + 1;
    auto Same = [&](const Rows &Y) {
      return Y.Width == X.Width && Y.Pitch == X.Pitch && Y.Count == X.Count;
    };
    if (X.Count > 1 && J < G.size() && Same(G[J])) {
      size_t P = G[J].Start - X.Start;
      if (P >= X.Count * X.Pitch && P % X.Pitch == 0) {
        SlicePitch = P;
        Slices = 2;
        for (++J; J < G.size() && Same(G[J]) &&
                  G[J].Start - G[J - 1].Start == SlicePitch;
             ++J)
          ++Slices;
      }
    }
    Rect Q;
    Q.SrcOffset = Q.DstOffset = X.Start;
    Q.Region[0] = X.Width;
    Q.Region[1] = X.Count;
    Q.Region[2] = Slices;
    Q.SrcRowPitch = Q.DstRowPitch = X.Pitch;
    Q.SrcSlicePitch = Q.DstSlicePitch = SlicePitch;
    Out.push_back(Q);
    I = J;
  }
  return Out;
}

std::vector<Rect> rectsBetween(const ShapeRef &Src, const ShapeRef &Dst,
                               size_t E) {
  std::vector<Rect> Out;
  std::vector<Dim> Dims;
  if (!collapse(Src, &Dst, Dims))
    return Out;
  size_t Width = E;
  if (!Dims.empty() && Dims.back().SrcStride == 1 &&
      Dims.back().DstStride == 1) {
    Width = size_t(Dims.back().Ext) * E;
    Dims.pop_back();
  }
  size_t Rows = 1, SRow = Width, DRow = Width;
  if (!Dims.empty()) {
    const Dim &D = Dims.back();
    size_t SP = size_t(D.SrcStride) * E, DP = size_t(D.DstStride) * E;
    if (SP >= Width && DP >= Width) {
      Rows = size_t(D.Ext);
      SRow = SP;
      DRow = DP;
      Dims.pop_back();
    }
  }
  size_t Slices = 1, SSlice = Rows * SRow, DSlice = Rows * DRow;
  if (Rows > 1 && !Dims.empty()) {
    const Dim &D = Dims.back();
    size_t SP = size_t(D.SrcStride) * E, DP = size_t(D.DstStride) * E;
    if (SP >= Rows * SRow && DP >= Rows * DRow && SP % SRow == 0 &&
        DP % DRow == 0) {
      Slices = size_t(D.Ext);
      SSlice = SP;
      DSlice = DP;
      Dims.pop_back();
    }
  }
  size_t Count = 1;
  for (const Dim &D : Dims)
    Count *= size_t(D.Ext);
  std::vector<int64_t> Idx(Dims.size(), 0);
  for (size_t N = 0; N < Count; ++N) {
    int64_t SO = Src.Offset, DO = Dst.Offset;
    for (size_t D = 0; D < Dims.size(); ++D) {
      SO += Idx[D] * Dims[D].SrcStride;
      DO += Idx[D] * Dims[D].DstStride;
    }
    Rect Q;
    Q.SrcOffset = size_t(SO) * E;
    Q.DstOffset = size_t(DO) * E;
    Q.Region[0] = Width;
    Q.Region[1] = Rows;
    Q.Region[2] = Slices;
    Q.SrcRowPitch = SRow;
    Q.SrcSlicePitch = SSlice;
    Q.DstRowPitch = DRow;
    Q.DstSlicePitch = DSlice;
    Out.push_back(Q);
    for (size_t D = Dims.size(); D-- > 0;) {
      if (++Idx[D] < Dims[D].Ext)
        break;
      Idx[D] = 0;
    }
  }
  return Out;
}

void rectOrigin(size_t Offset, size_t RowPitch, size_t SlicePitch,
                size_t Origin[3]) {
  Origin[2] = Offset / SlicePitch;
  size_t Rest = Offset % SlicePitch;
  Origin[1] = Rest / RowPitch;
  Origin[0] = Rest % RowPitch;
}

static size_t nominalEnd(size_t Offset, const size_t Region[3], size_t RowPitch,
                         size_t SlicePitch) {
  return Region[2] > 1 ? Offset + Region[2] * SlicePitch : Offset + Region[1] * RowPitch;
}

/// Appends R, or R cut so that each piece fits: the last slice, then the
/// last row, go separately (a rectangle only overhangs by the pitch slack
/// after its last row, so at most three pieces).
static void fitRect(const Rect &R, size_t SrcBytes, size_t DstBytes,
                    std::vector<Rect> &Out) {
  if (R.contiguous() ||
      (nominalEnd(R.SrcOffset, R.Region, R.SrcRowPitch, R.SrcSlicePitch) <= SrcBytes &&
       nominalEnd(R.DstOffset, R.Region, R.DstRowPitch, R.DstSlicePitch) <= DstBytes)) {
    Out.push_back(R);
    return;
  }
  Rect Head = R, Last = R;
  if (R.Region[2] > 1) {
    Head.Region[2] = R.Region[2] - 1;
    Last.Region[2] = 1;
    Last.SrcOffset += Head.Region[2] * R.SrcSlicePitch;
    Last.DstOffset += Head.Region[2] * R.DstSlicePitch;
  } else {
    Head.Region[1] = R.Region[1] - 1;
    Last.Region[1] = 1;
    Last.SrcOffset += Head.Region[1] * R.SrcRowPitch;
    Last.DstOffset += Head.Region[1] * R.DstRowPitch;
  }
  fitRect(Head, SrcBytes, DstBytes, Out);
  fitRect(Last, SrcBytes, DstBytes, Out);
}

std::vector<Rect> withinBounds(const std::vector<Rect> &Rects, size_t SrcBytes,
                               size_t DstBytes) {
  std::vector<Rect> Out;
  for (const Rect &R : Rects)
    fitRect(R, SrcBytes, DstBytes, Out);
  return Out;
}

} // namespace rt
} // namespace ampcc
