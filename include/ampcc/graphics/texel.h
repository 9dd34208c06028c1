// ampcc/graphics/texel.h - what the texture classes need to know about their
// element types (spec §10.1): which types a texture may hold, their scalar
// type and component count, the bits per scalar element they accept, and
// conversions between a texel and its components.
//
// Everything here is ordinary restrict(cpu, amp) C++: the code generator
// lowers it like user code (sampling and gathering are built from it).
#ifndef AMPCC_GRAPHICS_TEXEL_H
#define AMPCC_GRAPHICS_TEXEL_H

#include "../../amp_short_vectors.h"

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace Concurrency {
namespace graphics {
namespace details {

/// The scalar types a texture's elements are made of.
template <typename S> struct ScalarKind {
  static const bool valid = false;
};
#define AMPCC_TEXEL_SCALAR_(S, IsFloat, IsNorm, Default)                       \
  template <> struct ScalarKind<S> {                                           \
    static const bool valid = true;                                            \
    static const bool is_float = IsFloat; /* sample() filters these */        \
    static const bool is_norm = IsNorm;                                        \
    static const unsigned default_bits = Default;                              \
  };
AMPCC_TEXEL_SCALAR_(int, false, false, 32)
AMPCC_TEXEL_SCALAR_(unsigned int, false, false, 32)
AMPCC_TEXEL_SCALAR_(float, true, false, 32)
AMPCC_TEXEL_SCALAR_(norm, true, true, 16)
AMPCC_TEXEL_SCALAR_(unorm, true, true, 16)
AMPCC_TEXEL_SCALAR_(double, true, false, 64)
#undef AMPCC_TEXEL_SCALAR_

/// A texture element type: a scalar or short vector of the above with 1 to
/// 4 components; double only as double and double_2 (spec §10.1.1: a texel
/// is at most 128 bits).
template <typename T, typename = void> struct TexelInfo {
  static const bool valid = false;
};
template <typename T>
struct TexelInfo<T, decltype((void)short_vector_traits<T>::size)> {
  typedef typename short_vector_traits<T>::value_type scalar_type;
  static const int size = short_vector_traits<T>::size;
  static const bool valid =
      ScalarKind<scalar_type>::valid &&
      (!std::is_same<scalar_type, double>::value || size <= 2);
  static const bool is_float = ScalarKind<scalar_type>::is_float;
  /// Spec §10.1: texture_view<T,N> reads (and texture reads and writes in
  /// one kernel) only for single-component 32-bit int, uint and float.
  static const bool read_write = size == 1 && sizeof(scalar_type) == 4 &&
                                 !ScalarKind<scalar_type>::is_norm;
};

/// Whether \p Bits is a bits_per_scalar_element a texture of T may have.
template <typename T> bool validBits(unsigned Bits) {
  typedef typename TexelInfo<T>::scalar_type S;
  if (TexelInfo<T>::size == 3) // three-component formats are 32-bit only
    return Bits == 32 && sizeof(S) == 4 && !ScalarKind<S>::is_norm;
  if (std::is_same<S, double>::value)
    return Bits == 64;
  if (ScalarKind<S>::is_norm)
    return Bits == 8 || Bits == 16;
  if (std::is_same<S, float>::value)
    return Bits == 16 || Bits == 32;
  return Bits == 8 || Bits == 16 || Bits == 32;
}

/// Component access and construction from components, per component count.
template <typename T, int Size = TexelInfo<T>::size> struct TexelAccess;
template <typename T> struct TexelAccess<T, 1> {
  typedef typename TexelInfo<T>::scalar_type S;
  static S get(const T &V, int) restrict(cpu, amp) { return V; }
  static T make(S A, S, S, S) restrict(cpu, amp) { return A; }
};
template <typename T> struct TexelAccess<T, 2> {
  typedef typename TexelInfo<T>::scalar_type S;
  static S get(const T &V, int C) restrict(cpu, amp) {
    return C == 0 ? V.get_x() : V.get_y();
  }
  static T make(S A, S B, S, S) restrict(cpu, amp) { return T(A, B); }
};
template <typename T> struct TexelAccess<T, 3> {
  typedef typename TexelInfo<T>::scalar_type S;
  static S get(const T &V, int C) restrict(cpu, amp) {
    return C == 0 ? V.get_x() : C == 1 ? V.get_y() : V.get_z();
  }
  static T make(S A, S B, S C, S) restrict(cpu, amp) { return T(A, B, C); }
};
template <typename T> struct TexelAccess<T, 4> {
  typedef typename TexelInfo<T>::scalar_type S;
  static S get(const T &V, int C) restrict(cpu, amp) {
    return C == 0 ? V.get_x() : C == 1 ? V.get_y() : C == 2 ? V.get_z() : V.get_w();
  }
  static T make(S A, S B, S C, S D) restrict(cpu, amp) { return T(A, B, C, D); }
};

/// A texel as four floats (missing components 0), for filtering.
template <typename T> float_4 toFloat4(const T &V) restrict(cpu, amp) {
  typedef TexelAccess<T> A;
  const int Size = TexelInfo<T>::size;
  return float_4(static_cast<float>(A::get(V, 0)),
                 Size > 1 ? static_cast<float>(A::get(V, 1)) : 0.0f,
                 Size > 2 ? static_cast<float>(A::get(V, 2)) : 0.0f,
                 Size > 3 ? static_cast<float>(A::get(V, 3)) : 0.0f);
}
template <typename T> T fromFloat4(const float_4 &V) restrict(cpu, amp) {
  typedef typename TexelInfo<T>::scalar_type S;
  return TexelAccess<T>::make(static_cast<S>(V.get_x()), static_cast<S>(V.get_y()),
                              static_cast<S>(V.get_z()), static_cast<S>(V.get_w()));
}

// --- Rounding to the format: what a texture of fewer bits stores ---------

/// \p X rounded to the nearest integer, halves away from zero (|X| < 2^31).
inline float roundHalfAway(float X) restrict(cpu, amp) {
  return X < 0.0f ? -static_cast<float>(static_cast<int>(-X + 0.5f))
                  : static_cast<float>(static_cast<int>(X + 0.5f));
}
/// A scalar as a texture of \p Bits bits per scalar stores it, by the same
/// rules as packScalar: norm and unorm to steps of 1/127, 1/255 (8 bits) or
/// 1/32767, 1/65535 (16), int and uint to their low bits. Floats are kept:
/// a 16-bit float texture holds full floats until copied out as bytes.
inline float roundScalar(float V, int) restrict(cpu, amp) { return V; }
inline double roundScalar(double V, int) restrict(cpu, amp) { return V; }
inline int roundScalar(int V, int Bits) restrict(cpu, amp) {
  if (Bits >= 32)
    return V;
  int Shift = 32 - Bits;
  return static_cast<int>(static_cast<unsigned int>(V) << Shift) >> Shift;
}
inline unsigned int roundScalar(unsigned int V, int Bits) restrict(cpu, amp) {
  return Bits >= 32 ? V : V & ((1u << Bits) - 1u);
}
inline unorm roundScalar(unorm V, int Bits) restrict(cpu, amp) {
  if (Bits >= 32)
    return V;
  float Max = Bits == 8 ? 255.0f : 65535.0f;
  return unorm(roundHalfAway(static_cast<float>(V) * Max) / Max);
}
inline norm roundScalar(norm V, int Bits) restrict(cpu, amp) {
  if (Bits >= 32)
    return V;
  float Max = Bits == 8 ? 127.0f : 32767.0f;
  return norm(roundHalfAway(static_cast<float>(V) * Max) / Max);
}
/// Whether a texture of T with \p Bits bits per scalar rounds what it stores.
template <typename T> bool roundsTexels(unsigned Bits) {
  typedef typename TexelInfo<T>::scalar_type S;
  return !std::is_floating_point<S>::value && Bits < 32;
}
template <typename T> T roundTexel(const T &V, int Bits) restrict(cpu, amp) {
  typedef TexelAccess<T> A;
  const int Size = TexelInfo<T>::size;
  return A::make(roundScalar(A::get(V, 0), Bits),
                 roundScalar(A::get(V, Size > 1 ? 1 : 0), Bits),
                 roundScalar(A::get(V, Size > 2 ? 2 : 0), Bits),
                 roundScalar(A::get(V, Size > 3 ? 3 : 0), Bits));
}

/// What an OpenCL image read returns and a write takes for a texel of T
/// (compiler/lib/CodeGen/ImageLowering.cpp): four 32-bit scalars of the
/// image's channel type, float for float, norm and unorm.
template <typename S> struct ImageVector {
  typedef float_4 type;
};
template <> struct ImageVector<int> {
  typedef int_4 type;
};
template <> struct ImageVector<unsigned int> {
  typedef uint_4 type;
};
template <typename T>
using image_texel_t = typename ImageVector<typename TexelInfo<T>::scalar_type>::type;

template <typename T> T fromImageTexel(const image_texel_t<T> &V) restrict(cpu, amp) {
  typedef typename TexelInfo<T>::scalar_type S;
  return TexelAccess<T>::make(static_cast<S>(V.get_x()), static_cast<S>(V.get_y()),
                              static_cast<S>(V.get_z()), static_cast<S>(V.get_w()));
}
template <typename T> image_texel_t<T> toImageTexel(const T &V) restrict(cpu, amp) {
  typedef TexelAccess<T> A;
  typedef typename short_vector_traits<image_texel_t<T>>::value_type E;
  const int Size = TexelInfo<T>::size;
  return image_texel_t<T>(static_cast<E>(A::get(V, 0)),
                          Size > 1 ? static_cast<E>(A::get(V, 1)) : E(0),
                          Size > 2 ? static_cast<E>(A::get(V, 2)) : E(0),
                          Size > 3 ? static_cast<E>(A::get(V, 3)) : E(0));
}

/// Whether OpenCL's sampler does what \p Filter and \p Address do. Its
/// border colour (CLK_ADDRESS_CLAMP) is 0 in every component a texel of
/// \p Size has. Its mirroring reflects the coordinate before the texel is
/// chosen, Direct3D's the texel: a point sample exactly on a texel edge
/// left of 0 picks another texel (linear filtering is continuous there).
inline bool imageAddressing(int Filter, int Address, const float_4 &Border,
                            int Size) restrict(cpu, amp) {
  if (Address == 1) // address_mirror
    return Filter == 1;
  if (Address != 3) // address_border
    return Address == 0 || Address == 2;
  return Border.get_x() == 0.0f && (Size < 2 || Border.get_y() == 0.0f) &&
         (Size < 3 || Border.get_z() == 0.0f) && (Size < 4 || Border.get_w() == 0.0f);
}

// --- Host-side packing: the raw formats of bits_per_scalar_element --------

/// IEEE half precision, for float textures of 16 bits per scalar.
inline uint16_t floatToHalf(float F) {
  uint32_t X;
  std::memcpy(&X, &F, 4);
  uint32_t Sign = (X >> 16) & 0x8000u;
  int32_t Exp = int32_t((X >> 23) & 0xff) - 127 + 15;
  uint32_t Mant = X & 0x7fffffu;
  if (((X >> 23) & 0xff) == 0xff) // inf, nan
    return uint16_t(Sign | 0x7c00u | (Mant ? 0x200u : 0));
  if (Exp >= 31)
    return uint16_t(Sign | 0x7c00u);
  if (Exp <= 0) {
    if (Exp < -10)
      return uint16_t(Sign);
    Mant |= 0x800000u;
    uint32_t Shift = uint32_t(14 - Exp);
    uint32_t H = Mant >> Shift;
    if ((Mant >> (Shift - 1)) & 1u) // round half up
      ++H;
    return uint16_t(Sign | H);
  }
  uint32_t H = Sign | (uint32_t(Exp) << 10) | (Mant >> 13);
  if (Mant & 0x1000u)
    ++H; // round half up; a carry into the exponent is still right
  return uint16_t(H);
}
inline float halfToFloat(uint16_t H) {
  uint32_t Sign = uint32_t(H & 0x8000u) << 16;
  uint32_t Exp = (H >> 10) & 0x1fu, Mant = H & 0x3ffu;
  uint32_t X;
  if (Exp == 0) {
    float F = float(Mant) / 16777216.0f; // 2^-24
    return Sign ? -F : F;
  }
  if (Exp == 31)
    X = Sign | 0x7f800000u | (Mant << 13);
  else
    X = Sign | ((Exp + 127 - 15) << 23) | (Mant << 13);
  float F;
  std::memcpy(&F, &X, 4);
  return F;
}

/// Scalar S stored in Bits bits at \p P (little-endian host layout). Bits
/// is a template parameter so that every load and store has a constant size:
/// a memcpy of a run-time size is a call per scalar, and its narrow stores
/// read back as one wide load stall the loop (copies were ~40 ns a texel).
/// The largest unsigned value of Bits bits (all the switch below
/// instantiates; the formats that exist have 8 or 16 bits when it matters).
template <unsigned Bits> struct MaxOfBits {
  static const uint32_t value = Bits < 32 ? (1u << (Bits % 32)) - 1 : 0xffffffffu;
};

template <typename S, unsigned Bits> void packScalar(S V, unsigned char *P) {
  if (Bits == sizeof(S) * 8 && !ScalarKind<S>::is_norm) {
    std::memcpy(P, &V, sizeof(S));
    return;
  }
  float F = static_cast<float>(V);
  uint32_t U = 0;
  if (std::is_same<S, float>::value) {
    U = floatToHalf(F);
  } else if (std::is_same<S, unorm>::value) {
    U = uint32_t(F * float(MaxOfBits<Bits>::value) + 0.5f);
  } else if (std::is_same<S, norm>::value) {
    float Max = float(MaxOfBits<Bits>::value >> 1);
    float R = F * Max;
    U = uint32_t(int32_t(R < 0 ? R - 0.5f : R + 0.5f));
  } else {
    // int and uint narrower than 32 bits keep their low bits, as a
    // conversion to int8_t/uint16_t would.
    std::memcpy(&U, &V, 4);
  }
  std::memcpy(P, &U, Bits / 8 < 4 ? Bits / 8 : 4);
}
template <typename S, unsigned Bits> S unpackScalar(const unsigned char *P) {
  if (Bits == sizeof(S) * 8 && !ScalarKind<S>::is_norm) {
    S V;
    std::memcpy(&V, P, sizeof(S));
    return V;
  }
  uint32_t U = 0;
  std::memcpy(&U, P, Bits / 8 < 4 ? Bits / 8 : 4);
  if (std::is_same<S, float>::value)
    return static_cast<S>(halfToFloat(uint16_t(U)));
  if (std::is_same<S, unorm>::value)
    return static_cast<S>(float(U) / float(MaxOfBits<Bits>::value));
  uint32_t SignBit = (MaxOfBits<Bits>::value >> 1) + 1;
  int32_t I = int32_t(U & SignBit ? U | ~((SignBit << 1) - 1) : U); // sign-extend
  if (std::is_same<S, norm>::value)
    return static_cast<S>(float(I) / float(SignBit - 1)); // -2^(b-1) clamps to -1
  if (std::is_same<S, int>::value)
    return static_cast<S>(I);
  return static_cast<S>(U);
}

template <typename T, unsigned Bits>
void packTexelRun(const T *Src, size_t Count, unsigned char *P) {
  typedef typename TexelInfo<T>::scalar_type S;
  const int Size = TexelInfo<T>::size;
  for (size_t I = 0; I < Count; ++I, P += Size * (Bits / 8))
    for (int C = 0; C < Size; ++C)
      packScalar<S, Bits>(TexelAccess<T>::get(Src[I], C), P + C * (Bits / 8));
}
template <typename T, unsigned Bits>
void unpackTexelRun(const unsigned char *P, size_t Count, T *Dst) {
  typedef typename TexelInfo<T>::scalar_type S;
  const int Size = TexelInfo<T>::size;
  for (size_t I = 0; I < Count; ++I, P += Size * (Bits / 8)) {
    S C[4] = {S(), S(), S(), S()};
    for (int K = 0; K < Size; ++K)
      C[K] = unpackScalar<S, Bits>(P + K * (Bits / 8));
    Dst[I] = TexelAccess<T>::make(C[0], C[1], C[2], C[3]);
  }
}

/// \p Count texels from \p Src to \p P in the format of \p Bits bits per
/// scalar (one of validBits<T>), and back.
template <typename T>
void packTexels(const T *Src, size_t Count, unsigned Bits, unsigned char *P) {
  switch (Bits) {
  case 8: return packTexelRun<T, 8>(Src, Count, P);
  case 16: return packTexelRun<T, 16>(Src, Count, P);
  case 32: return packTexelRun<T, 32>(Src, Count, P);
  default: return packTexelRun<T, 64>(Src, Count, P);
  }
}
template <typename T>
void unpackTexels(const unsigned char *P, size_t Count, unsigned Bits, T *Dst) {
  switch (Bits) {
  case 8: return unpackTexelRun<T, 8>(P, Count, Dst);
  case 16: return unpackTexelRun<T, 16>(P, Count, Dst);
  case 32: return unpackTexelRun<T, 32>(P, Count, Dst);
  default: return unpackTexelRun<T, 64>(P, Count, Dst);
  }
}

} // namespace details
} // namespace graphics
} // namespace Concurrency

#endif // AMPCC_GRAPHICS_TEXEL_H
