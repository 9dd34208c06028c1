// Every packed format of bits_per_scalar_element (spec §10.1.1): a texture
// built from raw bytes of each element family at each width it accepts
// (int/uint 8, 16, 32; float 16 (half), 32; norm/unorm 8, 16; double 64) and
// each component count, read back as texels (checked against reference
// decoders written here, independent of the header's), copied through a
// kernel into another texture, and copied out as bytes again (a round trip
// that must give the bytes back, except norm's most negative code, which
// decodes to -1 and encodes as -(2^(n-1)-1)).
// REQUIRES: opencl
// RUN: %ampcc -O2 %s -o %t
// RUN: %t | %FileCheck %s
// RUN: env AMPCC_NO_IMAGES=1 %t | %FileCheck %s
// CHECK-COUNT-21: {{^}}format {{.*}}: 0 mismatches
// CHECK: formats checked: 21
// CHECK-NOT: mismatch at
#include <amp.h>
#include <amp_graphics.h>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

using namespace concurrency;
using namespace concurrency::graphics;

/// Reference decoders of one scalar of Bits bits (little-endian bytes).
static uint32_t rawBits(const unsigned char *P, unsigned Bits) {
  uint32_t U = 0;
  for (unsigned B = 0; B < Bits / 8; ++B)
    U |= uint32_t(P[B]) << (8 * B);
  return U;
}
static int64_t signedBits(uint32_t U, unsigned Bits) {
  return Bits == 32 ? int64_t(int32_t(U))
                    : (U >= (1u << (Bits - 1)) ? int64_t(U) - (int64_t(1) << Bits) : int64_t(U));
}
static double refDecode(const char *Kind, const unsigned char *P, unsigned Bits) {
  if (!std::strcmp(Kind, "double")) {
    double D;
    std::memcpy(&D, P, 8);
    return D;
  }
  uint32_t U = rawBits(P, Bits);
  if (!std::strcmp(Kind, "uint"))
    return U;
  if (!std::strcmp(Kind, "int"))
    return double(signedBits(U, Bits));
  if (!std::strcmp(Kind, "unorm"))
    return U / double((uint64_t(1) << Bits) - 1);
  if (!std::strcmp(Kind, "norm")) {
    double V = signedBits(U, Bits) / double((int64_t(1) << (Bits - 1)) - 1);
    return V < -1 ? -1 : V;
  }
  if (Bits == 32) { // float
    float F;
    std::memcpy(&F, P, 4);
    return F;
  }
  int E = (U >> 10) & 31, M = U & 1023; // half, finite values only here
  double V = E ? std::ldexp(1024 + M, E - 25) : std::ldexp(M, -24);
  return (U & 0x8000) ? -V : V;
}

/// Bytes a test fills a texture of \p Bits bits per scalar with: every
/// value of 8 bits, spread values of 16 and 32 (finite halves for float).
static std::vector<unsigned char> pattern(const char *Kind, unsigned Bits, size_t Scalars) {
  std::vector<unsigned char> Bytes(Scalars * Bits / 8);
  for (size_t I = 0; I < Scalars; ++I) {
    uint64_t V = (I * 2654435761u) ^ (I << 7);
    if (!std::strcmp(Kind, "float") && Bits == 16)
      V = (V & 0x83ff) | ((V % 30) << 10); // exponent 0..29: no inf or nan
    if (!std::strcmp(Kind, "float") && Bits == 32) {
      float F = float(int(I) - 40) * 0.37f;
      std::memcpy(&V, &F, 4);
    }
    if (!std::strcmp(Kind, "double")) {
      double D = 1.0 / (double(I) + 0.25);
      std::memcpy(&V, &D, 8);
    }
    if (Bits == 8)
      V = I & 255; // every code
    std::memcpy(&Bytes[I * Bits / 8], &V, Bits / 8);
  }
  return Bytes;
}

template <typename T> double component(const T &V, int C) {
  typedef typename short_vector_traits<T>::value_type S;
  S Parts[4];
  std::memcpy(Parts, &V, sizeof(T));
  return double(static_cast<typename std::conditional<std::is_same<S, double>::value, double,
                                                        float>::type>(Parts[C]));
}
template <> double component<int>(const int &V, int) { return V; }
template <> double component<unsigned>(const unsigned &V, int) { return V; }
template <> double component<float>(const float &V, int) { return V; }
template <> double component<double>(const double &V, int) { return V; }
template <> double component<norm>(const norm &V, int) { return float(V); }
template <> double component<unorm>(const unorm &V, int) { return float(V); }

static int Checked = 0;

