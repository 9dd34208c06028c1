// ampcc/graphics/section_copy.h - concurrency::graphics::copy of texture
// sections (an offset and an extent) and copies with texture views (spec
// §10.5). A copy with a texture view is a copy with the view's most
// detailed level, a dense block of the texture's buffer (mip.h). Sections go through
// the host copy of the texels, one row (the fastest dimension) at a time:
// the packed bytes of bits_per_scalar_element are a host format anyway.
#ifndef AMPCC_GRAPHICS_SECTION_COPY_H
#define AMPCC_GRAPHICS_SECTION_COPY_H

#include "copy.h"

#include <vector>

namespace Concurrency {
namespace graphics {
namespace details {

/// Calls \p Row(first texel, texel count) for each row of the section
/// [\p Off, \p Off + \p Ext) of the dense texture shape \p S, in row-major
/// order, counting texels from the shape's origin (its offset in the buffer
/// not included); throws when the section does not fit.
template <int N, typename F>
void forEachSectionRow(const ViewShape<N> &S, const Concurrency::index<N> &Off,
                       const Concurrency::extent<N> &Ext, F Row) {
  for (int D = 0; D < N; ++D)
    if (Off[D] < 0 || Ext[D] <= 0 || Off[D] + Ext[D] > S.Ext[D])
      throwTexture("copy: the section [" + std::to_string(Off[D]) + ", " +
                   std::to_string(Off[D] + Ext[D]) + ") of dimension " + std::to_string(D) +
                   " is not inside the texture's extent " + std::to_string(S.Ext[D]));
  size_t Rows = 1;
  for (int D = 0; D + 1 < N; ++D)
    Rows *= size_t(Ext[D]);
  for (size_t R = 0; R < Rows; ++R) {
    // Row R's coordinates in dimensions 0..N-2, then its first texel.
    size_t Rest = R, First = 0, Stride = 1;
    for (int D = N - 1; D >= 0; --D) {
      size_t C = D == N - 1 ? 0 : Rest % size_t(Ext[D]);
      if (D != N - 1)
        Rest /= size_t(Ext[D]);
      First += (size_t(Off[D]) + C) * Stride;
      Stride *= size_t(S.Ext[D]);
    }
    Row(First, size_t(Ext[N - 1]));
  }
}

/// The host copy of \p S's texels, from the shape's origin.
template <typename T, int N>
T *hostTexelsOf(const ViewShape<N> &S, ampcc::rt::HostAccessMode Mode) {
  return static_cast<T *>(ampcc::rt::hostAccessView(&S.H, sizeof(T), Mode)) + S.H.Offset;
}

template <typename T, int N> size_t sectionTexelBytes(const ViewShape<N> &S) {
  return size_t(textureBits(S.H.Source)) / 8 * TexelInfo<T>::size;
}

template <typename T, int N>
void copySectionToBytes(const ViewShape<N> &S, const Concurrency::index<N> &Off,
                        const Concurrency::extent<N> &Ext, void *Dest, size_t Bytes) {
  size_t Step = sectionTexelBytes<T, N>(S);
  size_t Need = Concurrency::details::shapeSize<N>(Ext._M_base) * Step;
  if (!Dest || Bytes < Need)
    throwTexture("copy: the destination has " + std::to_string(Bytes) +
                 " bytes, fewer than the section's " + std::to_string(Need));
  const T *Src = hostTexelsOf<T, N>(S, ampcc::rt::HostAccessMode::Read);
  unsigned Bits = textureBits(S.H.Source);
  unsigned char *P = static_cast<unsigned char *>(Dest);
  forEachSectionRow<N>(S, Off, Ext, [&](size_t First, size_t Count) {
    packTexels<T>(Src + First, Count, Bits, P);
    P += Count * Step;
  });
}

template <typename T, int N>
void copyBytesToSection(const void *Source, size_t Bytes, const ViewShape<N> &S,
                        const Concurrency::index<N> &Off, const Concurrency::extent<N> &Ext) {
  size_t Step = sectionTexelBytes<T, N>(S);
  size_t Need = Concurrency::details::shapeSize<N>(Ext._M_base) * Step;
  if (!Source || Bytes < Need)
    throwTexture("copy: the source has " + std::to_string(Bytes) +
                 " bytes, fewer than the section's " + std::to_string(Need));
  // Texels outside the section keep their values: read them first.
  T *Dst = hostTexelsOf<T, N>(S, ampcc::rt::HostAccessMode::Write);
  unsigned Bits = textureBits(S.H.Source);
  const unsigned char *P = static_cast<const unsigned char *>(Source);
  forEachSectionRow<N>(S, Off, Ext, [&](size_t First, size_t Count) {
    unpackTexels<T>(P, Count, Bits, Dst + First);
    P += Count * Step;
  });
}

/// Texels of a section of \p Src to a section of \p Dst of the same extent;
/// the two may be one texture (the section is read whole first).
template <typename T, int N>
void copySection(const ViewShape<N> &Src, const Concurrency::index<N> &SrcOff,
                 const ViewShape<N> &Dst, const Concurrency::index<N> &DstOff,
                 const Concurrency::extent<N> &Ext) {
  std::vector<T> Texels;
  Texels.reserve(Concurrency::details::shapeSize<N>(Ext._M_base));
  const T *From = hostTexelsOf<T, N>(Src, ampcc::rt::HostAccessMode::Read);
  forEachSectionRow<N>(Src, SrcOff, Ext, [&](size_t First, size_t Count) {
    Texels.insert(Texels.end(), From + First, From + First + Count);
  });
  T *To = hostTexelsOf<T, N>(Dst, ampcc::rt::HostAccessMode::Write);
  size_t Next = 0;
  forEachSectionRow<N>(Dst, DstOff, Ext, [&](size_t First, size_t Count) {
    for (size_t I = 0; I < Count; ++I)
      To[First + I] = Texels[Next++];
  });
}

template <int N> Concurrency::index<N> originOf() { return Concurrency::index<N>(); }
template <int N> Concurrency::extent<N> extentOf(const ViewShape<N> &S) {
  return Concurrency::extent<N>(S.Ext);
}
/// All texels of one view to another of the same extent.
template <typename T, int N> void copyWhole(const ViewShape<N> &Src, const ViewShape<N> &Dst) {
  if (extentOf<N>(Src) != extentOf<N>(Dst))
    throwTexture("copy: the texture views' extents differ");
  copySection<T, N>(Src, originOf<N>(), Dst, originOf<N>(), extentOf<N>(Src));
}
} // namespace details

// --- Sections of textures ------------------------------------------------------

template <typename T, int N>
void copy(const texture<T, N> &Src, const Concurrency::index<N> &SrcOffset,
          const Concurrency::extent<N> &Extent, void *Dest, unsigned int DestBytes) {
  details::copySectionToBytes<T, N>(Src._M_shape, SrcOffset, Extent, Dest, DestBytes);
}
template <typename T, int N>
void copy(const void *Src, unsigned int SrcBytes, texture<T, N> &Dest,
          const Concurrency::index<N> &DestOffset, const Concurrency::extent<N> &Extent) {
  details::copyBytesToSection<T, N>(Src, SrcBytes, Dest._M_shape, DestOffset, Extent);
}
template <typename T, int N>
void copy(const texture<T, N> &Src, const Concurrency::index<N> &SrcOffset,
          texture<T, N> &Dest, const Concurrency::index<N> &DestOffset,
          const Concurrency::extent<N> &Extent) {
  details::copySection<T, N>(Src._M_shape, SrcOffset, Dest._M_shape, DestOffset, Extent);
}

// --- Texture views: texture_view<const T,N> reads, texture_view<T,N> and
// writeonly_texture_view<T,N> are written ------------------------------------

template <typename T, int N>
void copy(const texture_view<const T, N> &Src, void *Dest, unsigned int DestBytes) {
  details::copySectionToBytes<T, N>(Src._M_shape, details::originOf<N>(),
                                    details::extentOf<N>(Src._M_shape), Dest, DestBytes);
}
template <typename T, int N>
void copy(const texture_view<const T, N> &Src, const Concurrency::index<N> &SrcOffset,
          const Concurrency::extent<N> &Extent, void *Dest, unsigned int DestBytes) {
  details::copySectionToBytes<T, N>(Src._M_shape, SrcOffset, Extent, Dest, DestBytes);
}
template <typename T, int N>
void copy(const void *Src, unsigned int SrcBytes, const texture_view<T, N> &Dest) {
  details::copyBytesToSection<T, N>(Src, SrcBytes, Dest._M_shape, details::originOf<N>(),
                                    details::extentOf<N>(Dest._M_shape));
}
template <typename T, int N>
void copy(const void *Src, unsigned int SrcBytes, const texture_view<T, N> &Dest,
          const Concurrency::index<N> &DestOffset, const Concurrency::extent<N> &Extent) {
  details::copyBytesToSection<T, N>(Src, SrcBytes, Dest._M_shape, DestOffset, Extent);
}
template <typename T, int N>
void copy(const texture_view<const T, N> &Src, const texture_view<T, N> &Dest) {
  details::copyWhole<T, N>(Src._M_shape, Dest._M_shape);
}
template <typename T, int N>
void copy(const texture_view<const T, N> &Src, const Concurrency::index<N> &SrcOffset,
          const texture_view<T, N> &Dest, const Concurrency::index<N> &DestOffset,
          const Concurrency::extent<N> &Extent) {
  details::copySection<T, N>(Src._M_shape, SrcOffset, Dest._M_shape, DestOffset, Extent);
}
template <typename T, int N>
void copy(const texture_view<const T, N> &Src, const writeonly_texture_view<T, N> &Dest) {
  details::copyWhole<T, N>(Src._M_shape, Dest._M_shape);
}
/// Texels in row-major order (x fastest), like copy(texture, OutputIt).
template <typename T, int N, typename OutputIt,
          typename = typename std::enable_if<
              Concurrency::details::IsIterator<OutputIt>::value>::type>
void copy(const texture_view<const T, N> &Src, OutputIt Dest) {
  Concurrency::details::copyOut<T, N>(Src._M_shape, Dest);
}
template <typename T, int N, typename InputIt>
void copy(InputIt First, InputIt Last, const texture_view<T, N> &Dest) {
  details::copyInRounded<T, N>(First, Last, Dest._M_shape, unsigned(Dest._M_bits));
}

// --- copy_async of sections: the same copies on another thread ----------------

namespace details {
template <typename T, int N> struct SectionToBytes {
  const texture<T, N> *Src;
  Concurrency::index<N> Off;
  Concurrency::extent<N> Ext;
  void *Dest;
  unsigned int Bytes;
  void run() { graphics::copy(*Src, Off, Ext, Dest, Bytes); }
};
template <typename T, int N> struct BytesToSection {
  const void *Src;
  unsigned int Bytes;
  texture<T, N> *Dest;
  Concurrency::index<N> Off;
  Concurrency::extent<N> Ext;
  void run() { graphics::copy(Src, Bytes, *Dest, Off, Ext); }
};
template <typename T, int N> struct SectionToSection {
  const texture<T, N> *Src;
  Concurrency::index<N> SrcOff;
  texture<T, N> *Dest;
  Concurrency::index<N> DestOff;
  Concurrency::extent<N> Ext;
  void run() { graphics::copy(*Src, SrcOff, *Dest, DestOff, Ext); }
};
} // namespace details

template <typename T, int N>
completion_future copy_async(const texture<T, N> &Src, const Concurrency::index<N> &SrcOffset,
                             const Concurrency::extent<N> &Extent, void *Dest,
                             unsigned int DestBytes) {
  return details::copyAsync(
      details::SectionToBytes<T, N>{&Src, SrcOffset, Extent, Dest, DestBytes});
}
template <typename T, int N>
completion_future copy_async(const void *Src, unsigned int SrcBytes, texture<T, N> &Dest,
                             const Concurrency::index<N> &DestOffset,
                             const Concurrency::extent<N> &Extent) {
  return details::copyAsync(
      details::BytesToSection<T, N>{Src, SrcBytes, &Dest, DestOffset, Extent});
}
template <typename T, int N>
completion_future copy_async(const texture<T, N> &Src, const Concurrency::index<N> &SrcOffset,
                             texture<T, N> &Dest, const Concurrency::index<N> &DestOffset,
                             const Concurrency::extent<N> &Extent) {
  return details::copyAsync(
      details::SectionToSection<T, N>{&Src, SrcOffset, &Dest, DestOffset, Extent});
}

} // namespace graphics
} // namespace Concurrency

#endif // AMPCC_GRAPHICS_SECTION_COPY_H
