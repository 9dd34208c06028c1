// ampcc/norm.h - Concurrency::graphics::norm and unorm (spec v1.2 §10.8.1).
//
// A norm is a float kept in [-1, 1], a unorm a float kept in [0, 1]: every
// constructor and every arithmetic result is clamped into the range. Values
// convert implicitly to float; a unorm converts implicitly to a norm (its
// range is a subset), the other way is explicit. Plain restrict(cpu, amp)
// C++, so host code and kernels share it. A NaN passes the clamp unchanged
// (both comparisons are false), on the host and on the device alike.
// Included by <amp_short_vectors.h>.
#ifndef AMPCC_NORM_H
#define AMPCC_NORM_H

#include "restrict.h"

// Default constructors zero the value, as Visual C++'s do. In ampcc's device
// pass their initialisers are left out: Clang's CUDA rules accept a
// tile_static object only if its default constructor is empty, and ampcc's
// code generator zeroes what an empty default constructor builds (see
// DeviceCodeGen::emitFunctionBody), so kernels still see zeros and
// tile_static objects are left unconstructed, as Visual C++ leaves them.
#ifdef __HIP_DEVICE_COMPILE__
#define AMPCC_ZEROING_INITS_(...)
#else
#define AMPCC_ZEROING_INITS_(...) : __VA_ARGS__
#endif

namespace Concurrency {
namespace graphics {

typedef unsigned int uint;

class norm;

class unorm {
  float _Value;

  static float _Clamp(float _V) restrict(cpu, amp) {
    return _V < 0.0f ? 0.0f : (_V > 1.0f ? 1.0f : _V);
  }

public:
  unorm() restrict(cpu, amp) AMPCC_ZEROING_INITS_(_Value(0.0f)) {}
  explicit unorm(float _V) restrict(cpu, amp) : _Value(_Clamp(_V)) {}
  explicit unorm(unsigned int _V) restrict(cpu, amp)
      : _Value(_Clamp(static_cast<float>(_V))) {}
  explicit unorm(int _V) restrict(cpu, amp) : _Value(_Clamp(static_cast<float>(_V))) {}
  explicit unorm(double _V) restrict(cpu, amp) : _Value(_Clamp(static_cast<float>(_V))) {}
  explicit inline unorm(const norm &_Other) restrict(cpu, amp);

  operator float() const restrict(cpu, amp) { return _Value; }

  unorm &operator+=(const unorm &_Other) restrict(cpu, amp) {
    _Value = _Clamp(_Value + _Other._Value);
    return *this;
  }
  unorm &operator-=(const unorm &_Other) restrict(cpu, amp) {
    _Value = _Clamp(_Value - _Other._Value);
    return *this;
  }
  unorm &operator*=(const unorm &_Other) restrict(cpu, amp) {
    _Value = _Clamp(_Value * _Other._Value);
    return *this;
  }
  unorm &operator/=(const unorm &_Other) restrict(cpu, amp) {
    _Value = _Clamp(_Value / _Other._Value);
    return *this;
  }
  unorm &operator++() restrict(cpu, amp) {
    _Value = _Clamp(_Value + 1.0f);
    return *this;
  }
  unorm operator++(int) restrict(cpu, amp) {
    unorm _Old = *this;
    ++*this;
    return _Old;
  }
  unorm &operator--() restrict(cpu, amp) {
    _Value = _Clamp(_Value - 1.0f);
    return *this;
  }
  unorm operator--(int) restrict(cpu, amp) {
    unorm _Old = *this;
    --*this;
    return _Old;
  }
};

class norm {
  float _Value;

  static float _Clamp(float _V) restrict(cpu, amp) {
    return _V < -1.0f ? -1.0f : (_V > 1.0f ? 1.0f : _V);
  }

public:
  norm() restrict(cpu, amp) AMPCC_ZEROING_INITS_(_Value(0.0f)) {}
  explicit norm(float _V) restrict(cpu, amp) : _Value(_Clamp(_V)) {}
  explicit norm(unsigned int _V) restrict(cpu, amp)
      : _Value(_Clamp(static_cast<float>(_V))) {}
  explicit norm(int _V) restrict(cpu, amp) : _Value(_Clamp(static_cast<float>(_V))) {}
  explicit norm(double _V) restrict(cpu, amp) : _Value(_Clamp(static_cast<float>(_V))) {}
  // Already in range: no clamp needed.
  norm(const unorm &_Other) restrict(cpu, amp) : _Value(static_cast<float>(_Other)) {}

  operator float() const restrict(cpu, amp) { return _Value; }