template <typename T>
int checkFormat(const char *Name, const char *Kind, unsigned Bits) {
  const int H = 16, W = 20, Size = short_vector_traits<T>::size;
  std::vector<unsigned char> Bytes = pattern(Kind, Bits, size_t(H) * W * Size);
  texture<T, 2> Tex(H, W, Bytes.data(), (unsigned)Bytes.size(), Bits);
  int Bad = 0;
  if (Tex.data_length != Bytes.size() || Tex.row_pitch != W * Size * Bits / 8 ||
      Tex.bits_per_scalar_element != Bits) {
    std::printf("mismatch at %s properties: %u %u %u\n", Name, Tex.data_length, Tex.row_pitch,
                Tex.bits_per_scalar_element);
    ++Bad;
  }
  // Texels: each component is the reference decoding of its bytes.
  std::vector<T> Texels(size_t(H) * W);
  copy(Tex, Texels.begin());
  for (int I = 0; I < H * W; ++I)
    for (int C = 0; C < Size; ++C) {
      size_t S = size_t(I) * Size + C;
      double Want = refDecode(Kind, &Bytes[S * Bits / 8], Bits);
      double Got = component(Texels[I], C);
      // norm and unorm hold floats: the decode is one division, exact to a
      // float's rounding.
      if (std::fabs(Got - Want) > std::fabs(Want) * 1e-7 && ++Bad < 4)
        std::printf("mismatch at %s texel %d.%d: %.9g != %.9g\n", Name, I, C, Got, Want);
    }
  // Through a kernel (an image where the device lists the format) into a
  // texture of the same format, then out as bytes: the bytes come back.
  texture<T, 2> Out(H, W, Bits);
  texture_view<const T, 2> In(Tex);
  writeonly_texture_view<T, 2> OutView(Out);
  parallel_for_each(Out.extent, [=](index<2> I) restrict(amp) { OutView.set(I, In[I]); });
  std::vector<unsigned char> Back(Out.data_length);
  copy(Out, Back.data(), (unsigned)Back.size());
  for (size_t S = 0; S < size_t(H) * W * Size; ++S) {
    const unsigned char *A = &Bytes[S * Bits / 8], *B = &Back[S * Bits / 8];
    if (std::memcmp(A, B, Bits / 8) == 0)
      continue;
    bool MostNegativeNorm = !std::strcmp(Kind, "norm") &&
                            rawBits(A, Bits) == (1u << (Bits - 1)) &&
                            rawBits(B, Bits) == (1u << (Bits - 1)) + 1;
    if (!MostNegativeNorm && ++Bad < 4)
      std::printf("mismatch at %s byte round trip, scalar %zu: %x != %x\n", Name, S,
                  rawBits(B, Bits), rawBits(A, Bits));
  }
  ++Checked;
  std::printf("format %s: %d mismatches\n", Name, Bad);
  return Bad != 0;
}

int main() {
  int Fail = 0;
  Fail |= checkFormat<int>("int 8", "int", 8);
  Fail |= checkFormat<int_2>("int_2 16", "int", 16);
  Fail |= checkFormat<int_4>("int_4 32", "int", 32);
  Fail |= checkFormat<unsigned>("uint 8", "uint", 8);
  Fail |= checkFormat<uint_4>("uint_4 16", "uint", 16);
  Fail |= checkFormat<uint_2>("uint_2 32", "uint", 32);
  Fail |= checkFormat<uint_3>("uint_3 32", "uint", 32);
  Fail |= checkFormat<float>("float 16", "float", 16);
  Fail |= checkFormat<float_4>("float_4 16", "float", 16);
  Fail |= checkFormat<float_2>("float_2 32", "float", 32);
  Fail |= checkFormat<float_3>("float_3 32", "float", 32);
  Fail |= checkFormat<norm>("norm 8", "norm", 8);
  Fail |= checkFormat<norm_2>("norm_2 16", "norm", 16);
  Fail |= checkFormat<norm_4>("norm_4 8", "norm", 8);
  Fail |= checkFormat<unorm>("unorm 16", "unorm", 16);
  Fail |= checkFormat<unorm_2>("unorm_2 8", "unorm", 8);
  Fail |= checkFormat<unorm_4>("unorm_4 8", "unorm", 8);
  Fail |= checkFormat<unorm_4>("unorm_4 16", "unorm", 16);
  Fail |= checkFormat<int_3>("int_3 32", "int", 32);
  Fail |= checkFormat<double>("double 64", "double", 64);
  Fail |= checkFormat<double_2>("double_2 64", "double", 64);
  std::printf("formats checked: %d\n", Checked);
  return Fail;
}
