// Every packed format of bits_per_scalar_element (spec §10.1.1): a texture
// built from raw bytes of each element family at each width it accepts
// (int/uint 8, 16, 32; float 16 (half), 32; norm/unorm 8, 16; double 64) and
// each component count, read back as texels (checked against reference
// decoders written here, independent of the header's), copied through a
// kernel into another texture, and copied out as bytes again (a round trip
// that must give the bytes back, except norm's most negative code, which
// decodes to -1 and encodes as -(2^(n-1)-1)). Then what a texture of fewer
// bits stores: values written by kernels (texture::set, texture_view<T,N>::set,
// writeonly_texture_view::set) and copied in from iterators are rounded to
// the format, as Direct3D's textures round them, and read back so.
// REQUIRES: opencl
// RUN: %ampcc -O2 %s -o %t
// RUN: %t | %FileCheck %s
// RUN: env AMPCC_NO_IMAGES=1 %t | %FileCheck %s
// CHECK-COUNT-21: {{^}}format {{.*}}: 0 mismatches
// CHECK: formats checked: 21
// CHECK: rounding unorm_4 8: 0 mismatches
// CHECK: rounding norm_2 8: 0 mismatches
// CHECK: rounding unorm 16: 0 mismatches
// CHECK: rounding int 8 (texture::set): 0 mismatches
// CHECK: rounding uint 16 (texture_view::set): 0 mismatches
// CHECK: rounding float 16 (kept): 0 mismatches
// CHECK: rounding iterators: 0 mismatches
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

/// A texel from four scalars (the first Size of them).
template <typename T, int Size = short_vector_traits<T>::size> struct Make;
template <typename T> struct Make<T, 1> {
  template <typename S> static T of(S A, S, S, S) restrict(cpu, amp) { return T(A); }
};
template <typename T> struct Make<T, 2> {
  template <typename S> static T of(S A, S B, S, S) restrict(cpu, amp) { return T(A, B); }
};
template <typename T> struct Make<T, 4> {
  template <typename S> static T of(S A, S B, S C, S D) restrict(cpu, amp) {
    return T(A, B, C, D);
  }
};

/// The value a format of Bits bits stores for V, computed here (norm and
/// unorm in float arithmetic, as the device and the byte packing do: a
/// product like 0.7f * 65535 that rounds to a half rounds up).
static double refRound(const char *Kind, double V, unsigned Bits) {
  if (!std::strcmp(Kind, "unorm")) {
    float Max = float((1u << Bits) - 1), F = float(V < 0 ? 0 : V > 1 ? 1 : V);
    return std::floor(F * Max + 0.5f) / Max;
  }
  if (!std::strcmp(Kind, "norm")) {
    float Max = float((1u << (Bits - 1)) - 1), F = float(V < -1 ? -1 : V > 1 ? 1 : V);
    float R = F * Max;
    return (R < 0 ? -std::floor(-R + 0.5f) : std::floor(R + 0.5f)) / Max;
  }
  if (!std::strcmp(Kind, "int"))
    return double(signedBits(uint32_t(int64_t(V)) & ((1u << Bits) - 1), Bits));
  if (!std::strcmp(Kind, "uint"))
    return double(uint32_t(int64_t(V)) & ((1u << Bits) - 1));
  return V; // float: kept
}

