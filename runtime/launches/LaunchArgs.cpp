//===- LaunchArgs.cpp - kernel arguments from a closure object ------------===//

#include "launches/LaunchArgs.h"

#include "ampcc/runtime_api.h"
#include "coherence/DataSource.h"
#include "launches/LaunchGeometry.h"
#include "launches/RangeProof.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace ampcc {
namespace rt {

/// The bytes a capture occupies in the closure, to check descriptors against
/// the closure size before reading through them.
static size_t captureFootprint(const CaptureDesc &C) {
  switch (C.Kind) {
  case CaptureKind::Value:
    return C.Size;
  case CaptureKind::Bool:
    return 1;
  case CaptureKind::View:
    return sizeof(ViewHeader) + 2 * sizeof(int32_t) * C.Rank +
           (C.Flags & CF_Texture ? 2 * sizeof(int32_t) : 0);
  case CaptureKind::ArrayRef:
    return sizeof(void *);
  }
  return SIZE_MAX;
}

/// The view header of capture \p I (a view, or a reference to an array),
/// checked against the descriptor.
static const ViewHeader *viewOf(const KernelDesc &K, uint32_t I,
                                const unsigned char *Field) {
  const CaptureDesc &C = K.Captures[I];
  const ViewHeader *H;
  if (C.Kind == CaptureKind::View) {
    H = reinterpret_cast<const ViewHeader *>(Field);
  } else {
    std::memcpy(&H, Field, sizeof(H));
    if (!H)
      failLaunch(K, "captured array reference " + std::to_string(I) +
                        " is null");
  }
  if (!H->Source)
    failLaunch(K, "captured array_view " + std::to_string(I) +
                      " has no data source");
  if (H->Rank < 0 || uint32_t(H->Rank) != C.Rank)
    failLaunch(K, "captured array_view " + std::to_string(I) + " has rank " +
                      std::to_string(H->Rank) +
                      " but the kernel expects rank " + std::to_string(C.Rank) +
                      " (ABI mismatch)");
  return H;
}

/// Records that capture C shows bytes R of H's source; returns its use.
static int noteUse(const CaptureDesc &C, const ViewHeader *H,
                   const RangeSet &R, std::vector<SourceUse> &Uses) {
  int Use = -1;
  for (size_t U = 0; U < Uses.size(); ++U)
    if (Uses[U].Source == H->Source)
      Use = int(U);
  if (Use < 0) {
    SourceUse New;
    New.Source = H->Source;
    Uses.push_back(std::move(New));
    Use = int(Uses.size() - 1);
  }
  if (C.Kind == CaptureKind::ArrayRef)
    Uses[Use].AsArray = true;
  if (!(C.Flags & CF_ReadOnly))
    Uses[Use].Written.add(R);
  Uses[Use].Used.add(R);
  return Use;
}

/// The view's shape, passed by value as struct { int Off; int Ext[N];
/// int Stride[N]; }: plain ints, so no padding on any device.
static Arg viewShape(const KernelDesc &K, const CaptureDesc &C,
                     const ViewHeader *H, int32_t Levels) {
  std::vector<int32_t> Desc;
  Desc.push_back(H->Offset);
  Desc.insert(Desc.end(), viewExtent(H), viewExtent(H) + C.Rank);
  Desc.insert(Desc.end(), viewStride(H), viewStride(H) + C.Rank);
  if (C.Flags & CF_Texture) {
    Desc.push_back(Levels);
    Desc.push_back(viewTexelBits(H));
  }
  // Robust buffer access: the buffer's element count, which accesses
  // outside it are checked against (kernel_abi.h).
  if (K.Program && K.Program->RobustSinkBytes)
    Desc.push_back(
        int32_t(std::min<size_t>(H->Source->bytes() / C.Size, INT32_MAX)));
  Arg A;
  A.Bytes.resize(Desc.size() * sizeof(int32_t));
  std::memcpy(A.Bytes.data(), Desc.data(), A.Bytes.size());
  return A;
}

/// The arguments of a captured view: its buffer, its shape and, for a
/// texture that may take the image form, its image.
static void addView(const KernelDesc &K, uint32_t I,
                    const unsigned char *Field, std::vector<Arg> &Args,
                    std::vector<SourceUse> &Uses) {
  const CaptureDesc &C = K.Captures[I];
  const ViewHeader *H = viewOf(K, I, Field);
  int32_t Levels = C.Flags & CF_Texture ? viewMipLevels(H) : 1;
  RangeSet R = Levels > 1 ? H->Source->mipChainRanges(H, C.Size, Levels)
                          : H->Source->rangesOf(H, C.Size);
  int Use = noteUse(C, H, R, Uses);

  Arg B;
  B.Use = Use;
  Args.push_back(std::move(B));
  Args.push_back(viewShape(K, C, H, Levels));
  if (C.Flags & (CF_ImageRead | CF_ImageWrite)) {
    // Dropped again when the launch takes the buffer form.
    Arg Img;
    Img.ImageOf = int(I);
    Img.ImageUse = Use;
    Img.Extent = viewExtent(H);
    Img.ByteOffset = size_t(H->Offset) * C.Size;
    Img.MipLevels = Levels;
    Args.push_back(std::move(Img));
  }
}

std::vector<Arg> readCaptures(const KernelDesc &K, const void *Closure,
                              uint32_t ClosureSize,
                              std::vector<SourceUse> &Uses) {
  const auto *Bytes = static_cast<const unsigned char *>(Closure);
  std::vector<Arg> Args;
  for (uint32_t I = 0; I < K.NumCaptures; ++I) {
    const CaptureDesc &C = K.Captures[I];
    size_t Footprint = captureFootprint(C);
    if (Footprint > ClosureSize || C.Offset > ClosureSize - Footprint)
      failLaunch(K, "capture " + std::to_string(I) +
                        " lies outside the closure object (corrupt kernel "
                        "descriptor)");
    const unsigned char *Field = Bytes + C.Offset;
    if (C.Kind == CaptureKind::Value) {
      Arg A;
      A.Bytes.assign(Field, Field + C.Size);
      Args.push_back(std::move(A));
    } else if (C.Kind == CaptureKind::Bool) {
      // OpenCL has no bool kernel arguments; the kernel declares an int.
      int32_t V = *Field ? 1 : 0;
      Args.push_back(Arg::of(V));
    } else {
      addView(K, I, Field, Args, Uses);
    }
  }
  return Args;
}

/// Whether the view of capture \p I lies inside its buffer (a section
/// made past its end stays guarded).
static bool viewInBuffer(const CaptureDesc &C, const ViewHeader *H) {
  const int32_t *Ext = viewExtent(H), *Stride = viewStride(H);
  int64_t Last = H->Offset;
  for (uint32_t J = 0; J < uint32_t(H->Rank); ++J)
    Last += int64_t(Ext[J] - 1) * Stride[J];
  return H->Offset >= 0 && Last < int64_t(H->Source->bytes() / C.Size);
}

/// The value of a symbol of K's range proof at this launch (kernel_abi.h,
/// RangeSymbol), if the launch has it.
static std::optional<int64_t> symbolValue(const KernelDesc &K, const void *Closure,
                                          const LaunchDomain &D, uint32_t Sym) {
  uint32_t Kind = Sym & RangeSymKindMask, Dim = Sym >> RangeSymDimShift,
           I = (Sym >> RangeSymCaptureShift) & 0xffff;
  const auto *Bytes = static_cast<const unsigned char *>(Closure);
  switch (Kind) {
  case RS_ScalarInt:
  case RS_ScalarUint: {
    if (I >= K.NumCaptures || K.Captures[I].Kind != CaptureKind::Value || K.Captures[I].Size != 4)
      return std::nullopt;
    uint32_t Raw;
    std::memcpy(&Raw, Bytes + K.Captures[I].Offset, 4);
    return Kind == RS_ScalarInt ? int64_t(int32_t(Raw)) : int64_t(Raw);
  }
  case RS_ViewExtent: {
    if (I >= K.NumCaptures || (K.Captures[I].Kind != CaptureKind::View &&
                               K.Captures[I].Kind != CaptureKind::ArrayRef))
      return std::nullopt;
    const ViewHeader *H = viewOf(K, I, Bytes + K.Captures[I].Offset);
    if (Dim >= uint32_t(H->Rank))
      return std::nullopt;
    return viewExtent(H)[Dim];
  }
  case RS_Domain:
    return Dim < D.Rank ? std::optional<int64_t>(D.Extent[Dim]) : std::nullopt;
  case RS_TileCount:
    if (!D.Tiled || Dim >= D.Rank || D.TileStore[Dim] <= 0)
      return std::nullopt;
    return D.Extent[Dim] / D.TileStore[Dim];
  default:
    return std::nullopt;
  }
}

DomainVariant domainVariant(const KernelDesc &K, const void *Closure,
                            const LaunchDomain &D) {
  if (!K.Program || !K.Program->RobustSinkBytes)
    return DomainVariant::Either;
  bool Any = false;
  for (uint32_t I = 0; I < K.NumCaptures; ++I) {
    const CaptureDesc &C = K.Captures[I];
    uint32_t Perms = (C.Flags & CF_DomainPermMask) >> CF_DomainPermShift;
    if (!Perms && !(C.Flags & CF_RangeIndexed))
      continue;
    // readCaptures has checked the headers already.
    const ViewHeader *H =
        viewOf(K, I, static_cast<const unsigned char *>(Closure) + C.Offset);
    if (!viewInBuffer(C, H))
      return DomainVariant::Guarded;
    Any = true;
    if (!Perms)
      continue;
    if (uint32_t(H->Rank) != D.Rank)
      return DomainVariant::Guarded;
    const int32_t *Ext = viewExtent(H);
    for (unsigned P = 0; P < 6; ++P) {
      if (!(Perms & (1u << P)))
        continue;
      const unsigned char *Perm = domainPermutation(D.Rank, P);
      if (!Perm)
        return DomainVariant::Guarded;
      for (uint32_t J = 0; J < D.Rank; ++J)
        if (Ext[J] < D.Extent[Perm[J]])
          return DomainVariant::Guarded;
    }
  }
  if (K.RangeProofWords &&
      !rangeProofHolds(K.RangeProof, K.RangeProofWords, [&](uint32_t Sym) {
        return symbolValue(K, Closure, D, Sym);
      }))
    return DomainVariant::Guarded;
  return Any ? DomainVariant::Covered : DomainVariant::Either;
}

} // namespace rt
} // namespace ampcc
