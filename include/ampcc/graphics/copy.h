// ampcc/graphics/copy.h - concurrency::graphics::copy and copy_async with
// textures (spec §10.5): raw bytes in the texture's bits_per_scalar_element
// format, iterator ranges of value_type, and texture to texture. copy_async
// runs the same copy on another thread, as concurrency::copy_async does.
#ifndef AMPCC_GRAPHICS_COPY_H
#define AMPCC_GRAPHICS_COPY_H

#include "../copy.h"
#include "texture.h"

namespace Concurrency {
namespace graphics {

template <typename T, int N>
void copy(const texture<T, N> &Src, void *Dest, unsigned int DestBytes) {
  Src.copyToBytes(Dest, DestBytes);
}
template <typename T, int N>
void copy(const void *Src, unsigned int SrcBytes, texture<T, N> &Dest) {
  Dest.copyFromBytes(Src, SrcBytes);
}
/// Writes the texels in row-major order (x fastest) to \p Dest.
template <typename T, int N, typename OutputIt,
          typename = typename std::enable_if<
              Concurrency::details::IsIterator<OutputIt>::value>::type>
void copy(const texture<T, N> &Src, OutputIt Dest) {
  Concurrency::details::copyOut<T, N>(Src._M_shape, Dest);
}
template <typename T, int N, typename InputIt>
void copy(InputIt First, InputIt Last, texture<T, N> &Dest) {
  Dest.copyFromRange(First, Last);
}
template <typename T, int N>
void copy(const texture<T, N> &Src, texture<T, N> &Dest) {
  Src.copy_to(Dest);
}
template <typename T, int N>
void copy(const texture<T, N> &Src, const writeonly_texture_view<T, N> &Dest) {
  Src.copy_to(Dest);
}

namespace details {
/// A copy_async body: a named functor, so nothing here is restrict(amp).
template <typename F> struct GraphicsCopyTask {
  F Fn;
  void operator()() { Fn.run(); }
};
template <typename T, int N> struct TextureToBytes {
  const texture<T, N> *Src;
  void *Dest;
  unsigned int Bytes;
  void run() { graphics::copy(*Src, Dest, Bytes); }
};
template <typename T, int N> struct BytesToTexture {
  const void *Src;
  unsigned int Bytes;
  texture<T, N> *Dest;
  void run() { graphics::copy(Src, Bytes, *Dest); }
};
template <typename T, int N, typename OutputIt> struct TextureToIter {
  const texture<T, N> *Src;
  OutputIt Dest;
  void run() { graphics::copy(*Src, Dest); }
};
template <typename T, int N, typename InputIt> struct IterToTexture {
  InputIt First, Last;
  texture<T, N> *Dest;
  void run() { graphics::copy(First, Last, *Dest); }
};
template <typename T, int N> struct TextureToTexture {
  const texture<T, N> *Src;
  texture<T, N> *Dest;
  void run() { graphics::copy(*Src, *Dest); }
};
template <typename F> completion_future copyAsync(F Fn) {
  return completion_future(Concurrency::details::runAsync(GraphicsCopyTask<F>{Fn}));
}
} // namespace details

template <typename T, int N>
completion_future copy_async(const texture<T, N> &Src, void *Dest, unsigned int DestBytes) {
  return details::copyAsync(details::TextureToBytes<T, N>{&Src, Dest, DestBytes});
}
template <typename T, int N>
completion_future copy_async(const void *Src, unsigned int SrcBytes, texture<T, N> &Dest) {
  return details::copyAsync(details::BytesToTexture<T, N>{Src, SrcBytes, &Dest});
}
template <typename T, int N, typename OutputIt,
          typename = typename std::enable_if<
              Concurrency::details::IsIterator<OutputIt>::value>::type>
completion_future copy_async(const texture<T, N> &Src, OutputIt Dest) {
  return details::copyAsync(details::TextureToIter<T, N, OutputIt>{&Src, Dest});
}
template <typename T, int N, typename InputIt>
completion_future copy_async(InputIt First, InputIt Last, texture<T, N> &Dest) {
  return details::copyAsync(details::IterToTexture<T, N, InputIt>{First, Last, &Dest});
}
template <typename T, int N>
completion_future copy_async(const texture<T, N> &Src, texture<T, N> &Dest) {
  return details::copyAsync(details::TextureToTexture<T, N>{&Src, &Dest});
}

} // namespace graphics
} // namespace Concurrency

#endif // AMPCC_GRAPHICS_COPY_H
