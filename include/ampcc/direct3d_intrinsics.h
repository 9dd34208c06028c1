// ampcc/direct3d_intrinsics.h - the HLSL intrinsics of Concurrency::direct3d.
//
// Visual C++'s <amp.h> declares these restrict(amp) only (they were HLSL
// instructions), so calling them from CPU code is an error here as there.
// They are plain C++ that ampcc lowers like user code; only countbits maps
// to an OpenCL built-in (popcount, see compiler/lib/CodeGen/AmpLibrary.cpp),
// since a loop over 32 bits would cost where a single instruction exists.
// The DirectX interop functions of the namespace are not provided.
//
// Integer results follow HLSL: abs(INT_MIN) is INT_MIN (two's complement
// wrap-around, computed without signed overflow); firstbithigh of a negative
// int finds the highest bit that differs from the sign bit; both firstbit
// functions return -1 when no bit qualifies.
#ifndef AMPCC_DIRECT3D_INTRINSICS_H
#define AMPCC_DIRECT3D_INTRINSICS_H

#include "restrict.h"

namespace Concurrency {
namespace direct3d {

inline int abs(int _X) restrict(amp) {
  unsigned int _U = static_cast<unsigned int>(_X);
  return static_cast<int>(_X < 0 ? 0u - _U : _U);
}

inline float clamp(float _X, float _Min, float _Max) restrict(amp) {
  return _X < _Min ? _Min : (_X > _Max ? _Max : _X);
}
inline int clamp(int _X, int _Min, int _Max) restrict(amp) {
  return _X < _Min ? _Min : (_X > _Max ? _Max : _X);
}

/// The number of set bits; lowered to OpenCL's popcount.
unsigned int countbits(unsigned int _X) restrict(amp);

/// Bit index (from bit 0) of the highest set bit of a non-negative value,
/// or of the highest clear bit of a negative one; -1 for 0 and -1.
inline int firstbithigh(int _X) restrict(amp) {
  unsigned int _U = static_cast<unsigned int>(_X < 0 ? ~_X : _X);
  int _Pos = -1;
  while (_U != 0u) {
    _U >>= 1;
    ++_Pos;
  }
  return _Pos;
}

/// Bit index of the lowest set bit; -1 for 0.
inline int firstbitlow(int _X) restrict(amp) {
  unsigned int _U = static_cast<unsigned int>(_X);
  if (_U == 0u)
    return -1;
  int _Pos = 0;
  while ((_U & 1u) == 0u) {
    _U >>= 1;
    ++_Pos;
  }
  return _Pos;
}

inline int imax(int _X, int _Y) restrict(amp) { return _X > _Y ? _X : _Y; }
inline int imin(int _X, int _Y) restrict(amp) { return _X < _Y ? _X : _Y; }
inline unsigned int umax(unsigned int _X, unsigned int _Y) restrict(amp) {
  return _X > _Y ? _X : _Y;
}
inline unsigned int umin(unsigned int _X, unsigned int _Y) restrict(amp) {
  return _X < _Y ? _X : _Y;
}

// HLSL's mad may or may not fuse; so may these (contraction is on unless
// ampcc runs with -ffp-contract=off).
inline float mad(float _X, float _Y, float _Z) restrict(amp) { return _X * _Y + _Z; }
inline double mad(double _X, double _Y, double _Z) restrict(amp) { return _X * _Y + _Z; }
inline int mad(int _X, int _Y, int _Z) restrict(amp) {
  // Wraps like the hardware instead of overflowing.
  return static_cast<int>(static_cast<unsigned int>(_X) * static_cast<unsigned int>(_Y) +
                          static_cast<unsigned int>(_Z));
}
inline unsigned int mad(unsigned int _X, unsigned int _Y, unsigned int _Z) restrict(amp) {
  return _X * _Y + _Z;
}

/// One-dimensional gradient (Perlin) noise: 0 at every integer, in [-1, 1]
/// everywhere, continuous, the same value for the same input on every
/// thread. The lattice gradients come from an integer hash of the cell.
inline float noise(float _X) restrict(amp) {
  float _Cell = static_cast<float>(static_cast<int>(_X));
  if (_Cell > _X)
    _Cell -= 1.0f; // floor for negative inputs
  float _T = _X - _Cell;
  int _I = static_cast<int>(_Cell);
  float _G[2];
  for (int _K = 0; _K < 2; ++_K) {
    unsigned int _H = static_cast<unsigned int>(_I + _K) * 0x9E3779B1u;
    _H ^= _H >> 15;
    _H *= 0x85EBCA77u;
    _H ^= _H >> 13;
    // A gradient in [-1, 1].
    _G[_K] = static_cast<float>(_H & 0xFFFFu) * (2.0f / 65535.0f) - 1.0f;
  }
  float _Fade = _T * _T * _T * (_T * (_T * 6.0f - 15.0f) + 10.0f);
  float _A = _G[0] * _T;
  float _B = _G[1] * (_T - 1.0f);
  // |_A|, |_B| < 1 and the fade is a convex weight, so the result is too;
  // 2x scales the peak (at most 0.5 for 1-D Perlin noise) towards 1.
  float _R = 2.0f * (_A + _Fade * (_B - _A));
  return _R < -1.0f ? -1.0f : (_R > 1.0f ? 1.0f : _R);
}

inline float radians(float _X) restrict(amp) { return _X * 0.0174532925199432957692f; }

inline float rcp(float _X) restrict(amp) { return 1.0f / _X; }
inline double rcp(double _X) restrict(amp) { return 1.0 / _X; }

inline unsigned int reversebits(unsigned int _X) restrict(amp) {
  // Swap halves, then bytes, nibbles, pairs and single bits.
  _X = (_X >> 16) | (_X << 16);
  _X = ((_X & 0xFF00FF00u) >> 8) | ((_X & 0x00FF00FFu) << 8);
  _X = ((_X & 0xF0F0F0F0u) >> 4) | ((_X & 0x0F0F0F0Fu) << 4);
  _X = ((_X & 0xCCCCCCCCu) >> 2) | ((_X & 0x33333333u) << 2);
  _X = ((_X & 0xAAAAAAAAu) >> 1) | ((_X & 0x55555555u) << 1);
  return _X;
}

inline float saturate(float _X) restrict(amp) {
  return _X < 0.0f ? 0.0f : (_X > 1.0f ? 1.0f : _X);
}

inline int sign(int _X) restrict(amp) { return (_X > 0) - (_X < 0); }
inline int sign(float _X) restrict(amp) { return (_X > 0.0f) - (_X < 0.0f); }

/// Hermite interpolation between 0 (at _Min) and 1 (at _Max).
inline float smoothstep(float _Min, float _Max, float _X) restrict(amp) {
  float _T = saturate((_X - _Min) / (_Max - _Min));
  return _T * _T * (3.0f - 2.0f * _T);
}

/// 1 where _X >= _Y, else 0.
inline float step(float _Y, float _X) restrict(amp) { return _X >= _Y ? 1.0f : 0.0f; }

} // namespace direct3d
} // namespace Concurrency

#endif // AMPCC_DIRECT3D_INTRINSICS_H