  norm &operator+=(const norm &_Other) restrict(cpu, amp) {
    _Value = _Clamp(_Value + _Other._Value);
    return *this;
  }
  norm &operator-=(const norm &_Other) restrict(cpu, amp) {
    _Value = _Clamp(_Value - _Other._Value);
    return *this;
  }
  norm &operator*=(const norm &_Other) restrict(cpu, amp) {
    _Value = _Clamp(_Value * _Other._Value);
    return *this;
  }
  norm &operator/=(const norm &_Other) restrict(cpu, amp) {
    _Value = _Clamp(_Value / _Other._Value);
    return *this;
  }
  norm &operator++() restrict(cpu, amp) {
    _Value = _Clamp(_Value + 1.0f);
    return *this;
  }
  norm operator++(int) restrict(cpu, amp) {
    norm _Old = *this;
    ++*this;
    return _Old;
  }
  norm &operator--() restrict(cpu, amp) {
    _Value = _Clamp(_Value - 1.0f);
    return *this;
  }
  norm operator--(int) restrict(cpu, amp) {
    norm _Old = *this;
    --*this;
    return _Old;
  }
  norm operator-() const restrict(cpu, amp) { return norm(-_Value); }
};

// Clamping again keeps [0, 1] even if the norm was built from a NaN-free
// value outside it.
inline unorm::unorm(const norm &_Other) restrict(cpu, amp)
    : _Value(_Clamp(static_cast<float>(_Other))) {}

// Arithmetic between two norms (two unorms) stays a clamped norm (unorm);
// mixed with float it is float arithmetic through the implicit conversion.
#define AMPCC_NORM_OPS_(T)                                                     \
  inline T operator+(const T &_Lhs, const T &_Rhs) restrict(cpu, amp) {        \
    T _R = _Lhs;                                                               \
    _R += _Rhs;                                                                \
    return _R;                                                                 \
  }                                                                            \
  inline T operator-(const T &_Lhs, const T &_Rhs) restrict(cpu, amp) {        \
    T _R = _Lhs;                                                               \
    _R -= _Rhs;                                                                \
    return _R;                                                                 \
  }                                                                            \
  inline T operator*(const T &_Lhs, const T &_Rhs) restrict(cpu, amp) {        \
    T _R = _Lhs;                                                               \
    _R *= _Rhs;                                                                \
    return _R;                                                                 \
  }                                                                            \
  inline T operator/(const T &_Lhs, const T &_Rhs) restrict(cpu, amp) {        \
    T _R = _Lhs;                                                               \
    _R /= _Rhs;                                                                \
    return _R;                                                                 \
  }                                                                            \
  inline bool operator==(const T &_Lhs, const T &_Rhs) restrict(cpu, amp) {    \
    return static_cast<float>(_Lhs) == static_cast<float>(_Rhs);               \
  }                                                                            \
  inline bool operator!=(const T &_Lhs, const T &_Rhs) restrict(cpu, amp) {    \
    return static_cast<float>(_Lhs) != static_cast<float>(_Rhs);               \
  }                                                                            \
  inline bool operator<(const T &_Lhs, const T &_Rhs) restrict(cpu, amp) {     \
    return static_cast<float>(_Lhs) < static_cast<float>(_Rhs);                \
  }                                                                            \
  inline bool operator>(const T &_Lhs, const T &_Rhs) restrict(cpu, amp) {     \
    return static_cast<float>(_Lhs) > static_cast<float>(_Rhs);                \
  }                                                                            \
  inline bool operator<=(const T &_Lhs, const T &_Rhs) restrict(cpu, amp) {    \
    return static_cast<float>(_Lhs) <= static_cast<float>(_Rhs);               \
  }                                                                            \
  inline bool operator>=(const T &_Lhs, const T &_Rhs) restrict(cpu, amp) {    \
    return static_cast<float>(_Lhs) >= static_cast<float>(_Rhs);               \
  }
AMPCC_NORM_OPS_(norm)
AMPCC_NORM_OPS_(unorm)
#undef AMPCC_NORM_OPS_

} // namespace graphics
} // namespace Concurrency

// Visual C++ names these constants as macros.
#define UNORM_ZERO ((Concurrency::graphics::unorm)0.0f)
#define UNORM_MIN ((Concurrency::graphics::unorm)0.0f)
#define UNORM_MAX ((Concurrency::graphics::unorm)1.0f)
#define NORM_ZERO ((Concurrency::graphics::norm)0.0f)
#define NORM_MIN ((Concurrency::graphics::norm)-1.0f)
#define NORM_MAX ((Concurrency::graphics::norm)1.0f)

#endif // AMPCC_NORM_H
