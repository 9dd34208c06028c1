// ampcc/graphics/texture.h - concurrency::graphics::texture<T,N>,
// texture_view<T,N>, texture_view<const T,N> and writeonly_texture_view<T,N>
// (spec §10.1, §10.2, §10.4).
//
// Storage: a texture is, to the runtime and the compiler, an array of T
// (a ViewShape over a DataSource, then its mipmap level count and bits per
// scalar element, its only data members; kernel_abi.h CF_Texture): the
// compiler lowers the texture classes as it lowers array and array_view (a
// __global pointer and a shape, AmpModel's isViewClass), and a kernel
// captures a texture by reference and its views by value. The device copy
// holds every texel at T's full width whatever bits_per_scalar_element
// says, rounded to the format when written (texel.h roundTexel); the packed
// bytes exist at the host boundary only (the raw-byte constructors and
// copies, data_length, row_pitch). Mipmap levels follow one another in the
// buffer (mip.h). Filtering and addressing (sample, gather_*) are
// restrict(amp) C++ below over element reads.
//
// The members the compiler implements are declared only: `_M_ref`,
// `get_extent`, `_M_format_bits`, `_M_mip_levels` and `_M_mip`
// (compiler/lib/CodeGen/AmpLibrary.cpp), and the image
// intrinsics `_M_image`, `_M_read_image`, `_M_write_image` and
// `_M_sample_image` (ImageLowering.cpp), through which read-only and
// write-only textures use OpenCL images in a kernel's image form
// (docs/graphics.md, "Images"). The public members are C++ over them. The
// spec's access rules are the restriction checker's in the device pass
// (compiler/lib/Sema/TextureRules.cpp, at the user's call) and
// static_asserts here for the host pass.
#ifndef AMPCC_GRAPHICS_TEXTURE_H
#define AMPCC_GRAPHICS_TEXTURE_H

#include "../array_view.h"
#include "mip.h"
#include "sampler.h"
#include "texel.h"

