// ampcc/graphics/mip.h - where a texture's mipmap levels are (spec §10.1.1,
// §10.2: textures of several levels and views of some of them).
//
// OpenCL 1.2 images have one level (cl_khr_mipmap_image is on neither PoCL
// nor NVIDIA's driver), so every level lives in the texture's buffer: level
// 0 first, then each smaller level right after the one before, each dense
// and row-major. Level k+1 halves every extent of level k (at least 1), so
// a view needs only its first level's shape and its level count: the host
// object's `_M_levels`, which the runtime passes to kernels in the shape
// (CF_Texture, `levels` in the device struct), and which the runtime also
// uses for the bytes a kernel may touch (DataSource::mipChainRanges). A view
// of several levels always runs a kernel's buffer form.
#ifndef AMPCC_GRAPHICS_MIP_H
#define AMPCC_GRAPHICS_MIP_H

#include "../array_view.h"

#include <string>

namespace Concurrency {
namespace graphics {
namespace details {
using Concurrency::details::ViewShape;

/// Level \p L's extent, for a texture whose level 0 has extent \p E.
template <int N>
Concurrency::extent<N> mipExtent(const Concurrency::extent<N> &E, unsigned L) restrict(cpu, amp) {
  Concurrency::extent<N> R = E;
  for (int D = 0; D < N; ++D) {
    int V = L < 31 ? E[D] >> L : 0;
    R[D] = V > 1 ? V : 1;
  }
  return R;
}

/// How many levels a full chain from \p E down to 1 texel has.
template <int N> unsigned fullMipChain(const Concurrency::extent<N> &E) {
  int Largest = 1;
  for (int D = 0; D < N; ++D)
    Largest = E[D] > Largest ? E[D] : Largest;
  unsigned Levels = 1;
  while (Largest >>= 1)
    ++Levels;
  return Levels;
}

/// Texels of levels [0, \p Levels) of a chain whose level 0 has extent \p E.
template <int N> size_t mipChainTexels(const Concurrency::extent<N> &E, unsigned Levels) {
  return size_t(ampcc::rt::mipChainTexels(E._M_base, N, int32_t(Levels)));
}

/// The dense shape of level \p L, counted from the level \p First shows
/// (itself dense): the levels in between are skipped in the buffer.
template <int N> ViewShape<N> mipShape(const ViewShape<N> &First, unsigned L) {
  Concurrency::extent<N> E(First.Ext);
  ViewShape<N> S = First;
  Concurrency::details::initDenseShape(S, mipExtent<N>(E, L)._M_base);
  S.H.Offset = First.H.Offset + int32_t(mipChainTexels<N>(E, L));
  return S;
}

/// Throws unless levels [\p Most, \p Most + \p Levels) are among the \p Have
/// levels of a texture or view.
inline void checkMipRange(const char *What, unsigned Most, unsigned Levels, unsigned Have) {
  if (Levels == 0 || Most >= Have || Levels > Have - Most)
    throw runtime_exception(std::string(What) + ": mipmap levels [" + std::to_string(Most) +
                                ", " + std::to_string(Most + Levels) + ") are not among the " +
                                std::to_string(Have) + " levels of the source",
                            AMPCC_E_INVALIDARG);
}

} // namespace details
} // namespace graphics
} // namespace Concurrency

#endif // AMPCC_GRAPHICS_MIP_H