/// Values written by a kernel through writeonly_texture_view into a texture
/// of Bits bits, read back by a second kernel through texture_view<const T>.
template <typename T, int How = 0> // 0: writeonly view, 1: texture::set, 2: texture_view::set
int checkRounding(const char *Name, const char *Kind, unsigned Bits) {
  const int N = 64, Size = short_vector_traits<T>::size;
  typedef typename short_vector_traits<T>::value_type S;
  std::vector<float> In(N * Size);
  for (int I = 0; I < N * Size; ++I)
    In[I] = !std::strcmp(Kind, "int") || !std::strcmp(Kind, "uint")
                ? float((I * 2654435761u) % 200000) - (Kind[0] == 'i' ? 100000.0f : 0.0f)
                : (I - 5) / 53.0f - 0.3f; // -0.39 .. 1.83 for norm/unorm
  texture<T, 1> Tex(extent<1>(N), Bits);
  array_view<const float, 1> Src(N * Size, In);
  if constexpr (How == 0) {
    writeonly_texture_view<T, 1> W(Tex);
    parallel_for_each(Tex.extent, [=](index<1> I) restrict(amp) {
      S C[4];
      for (int K = 0; K < 4; ++K)
        C[K] = static_cast<S>(Src[I[0] * Size + (K < Size ? K : 0)]);
      W.set(I, Make<T>::of(C[0], C[1], C[2], C[3]));
    });
  } else if constexpr (How == 1) {
    parallel_for_each(Tex.extent, [=, &Tex](index<1> I) restrict(amp) {
      Tex.set(I, Make<T>::of(static_cast<S>(Src[I]), S(), S(), S()));
    });
  } else {
    texture_view<T, 1> W(Tex);
    parallel_for_each(Tex.extent, [=](index<1> I) restrict(amp) {
      W.set(I, Make<T>::of(static_cast<S>(Src[I]), S(), S(), S()));
    });
  }
  std::vector<T> Back(N);
  texture_view<const T, 1> R(Tex);
  array_view<T, 1> B(N, Back);
  parallel_for_each(B.extent, [=](index<1> I) restrict(amp) { B[I] = R[I]; });
  B.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    for (int C = 0; C < Size; ++C) {
      // int and uint: the float converted as the kernel converted it.
      double Want = !std::strcmp(Kind, "int")    ? refRound(Kind, double(int(In[I * Size + C])), Bits)
                    : !std::strcmp(Kind, "uint") ? refRound(Kind, double(unsigned(In[I * Size + C])), Bits)
                                                 : refRound(Kind, In[I * Size + C], Bits);
      double Got = component(Back[I], C);
      if (std::fabs(Got - Want) > 1e-6 && ++Bad < 4)
        std::printf("mismatch at %s %d.%d: %.9g != %.9g\n", Name, I, C, Got, Want);
    }
  std::printf("rounding %s: %d mismatches\n", Name, Bad);
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
  Fail |= checkRounding<unorm_4>("unorm_4 8", "unorm", 8);
  Fail |= checkRounding<norm_2>("norm_2 8", "norm", 8);
  Fail |= checkRounding<unorm>("unorm 16", "unorm", 16);
  Fail |= checkRounding<int, 1>("int 8 (texture::set)", "int", 8);
  Fail |= checkRounding<unsigned, 2>("uint 16 (texture_view::set)", "uint", 16);
  Fail |= checkRounding<float>("float 16 (kept)", "float", 16);
  { // Iterator copies into textures and views round like kernel writes.
    std::vector<unorm_2> In(6);
    for (int I = 0; I < 6; ++I)
      In[I] = unorm_2(I * 0.137f, 1.0f - I * 0.071f);
    texture<unorm_2, 1> A(extent<1>(6), In.begin(), In.end());             // 16 bits
    texture<unorm_2, 1> B(extent<1>(6), 8u);
    copy(In.begin(), In.end(), texture_view<unorm_2, 1>(B));                // 8 bits
    texture<int, 1> C(extent<1>(3), 8u);
    std::vector<int> Ints = {127, 128, -300};
    copy(Ints.begin(), Ints.end(), C);
    std::vector<unorm_2> GotA(6), GotB(6);
    std::vector<int> GotC(3);
    copy(A, GotA.begin());
    copy(B, GotB.begin());
    copy(C, GotC.begin());
    int Bad = 0;
    for (int I = 0; I < 6; ++I)
      for (int K = 0; K < 2; ++K) {
        float V = K ? In[I].y : In[I].x;
        if ((std::fabs(component(GotA[I], K) - refRound("unorm", V, 16)) > 1e-7 ||
             std::fabs(component(GotB[I], K) - refRound("unorm", V, 8)) > 1e-7) &&
            ++Bad < 4)
          std::printf("mismatch at iterator copy %d.%d\n", I, K);
      }
    if ((GotC[0] != 127 || GotC[1] != -128 || GotC[2] != -44) && ++Bad)
      std::printf("mismatch at int 8 iterator copy: %d %d %d\n", GotC[0], GotC[1], GotC[2]);
    std::printf("rounding iterators: %d mismatches\n", Bad);
    Fail |= Bad != 0;
  }
  return Fail;
}