#include <iterator>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace Concurrency {
namespace graphics {

template <typename T, int N> class texture;
template <typename T, int N> class texture_view;
template <typename T, int N> class writeonly_texture_view;

namespace details {
using Concurrency::details::ViewShape;

/// bits_per_scalar_element of each live texture, by data source: a
/// texture's only data member must stay its ViewShape (the runtime and the
/// kernel ABI read it), so what only the host needs lives here.
inline std::map<const void *, unsigned> &textureBitsTable(std::mutex *&Lock) {
  static std::mutex M;
  static std::map<const void *, unsigned> Table;
  Lock = &M;
  return Table;
}
inline void setTextureBits(const void *Source, unsigned Bits) {
  std::mutex *M;
  auto &Table = textureBitsTable(M);
  std::lock_guard<std::mutex> G(*M);
  if (Bits)
    Table[Source] = Bits;
  else
    Table.erase(Source);
}
inline unsigned textureBits(const void *Source) {
  std::mutex *M;
  auto &Table = textureBitsTable(M);
  std::lock_guard<std::mutex> G(*M);
  auto It = Table.find(Source);
  return It == Table.end() ? 0 : It->second;
}

template <int N> size_t texelCount(const ViewShape<N> &S) {
  return Concurrency::details::shapeSize<N>(S.Ext);
}

/// Coordinate component K of a texture coordinate (float, float_2, float_3).
inline float coordAt(float C, int) restrict(cpu, amp) { return C; }
inline float coordAt(const float_2 &C, int K) restrict(cpu, amp) {
  return K == 0 ? C.get_x() : C.get_y();
}
inline float coordAt(const float_3 &C, int K) restrict(cpu, amp) {
  return K == 0 ? C.get_x() : K == 1 ? C.get_y() : C.get_z();
}
inline float borderAt(const float_4 &B, int K) restrict(cpu, amp) {
  return K == 0 ? B.get_x() : K == 1 ? B.get_y() : K == 2 ? B.get_z() : B.get_w();
}

/// Texel coordinate I of a dimension of Size texels under an address mode;
/// Outside is set when address_border finds I outside.
inline int addressTexel(int I, int Size, int Mode, bool &Outside) restrict(cpu, amp) {
  if (Mode == address_wrap) {
    int M = I % Size;
    return M < 0 ? M + Size : M;
  }
  if (Mode == address_mirror) {
    int Period = 2 * Size;
    int M = I % Period;
    if (M < 0)
      M += Period;
    return M < Size ? M : Period - 1 - M;
  }
  if (I < 0 || I >= Size) {
    if (Mode == address_border)
      Outside = true;
    return I < 0 ? 0 : Size - 1;
  }
  return I;
}

inline float floorF(float X) restrict(cpu, amp) {
  int I = static_cast<int>(X);
  return static_cast<float>(X < static_cast<float>(I) ? I - 1 : I);
}

[[noreturn]] inline void throwTexture(const std::string &Message) {
  throw runtime_exception(Message, AMPCC_E_INVALIDARG);
}

/// Texels from an iterator range into the texels \p S shows, rounded to
/// the format of \p Bits bits per scalar as the device's writes are.
template <typename T, int N, typename InputIt>
void copyInRounded(InputIt First, InputIt Last, const ViewShape<N> &S, unsigned Bits) {
  if (!roundsTexels<T>(Bits))
    return Concurrency::details::copyIn<T, N>(First, Last, S);
  std::vector<T> Texels(First, Last);
  for (T &V : Texels)
    V = roundTexel<T>(V, int(Bits));
  Concurrency::details::copyIn<T, N>(Texels.begin(), Texels.end(), S);
}
} // namespace details

// The members the read-only texture classes share. Macros rather than a
// base class: the compiler lowers each texture class as a view struct whose
// only member is its shape, and a member inherited from a base would see
// another type of object.
/// operator[] and operator() at an index and at coordinates, through READ.
#define AMPCC_TEXTURE_READ_OPERATORS_(RET, READ)                                   \
  RET operator[](const Concurrency::index<N> &I) const restrict(amp) { return READ(I); } \
  RET operator[](int I0) const restrict(amp) {                                    \
    return READ(Concurrency::index<N>(I0));                                       \
  }                                                                                \
  RET operator()(const Concurrency::index<N> &I) const restrict(amp) { return READ(I); } \
  RET operator()(int I0) const restrict(amp) {                                    \
    return READ(Concurrency::index<N>(I0));                                       \
  }                                                                                \
  RET operator()(int I0, int I1) const restrict(amp) {                            \
    return READ(Concurrency::index<N>(I0, I1));                                   \
  }                                                                                \
  RET operator()(int I0, int I1, int I2) const restrict(amp) {                    \
    return READ(Concurrency::index<N>(I0, I1, I2));                               \
  }
/// A texel read: from the OpenCL image when the kernel passes this object as
/// one (its image form), else from the buffer; the compiler implements
/// _M_image (is it an image here) and _M_read_image (ImageLowering.cpp).
#define AMPCC_TEXTURE_IMAGE_READS_                                                 \
  value_type _M_get(const Concurrency::index<N> &I) const restrict(amp) {         \
    if (_M_image())                                                                \
      return details::fromImageTexel<T>(_M_read_image(I));                         \
    return _M_ref(I);                                                              \
  }                                                                                \
  int _M_image() const restrict(amp);                                              \
  details::image_texel_t<T> _M_read_image(const Concurrency::index<N> &I) const    \
      restrict(amp);

/// Copying and destroying a texture view: the host counts references to the
/// texture's data source; on the device a view is plain data.
#define AMPCC_TEXTURE_VIEW_COPIES_(VIEW)                                           \
  VIEW(const VIEW &Other) restrict(cpu, amp)                                       \
      : _M_shape(Other._M_shape), _M_levels(Other._M_levels), _M_bits(Other._M_bits) { \
    AMPCC_TEXTURE_HOST_ONLY_(ampcc::rt::retainSource(_M_shape.H.Source);)          \
  }                                                                                \
  VIEW &operator=(const VIEW &Other) restrict(cpu, amp) {                          \
    AMPCC_TEXTURE_HOST_ONLY_(if (this != &Other) {                                 \
      ampcc::rt::retainSource(Other._M_shape.H.Source);                            \
      ampcc::rt::releaseSource(_M_shape.H.Source);                                 \
      _M_shape = Other._M_shape;                                                   \
      _M_levels = Other._M_levels;                                                 \
      _M_bits = Other._M_bits;                                                     \
    })                                                                             \
    return *this;                                                                  \
  }                                                                                \
  ~VIEW() restrict(cpu, amp) {                                                     \
    AMPCC_TEXTURE_HOST_ONLY_(ampcc::rt::releaseSource(_M_shape.H.Source);)         \
  }
// A macro body cannot hold #ifndef: the statements vanish in the device pass.
#ifdef __AMPCC_DEVICE_PASS__
#define AMPCC_TEXTURE_HOST_ONLY_(...)
#else
#define AMPCC_TEXTURE_HOST_ONLY_(...) __VA_ARGS__
#endif

// --- texture<T,N> (spec §10.1) -------------------------------------------------

template <typename T, int N> class texture {
  static_assert(N >= 1 && N <= 3, "texture rank must be 1, 2 or 3");
  static_assert(details::TexelInfo<T>::valid,
                "texture element type must be int, uint, float, norm, unorm or double "
                "(or one of their short vectors)");
  typedef Concurrency::accelerator_view AV;

public:
  static const int rank = N;
  typedef T value_type;
  typedef typename details::TexelInfo<T>::scalar_type scalar_type;

  // --- Construction (spec §10.1.1) -------------------------------------------
  // Every extent form: (extent), (E0), (E0, E1), (E0, E1, E2).
#define AMPCC_TEXTURE_CTORS_(PARAMS, EXT)                                        \
  explicit texture(PARAMS) { init(EXT, defaultBits()); }                        \
  texture(PARAMS, const AV &Av) { init(EXT, defaultBits(), &Av); }              \
  template <typename InputIt, typename = typename std::enable_if<               \
                                  Concurrency::details::IsIterator<InputIt>::value>::type> \
  texture(PARAMS, InputIt First, InputIt Last) {                                \
    init(EXT, defaultBits());                                                   \
    copyFromRange(First, Last);                                                 \
  }                                                                             \
  template <typename InputIt, typename = typename std::enable_if<               \
                                  Concurrency::details::IsIterator<InputIt>::value>::type> \
  texture(PARAMS, InputIt First, InputIt Last, const AV &Av) {                  \
    init(EXT, defaultBits(), &Av);                                              \
    copyFromRange(First, Last);                                                 \
  }                                                                             \
  texture(PARAMS, unsigned int Bits) { init(EXT, Bits); }                       \
  texture(PARAMS, unsigned int Bits, const AV &Av) { init(EXT, Bits, &Av); }    \
  texture(PARAMS, const void *Source, unsigned int SourceBytes, unsigned int Bits) { \
    init(EXT, Bits);                                                            \
    copyFromBytes(Source, SourceBytes);                                         \
  }                                                                             \
  texture(PARAMS, const void *Source, unsigned int SourceBytes, unsigned int Bits, \
          const AV &Av) {                                                       \
    init(EXT, Bits, &Av);                                                       \
    copyFromBytes(Source, SourceBytes);                                         \
  }                                                                             \
  /* Staging textures: on Av (a CPU view), copied to and from Assoc. */         \
  texture(PARAMS, const AV &Av, const AV &Assoc) {                              \
    init(EXT, defaultBits(), &Av, 1, &Assoc);                                   \
  }                                                                             \
  template <typename InputIt, typename = typename std::enable_if<               \
                                  Concurrency::details::IsIterator<InputIt>::value>::type> \
  texture(PARAMS, InputIt First, InputIt Last, const AV &Av, const AV &Assoc) { \
    init(EXT, defaultBits(), &Av, 1, &Assoc);                                   \
    copyFromRange(First, Last);                                                 \
  }                                                                             \
  texture(PARAMS, unsigned int Bits, const AV &Av, const AV &Assoc) {           \
    init(EXT, Bits, &Av, 1, &Assoc);                                            \
  }                                                                             \
  texture(PARAMS, const void *Source, unsigned int SourceBytes, unsigned int Bits, \
          const AV &Av, const AV &Assoc) {                                      \
    init(EXT, Bits, &Av, 1, &Assoc);                                            \
    copyFromBytes(Source, SourceBytes);                                         \
  }
#define AMPCC_TEXTURE_COMMA_ ,
  AMPCC_TEXTURE_CTORS_(const Concurrency::extent<N> &Ext, Ext)
  AMPCC_TEXTURE_CTORS_(int E0, Concurrency::extent<N>(E0))
  AMPCC_TEXTURE_CTORS_(int E0 AMPCC_TEXTURE_COMMA_ int E1,
                       Concurrency::extent<N>(E0 AMPCC_TEXTURE_COMMA_ E1))
  AMPCC_TEXTURE_CTORS_(int E0 AMPCC_TEXTURE_COMMA_ int E1 AMPCC_TEXTURE_COMMA_ int E2,
                       Concurrency::extent<N>(E0 AMPCC_TEXTURE_COMMA_ E1
                                                  AMPCC_TEXTURE_COMMA_ E2))
#undef AMPCC_TEXTURE_COMMA_
#undef AMPCC_TEXTURE_CTORS_

  /// A texture of \p MipLevels mipmap levels (0: the full chain down to
  /// one texel), each extent halving from one level to the next; all of
  /// them live in the texture's buffer (mip.h).
  texture(const Concurrency::extent<N> &Ext, unsigned int Bits, unsigned int MipLevels,
          const AV &Av) {
    unsigned Full = details::fullMipChain<N>(Ext);
    if (MipLevels > Full)
      details::throwTexture("texture: " + std::to_string(MipLevels) +
                            " mipmap levels is more than the " + std::to_string(Full) +
                            " an extent of this size has");
    init(Ext, Bits, &Av, MipLevels ? MipLevels : Full);
  }

  /// A deep copy, on the same accelerator_view or on \p Av.
  texture(const texture &Other) { initCopy(Other, nullptr); }
  texture(const texture &Other, const AV &Av) { initCopy(Other, &Av); }
  texture(texture &&Other) noexcept
      : _M_shape(Other._M_shape), _M_levels(Other._M_levels), _M_bits(Other._M_bits) {
    Other._M_shape.H.Source = nullptr;
  }
  texture &operator=(const texture &Other) {
    if (this != &Other) {
      texture Copy(Other);
      std::swap(_M_shape, Copy._M_shape);
      std::swap(_M_levels, Copy._M_levels);
      std::swap(_M_bits, Copy._M_bits);
    }
    return *this;
  }
  texture &operator=(texture &&Other) noexcept {
    std::swap(_M_shape, Other._M_shape);
    std::swap(_M_levels, Other._M_levels);
    std::swap(_M_bits, Other._M_bits);
    return *this;
  }
  ~texture() {
    if (_M_shape.H.Source) {
      details::setTextureBits(_M_shape.H.Source, 0);
      ampcc::rt::releaseSource(_M_shape.H.Source);
    }
  }

  /// Copies this texture's texels, every mipmap level, to \p Dest (same
  /// extent and levels).
  void copy_to(texture &Dest) const;
  void copy_to(const writeonly_texture_view<T, N> &Dest) const;

  // --- Properties ------------------------------------------------------------
  Concurrency::extent<N> get_extent() const restrict(cpu) {
    return Concurrency::extent<N>(_M_shape.Ext);
  }
  Concurrency::extent<N> get_extent() const restrict(amp);
  Concurrency::extent<N> get_mipmap_extent(unsigned int Level) const restrict(cpu) {
    details::checkMipRange("texture::get_mipmap_extent", Level, 1, _M_levels);
    return details::mipExtent<N>(get_extent(), Level);
  }
  unsigned int get_bits_per_scalar_element() const {
    return details::textureBits(_M_shape.H.Source);
  }
  unsigned int get_mipmap_levels() const { return unsigned(_M_levels); }
  /// Bytes of texel data in the texture's format (level 0; copy the other
  /// levels through a texture_view of each).
  unsigned int get_data_length() const {
    return (unsigned)(details::texelCount<N>(_M_shape) * texelBytes());
  }
  /// Bytes between rows (ranks 2 and 3) and between slices (rank 3) of the
  /// packed data copy() reads and writes; 0 where the rank has none.
  unsigned int get_row_pitch() const {
    return N >= 2 ? (unsigned)(_M_shape.Ext[N - 1] * texelBytes()) : 0;
  }
  unsigned int get_depth_pitch() const {
    return N == 3 ? get_row_pitch() * (unsigned)_M_shape.Ext[1] : 0;
  }
  accelerator_view get_accelerator_view() const {
    return Concurrency::details::makeView(
        ampcc::rt::sourceAcceleratorView(_M_shape.H.Source));
  }
  /// A staging texture's associated view; the texture's own otherwise.
  accelerator_view get_associated_accelerator_view() const {
    return Concurrency::details::makeView(
        ampcc::rt::sourceAssociatedView(_M_shape.H.Source));
  }

  // --- Element access on the accelerator (spec §10.1.3) -------------------------
  AMPCC_TEXTURE_READ_OPERATORS_(const value_type, _M_get)
  const value_type get(const Concurrency::index<N> &I) const restrict(amp) {
    return _M_get(I);
  }
  void set(const Concurrency::index<N> &I, const value_type &Value) restrict(amp) {
#ifndef __AMPCC_DEVICE_PASS__ // device pass: compiler/lib/Sema/TextureRules.cpp
    static_assert(details::TexelInfo<T>::read_write,
                  "texture::set is only for textures of int, uint or float; write other "
                  "formats through a writeonly_texture_view or texture_view");
#endif
    _M_ref(I) = details::roundTexel<T>(Value, _M_format_bits());
  }

  /// Implemented by the compiler: the texel's storage.
  value_type &_M_ref(const Concurrency::index<N> &I) const restrict(amp);
  /// Implemented by the compiler: bits_per_scalar_element (the shape's).
  int _M_format_bits() const restrict(amp);
  AMPCC_TEXTURE_IMAGE_READS_ // a `const texture&` capture can be an image

  __declspec(property(get = get_bits_per_scalar_element)) unsigned int
      bits_per_scalar_element;
  __declspec(property(get = get_mipmap_levels)) unsigned int mipmap_levels;
  __declspec(property(get = get_data_length)) unsigned int data_length;
  __declspec(property(get = get_row_pitch)) unsigned int row_pitch;
  __declspec(property(get = get_depth_pitch)) unsigned int depth_pitch;
  __declspec(property(get = get_accelerator_view)) Concurrency::accelerator_view
      accelerator_view;
  __declspec(property(get = get_associated_accelerator_view))
      Concurrency::accelerator_view associated_accelerator_view;
  // Declared last: hides the class template `extent` from here on.
  __declspec(property(get = get_extent)) Concurrency::extent<N> extent;

  /// The only data members, in this order: the runtime reads them from
  /// closures (kernel_abi.h, CF_Texture).
  details::ViewShape<N> _M_shape;
  int32_t _M_levels;
  int32_t _M_bits; // bits_per_scalar_element

  // For copy() and the views (host side).
  static unsigned defaultBits() {
    return details::ScalarKind<scalar_type>::default_bits;
  }
  size_t texelBytes() const {
    return (size_t)get_bits_per_scalar_element() / 8 * details::TexelInfo<T>::size;
  }
  value_type *hostTexels(ampcc::rt::HostAccessMode Mode) const {
    return static_cast<value_type *>(
        ampcc::rt::hostAccessView(&_M_shape.H, sizeof(T), Mode));
  }
  void copyFromBytes(const void *Source, size_t Bytes) {
    if (!Source)
      details::throwTexture("texture: the source pointer is null");
    size_t Need = details::texelCount<N>(_M_shape) * texelBytes();
    if (Bytes < Need)
      details::throwTexture("texture: the source has " + std::to_string(Bytes) +
                            " bytes, fewer than the texture's " + std::to_string(Need));
    T *Dst = hostTexels(ampcc::rt::HostAccessMode::Overwrite);
    const unsigned char *P = static_cast<const unsigned char *>(Source);
    unsigned Bits = get_bits_per_scalar_element();
    details::unpackTexels<T>(P, details::texelCount<N>(_M_shape), Bits, Dst);
  }
  void copyToBytes(void *Dest, size_t Bytes) const {
    size_t Need = details::texelCount<N>(_M_shape) * texelBytes();
    if (!Dest || Bytes < Need)
      details::throwTexture("copy: the destination has " + std::to_string(Bytes) +
                            " bytes, fewer than the texture's " + std::to_string(Need));
    const T *Src = hostTexels(ampcc::rt::HostAccessMode::Read);
    unsigned char *P = static_cast<unsigned char *>(Dest);
    unsigned Bits = get_bits_per_scalar_element();
    details::packTexels<T>(Src, details::texelCount<N>(_M_shape), Bits, P);
  }
  template <typename InputIt> void copyFromRange(InputIt First, InputIt Last) {
    details::copyInRounded<T, N>(First, Last, _M_shape, unsigned(_M_bits));
  }

private:
  void init(const Concurrency::extent<N> &Ext, unsigned Bits, const AV *Av = nullptr,
            unsigned Levels = 1, const AV *Assoc = nullptr) {
    for (int I = 0; I < N; ++I)
      if (Ext._M_base[I] <= 0)
        details::throwTexture("texture: extent " + std::to_string(Ext._M_base[I]) +
                              " in dimension " + std::to_string(I) + " is not positive");
    if (!details::validBits<T>(Bits))
      details::throwTexture("texture: " + std::to_string(Bits) +
                            " bits per scalar element is not a format of this "
                            "element type");
    Concurrency::details::initDenseShape(_M_shape, Ext._M_base);
    _M_levels = int32_t(Levels);
    _M_bits = int32_t(Bits);
    _M_shape.H.Source = ampcc::rt::createArraySource(
        sizeof(T), details::mipChainTexels<N>(Ext, Levels),
        Av ? Concurrency::details::implOf(*Av) : nullptr,
        Assoc ? Concurrency::details::implOf(*Assoc) : nullptr);
    details::setTextureBits(_M_shape.H.Source, Bits);
  }
  void initCopy(const texture &Other, const AV *Av) {
    // A copy on the source's view keeps a staging texture's associated view.
    Concurrency::accelerator_view Home = Other.get_accelerator_view(),
                                  Assoc = Other.get_associated_accelerator_view();
    init(Other.get_extent(), Other.get_bits_per_scalar_element(), Av ? Av : &Home,
         Other._M_levels, Av || Assoc == Home ? nullptr : &Assoc);
    copyLevels(Other);
  }
  void copyLevels(const texture &Src) {
    for (int32_t L = 0; L < _M_levels; ++L) {
      details::ViewShape<N> From = details::mipShape<N>(Src._M_shape, L),
                            To = details::mipShape<N>(_M_shape, L);
      ampcc::rt::copyView(&From.H, &To.H, sizeof(T));
    }
  }
};

// --- texture_view<T,N>: reads (32-bit one-component types) and writes ---------

template <typename T, int N> class texture_view {
  typedef details::TexelInfo<T> Info;

public:
  static const int rank = N;
  typedef T value_type;
  typedef typename Info::scalar_type scalar_type;

  /// A view of level 0 (of \p MipLevel on the host).
  texture_view(texture<T, N> &Src) restrict(cpu, amp)
      : _M_shape(Src._M_shape), _M_levels(1), _M_bits(Src._M_bits) {
#ifndef __AMPCC_DEVICE_PASS__
    ampcc::rt::retainSource(_M_shape.H.Source);
#endif
  }
  texture_view(texture<T, N> &Src, unsigned int MipLevel)
      : _M_shape(Src._M_shape), _M_levels(1), _M_bits(Src._M_bits) {
    details::checkMipRange("texture_view", MipLevel, 1, Src._M_levels);
    _M_shape = details::mipShape<N>(Src._M_shape, MipLevel);
    ampcc::rt::retainSource(_M_shape.H.Source);
  }
  AMPCC_TEXTURE_VIEW_COPIES_(texture_view)

  Concurrency::extent<N> get_extent() const restrict(cpu) {
    return Concurrency::extent<N>(_M_shape.Ext);
  }
  Concurrency::extent<N> get_extent() const restrict(amp);
  /// A writable view shows one level.
  unsigned int get_mipmap_levels() const { return 1; }

  const value_type get(const Concurrency::index<N> &I) const restrict(amp) {
#ifndef __AMPCC_DEVICE_PASS__ // device pass: compiler/lib/Sema/TextureRules.cpp
    static_assert(Info::read_write,
                  "texture_view<T,N> reads only int, uint and float textures; read "
                  "other formats through texture_view<const T,N>");
#endif
    return _M_ref(I);
  }
  AMPCC_TEXTURE_READ_OPERATORS_(const value_type, get)
  void set(const Concurrency::index<N> &I, const value_type &Value) const restrict(amp) {
    _M_ref(I) = details::roundTexel<T>(Value, _M_format_bits());
  }

  value_type &_M_ref(const Concurrency::index<N> &I) const restrict(amp);
  int _M_format_bits() const restrict(amp);

  __declspec(property(get = get_mipmap_levels)) unsigned int mipmap_levels;
  __declspec(property(get = get_extent)) Concurrency::extent<N> extent;
  details::ViewShape<N> _M_shape;
  int32_t _M_levels; // 1 (texture's layout, kernel_abi.h CF_Texture)
  int32_t _M_bits;
};

// --- texture_view<const T,N>: reads, samples and gathers ----------------------

template <typename T, int N> class texture_view<const T, N> {
  typedef details::TexelInfo<T> Info;

public:
  static const int rank = N;
  typedef const T value_type;
  typedef typename Info::scalar_type scalar_type;
  typedef typename short_vector<float, N>::type coordinates_type;
  typedef typename short_vector<scalar_type, 4>::type gather_return_type;

  /// Every level of \p Src.
  texture_view(const texture<T, N> &Src) restrict(cpu, amp)
      : _M_shape(Src._M_shape), _M_levels(Src._M_levels), _M_bits(Src._M_bits) {
#ifndef __AMPCC_DEVICE_PASS__
    ampcc::rt::retainSource(_M_shape.H.Source);
#endif
  }
  /// The one level a writable view shows.
  texture_view(const texture_view<T, N> &Src) restrict(cpu, amp)
      : _M_shape(Src._M_shape), _M_levels(Src._M_levels), _M_bits(Src._M_bits) {
#ifndef __AMPCC_DEVICE_PASS__
    ampcc::rt::retainSource(_M_shape.H.Source);
#endif
  }
  /// Levels [MostDetailed, MostDetailed + Levels) of \p Src; level 0 of
  /// the view is level MostDetailed of the texture.
  texture_view(const texture<T, N> &Src, unsigned int MostDetailed, unsigned int Levels)
      : _M_shape(Src._M_shape), _M_levels(int32_t(Levels)), _M_bits(Src._M_bits) {
    details::checkMipRange("texture_view", MostDetailed, Levels, Src._M_levels);
    _M_shape = details::mipShape<N>(Src._M_shape, MostDetailed);
    ampcc::rt::retainSource(_M_shape.H.Source);
  }
  /// Levels [MostDetailed, MostDetailed + Levels) of \p Other's levels.
  texture_view(const texture_view &Other, unsigned int MostDetailed, unsigned int Levels)
      : _M_shape(Other._M_shape), _M_levels(int32_t(Levels)), _M_bits(Other._M_bits) {
    details::checkMipRange("texture_view", MostDetailed, Levels, Other._M_levels);
    _M_shape = details::mipShape<N>(Other._M_shape, MostDetailed);
    ampcc::rt::retainSource(_M_shape.H.Source);
  }
  AMPCC_TEXTURE_VIEW_COPIES_(texture_view)

  Concurrency::extent<N> get_extent() const restrict(cpu) {
    return Concurrency::extent<N>(_M_shape.Ext);
  }
  Concurrency::extent<N> get_extent() const restrict(amp);
  unsigned int get_mipmap_levels() const { return unsigned(_M_levels); }
  /// The extent of level \p Level of this view.
  Concurrency::extent<N> get_mipmap_extent(unsigned int Level) const {
    details::checkMipRange("texture_view::get_mipmap_extent", Level, 1, _M_levels);
    return details::mipExtent<N>(get_extent(), Level);
  }

  /// The texel at \p I of level \p MipLevel (one past the view's levels
  /// reads its last level).
  value_type get(const Concurrency::index<N> &I, unsigned int MipLevel = 0) const
      restrict(amp) {
    if (MipLevel == 0)
      return _M_get(I);
    texture_view Level = _M_mip(static_cast<int>(MipLevel));
    return Level._M_get(I);
  }
  AMPCC_TEXTURE_READ_OPERATORS_(value_type, _M_get)

  // --- Sampling (spec §10.2.4) ------------------------------------------------
  /// The filtered texel at normalized coordinates \p Coord (x the fastest
  /// dimension, index N-1) and level of detail \p Lod (clamped to the
  /// view's levels; the sampler's filter also chooses between levels).
  value_type sample(const sampler &S, const coordinates_type &Coord,
                    float Lod = 0.0f) const restrict(amp) {
    return sampleLod(S._M_filter, S._M_address, S._M_border, Coord, Lod);
  }
  /// The predefined samplers: fixed filter and address modes, black border.
  template <filter_mode Filter = filter_linear, address_mode Address = address_clamp>
  value_type sample(const coordinates_type &Coord, float Lod = 0.0f) const
      restrict(amp) {
    static_assert(Address != address_border,
                  "the predefined samplers have no border color: use a sampler");
    return sampleLod(Filter, Address, float_4(0.0f, 0.0f, 0.0f, 0.0f), Coord, Lod);
  }

  // --- Gathering (spec §10.2.5): one component of the 2x2 footprint ----------
  const gather_return_type gather_red(const sampler &S, const coordinates_type &Coord) const
      restrict(amp) {
    return gatherWith(0, S._M_address, S._M_border, Coord);
  }
  const gather_return_type gather_green(const sampler &S,
                                        const coordinates_type &Coord) const restrict(amp) {
#ifndef __AMPCC_DEVICE_PASS__
    static_assert(Info::size >= 2, "gather_green needs a texel with a y component");
#endif
    return gatherWith(1, S._M_address, S._M_border, Coord);
  }
  const gather_return_type gather_blue(const sampler &S,
                                       const coordinates_type &Coord) const restrict(amp) {
#ifndef __AMPCC_DEVICE_PASS__
    static_assert(Info::size >= 3, "gather_blue needs a texel with a z component");
#endif
    return gatherWith(2, S._M_address, S._M_border, Coord);
  }
  const gather_return_type gather_alpha(const sampler &S,
                                        const coordinates_type &Coord) const restrict(amp) {
#ifndef __AMPCC_DEVICE_PASS__
    static_assert(Info::size >= 4, "gather_alpha needs a texel with a w component");
#endif
    return gatherWith(3, S._M_address, S._M_border, Coord);
  }
  template <address_mode Address = address_clamp>
  const gather_return_type gather_red(const coordinates_type &Coord) const restrict(amp) {
    return gatherWith(0, Address, float_4(0.0f, 0.0f, 0.0f, 0.0f), Coord);
  }
  template <address_mode Address = address_clamp>
  const gather_return_type gather_green(const coordinates_type &Coord) const restrict(amp) {
#ifndef __AMPCC_DEVICE_PASS__
    static_assert(Info::size >= 2, "gather_green needs a texel with a y component");
#endif
    return gatherWith(1, Address, float_4(0.0f, 0.0f, 0.0f, 0.0f), Coord);
  }
  template <address_mode Address = address_clamp>
  const gather_return_type gather_blue(const coordinates_type &Coord) const restrict(amp) {
#ifndef __AMPCC_DEVICE_PASS__
    static_assert(Info::size >= 3, "gather_blue needs a texel with a z component");
#endif
    return gatherWith(2, Address, float_4(0.0f, 0.0f, 0.0f, 0.0f), Coord);
  }
  template <address_mode Address = address_clamp>
  const gather_return_type gather_alpha(const coordinates_type &Coord) const restrict(amp) {
#ifndef __AMPCC_DEVICE_PASS__
    static_assert(Info::size >= 4, "gather_alpha needs a texel with a w component");
#endif
    return gatherWith(3, Address, float_4(0.0f, 0.0f, 0.0f, 0.0f), Coord);
  }

  const T &_M_ref(const Concurrency::index<N> &I) const restrict(amp);
  AMPCC_TEXTURE_IMAGE_READS_
  /// Implemented by the compiler: a sample with the device's filtering and
  /// addressing (an image only).
  float_4 _M_sample_image(int Filter, int Address, const coordinates_type &Coord) const
      restrict(amp);
  /// Implemented by the compiler (AmpLibrary.cpp): the view's level count,
  /// and the view of its levels from \p Level on (clamped to the last).
  int _M_mip_levels() const restrict(amp);
  texture_view _M_mip(int Level) const restrict(amp);

  __declspec(property(get = get_mipmap_levels)) unsigned int mipmap_levels;
  __declspec(property(get = get_extent)) Concurrency::extent<N> extent;
  details::ViewShape<N> _M_shape;
  int32_t _M_levels; // kernel_abi.h CF_Texture
  int32_t _M_bits;

private:
  /// Direct3D's mipmap filtering: a point filter takes the nearest level, a
  /// linear one blends the two around \p Lod.
  value_type sampleLod(int Filter, int Address, const float_4 &Border,
                       const coordinates_type &Coord, float Lod) const restrict(amp) {
    int Levels = _M_mip_levels();
    if (Levels <= 1 || !(Lod > 0.0f)) // also a NaN level of detail
      return sampleWith(Filter, Address, Border, Coord);
    float Last = static_cast<float>(Levels - 1);
    float L = Lod < Last ? Lod : Last;
    if (Filter == filter_point) {
      texture_view Level = _M_mip(static_cast<int>(L + 0.5f));
      return Level.sampleWith(Filter, Address, Border, Coord);
    }
    int K = static_cast<int>(L);
    float F = L - static_cast<float>(K);
    texture_view Finer = _M_mip(K);
    float_4 A = details::toFloat4<T>(Finer.sampleWith(Filter, Address, Border, Coord));
    if (F == 0.0f)
      return details::fromFloat4<T>(A);
    texture_view Coarser = _M_mip(K + 1);
    float_4 B = details::toFloat4<T>(Coarser.sampleWith(Filter, Address, Border, Coord));
    return details::fromFloat4<T>(A * float_4(1.0f - F) + B * float_4(F));
  }

  /// Size of the dimension texture coordinate component K addresses.
  int coordSize(const Concurrency::extent<N> &E, int K) const restrict(amp) {
    return E[N - 1 - K];
  }
  /// The texel at texel coordinates C (component K: dimension N-1-K) after
  /// addressing, as four floats; the border color outside.
  float_4 fetch(const Concurrency::extent<N> &E, const int *C, int Address,
                const float_4 &Border) const restrict(amp) {
    bool Outside = false;
    Concurrency::index<N> I;
    for (int K = 0; K < N; ++K)
      I[N - 1 - K] = details::addressTexel(C[K], coordSize(E, K), Address, Outside);
    if (Outside)
      return Border;
    return details::toFloat4<T>(_M_get(I));
  }
  value_type sampleWith(int Filter, int Address, const float_4 &Border,
                        const coordinates_type &Coord) const restrict(amp) {
#ifndef __AMPCC_DEVICE_PASS__ // device pass: compiler/lib/Sema/TextureRules.cpp
    static_assert(Info::is_float,
                  "sample needs a texture of float, norm or unorm elements");
#endif
    // An image samples in hardware where OpenCL has the addressing mode.
    if (_M_image() && details::imageAddressing(Filter, Address, Border, Info::size))
      return details::fromFloat4<T>(_M_sample_image(Filter, Address, Coord));
    Concurrency::extent<N> E = get_extent();
    int C[3] = {0, 0, 0};
    if (Filter == filter_point) {
      for (int K = 0; K < N; ++K)
        C[K] = static_cast<int>(
            details::floorF(details::coordAt(Coord, K) * static_cast<float>(coordSize(E, K))));
      return details::fromFloat4<T>(fetch(E, C, Address, Border));
    }
    // Linear: the 2^N texels around the sample point, weighted by distance
    // from texel centres.
    int Base[3] = {0, 0, 0};
    float W[3] = {0.0f, 0.0f, 0.0f};
    for (int K = 0; K < N; ++K) {
      float U = details::coordAt(Coord, K) * static_cast<float>(coordSize(E, K)) - 0.5f;
      float F = details::floorF(U);
      Base[K] = static_cast<int>(F);
      W[K] = U - F;
    }
    float_4 Sum(0.0f, 0.0f, 0.0f, 0.0f);
    for (int Corner = 0; Corner < (1 << N); ++Corner) {
      float Weight = 1.0f;
      for (int K = 0; K < N; ++K) {
        int Bit = (Corner >> K) & 1;
        C[K] = Base[K] + Bit;
        Weight *= Bit ? W[K] : 1.0f - W[K];
      }
      Sum += fetch(E, C, Address, Border) * float_4(Weight);
    }
    return details::fromFloat4<T>(Sum);
  }
  /// Component \p Comp of the texel at (X, Y) after addressing.
  scalar_type gatherOne(const Concurrency::extent<N> &E, int X, int Y, int Comp, int Address,
                        const float_4 &Border) const restrict(amp) {
    bool Outside = false;
    Concurrency::index<N> I;
    I[1] = details::addressTexel(X, E[1], Address, Outside);
    I[0] = details::addressTexel(Y, E[0], Address, Outside);
    if (Outside)
      return static_cast<scalar_type>(details::borderAt(Border, Comp));
    return details::TexelAccess<T>::get(_M_get(I), Comp);
  }
  /// Direct3D's Gather order: (x, y, z, w) = (u0,v1), (u1,v1), (u1,v0), (u0,v0),
  /// the texels linear filtering at Coord would blend.
  gather_return_type gatherWith(int Comp, int Address, const float_4 &Border,
                                const coordinates_type &Coord) const restrict(amp) {
#ifndef __AMPCC_DEVICE_PASS__ // device pass: compiler/lib/Sema/TextureRules.cpp
    static_assert(N == 2, "gather is defined for rank 2 textures only");
#endif
    Concurrency::extent<N> E = get_extent();
    int U0 = static_cast<int>(
        details::floorF(details::coordAt(Coord, 0) * static_cast<float>(E[1]) - 0.5f));
    int V0 = static_cast<int>(
        details::floorF(details::coordAt(Coord, 1) * static_cast<float>(E[0]) - 0.5f));
    return gather_return_type(gatherOne(E, U0, V0 + 1, Comp, Address, Border),
                              gatherOne(E, U0 + 1, V0 + 1, Comp, Address, Border),
                              gatherOne(E, U0 + 1, V0, Comp, Address, Border),
                              gatherOne(E, U0, V0, Comp, Address, Border));
  }
};

// --- writeonly_texture_view<T,N> (spec §10.4; deprecated in 1.2) ---------------

template <typename T, int N> class writeonly_texture_view {
public:
  static const int rank = N;
  typedef T value_type;

  /// Level 0 of \p Src.
  writeonly_texture_view(texture<T, N> &Src) restrict(cpu, amp)
      : _M_shape(Src._M_shape), _M_levels(1), _M_bits(Src._M_bits) {
#ifndef __AMPCC_DEVICE_PASS__
    ampcc::rt::retainSource(_M_shape.H.Source);
#endif
  }
  AMPCC_TEXTURE_VIEW_COPIES_(writeonly_texture_view)

  Concurrency::extent<N> get_extent() const restrict(cpu) {
    return Concurrency::extent<N>(_M_shape.Ext);
  }
  Concurrency::extent<N> get_extent() const restrict(amp);
  unsigned int get_bits_per_scalar_element() const {
    return details::textureBits(_M_shape.H.Source);
  }

  /// Stores \p Value as the texture's format holds it (rounded to 8 or 16
  /// bits per scalar where it has them).
  void set(const Concurrency::index<N> &I, const value_type &Value) const restrict(amp) {
    value_type Stored = details::roundTexel<T>(Value, _M_format_bits());
    if (_M_image())
      _M_write_image(I, details::toImageTexel<T>(Stored));
    else
      _M_ref(I) = Stored;
  }

  value_type &_M_ref(const Concurrency::index<N> &I) const restrict(amp);
  int _M_format_bits() const restrict(amp);
  /// Implemented by the compiler (compiler/lib/CodeGen/ImageLowering.cpp):
  /// whether this view is an OpenCL image here, and a texel write to it.
  int _M_image() const restrict(amp);
  void _M_write_image(const Concurrency::index<N> &I,
                      const details::image_texel_t<T> &Value) const restrict(amp);

  __declspec(property(get = get_bits_per_scalar_element)) unsigned int
      bits_per_scalar_element;
  __declspec(property(get = get_extent)) Concurrency::extent<N> extent;
  details::ViewShape<N> _M_shape;
  int32_t _M_levels; // 1 (texture's layout, kernel_abi.h CF_Texture)
  int32_t _M_bits;
};

template <typename T, int N> void texture<T, N>::copy_to(texture &Dest) const {
  if (Dest.get_extent() != get_extent())
    details::throwTexture("texture::copy_to: the extents differ");
  if (Dest._M_levels != _M_levels)
    details::throwTexture("texture::copy_to: the source has " + std::to_string(_M_levels) +
                          " mipmap levels, the destination " +
                          std::to_string(Dest._M_levels));
  Dest.copyLevels(*this);
}
template <typename T, int N>
void texture<T, N>::copy_to(const writeonly_texture_view<T, N> &Dest) const {
  if (Dest.get_extent() != get_extent())
    details::throwTexture("texture::copy_to: the extents differ");
  ampcc::rt::copyView(&_M_shape.H, &Dest._M_shape.H, sizeof(T));
}

#undef AMPCC_TEXTURE_READ_OPERATORS_
#undef AMPCC_TEXTURE_IMAGE_READS_
#undef AMPCC_TEXTURE_VIEW_COPIES_
#undef AMPCC_TEXTURE_HOST_ONLY_

} // namespace graphics
} // namespace Concurrency

#endif // AMPCC_GRAPHICS_TEXTURE_H
