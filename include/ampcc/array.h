// ampcc/array.h - concurrency::array<T,N> (spec §5.1).
//
// An array owns its storage, which lives with the accelerator; kernels
// capture arrays by reference. Like array_view, its only data member is a
// ViewShape (the runtime reads it through the reference in the closure), and
// on the device it is the same __global pointer plus shape. Element access on
// the host is allowed (the runtime copies the data back first).
#ifndef AMPCC_ARRAY_H
#define AMPCC_ARRAY_H

#include "array_view.h"

#include <algorithm>
#include <iterator>

namespace Concurrency {

template <typename T, int N = 1> class array {
  static_assert(N > 0, "rank of array must be positive");
  static_assert(!std::is_const<T>::value, "array elements cannot be const");

public:
  static const int rank = N;
  typedef T value_type;

  // --- Construction ----------------------------------------------------------
  explicit array(const Concurrency::extent<N> &Ext) { init(Ext); }
  explicit array(int E0) { init(Concurrency::extent<N>(E0)); }
  array(int E0, int E1) { init(Concurrency::extent<N>(E0, E1)); }
  array(int E0, int E1, int E2) { init(Concurrency::extent<N>(E0, E1, E2)); }
  array(const Concurrency::extent<N> &Ext, const accelerator_view &) { init(Ext); }
  array(int E0, const accelerator_view &) { init(Concurrency::extent<N>(E0)); }
  array(int E0, int E1, const accelerator_view &) {
    init(Concurrency::extent<N>(E0, E1));
  }
  array(int E0, int E1, int E2, const accelerator_view &) {
    init(Concurrency::extent<N>(E0, E1, E2));
  }

  /// Copies [First, Last) into the new array (at most extent.size() elements).
  template <typename InputIt>
  array(const Concurrency::extent<N> &Ext, InputIt First, InputIt Last) {
    init(Ext);
    fill(First, Last);
  }
  template <typename InputIt>
  array(const Concurrency::extent<N> &Ext, InputIt First) {
    init(Ext);
    fill(First);
  }
  template <typename InputIt> array(int E0, InputIt First, InputIt Last) {
    init(Concurrency::extent<N>(E0));
    fill(First, Last);
  }
  template <typename InputIt> array(int E0, int E1, InputIt First, InputIt Last) {
    init(Concurrency::extent<N>(E0, E1));
    fill(First, Last);
  }
  template <typename InputIt>
  array(int E0, int E1, int E2, InputIt First, InputIt Last) {
    init(Concurrency::extent<N>(E0, E1, E2));
    fill(First, Last);
  }
  template <typename InputIt>
  array(const Concurrency::extent<N> &Ext, InputIt First, InputIt Last,
        const accelerator_view &) {
    init(Ext);
    fill(First, Last);
  }
  /// A copy of the data a view shows.
  explicit array(const array_view<const T, N> &Src) {
    init(Src.get_extent());
    copyFrom(Src);
  }
  explicit array(const array_view<T, N> &Src) {
    init(Src.get_extent());
    copyFrom(array_view<const T, N>(Src));
  }

  // --- Copy and move -----------------------------------------------------------
  array(const array &Other) {
    init(Other.get_extent());
    copyFrom(array_view<const T, N>(Other));
  }
  array(array &&Other) noexcept : _M_shape(Other._M_shape) {
    Other._M_shape.H.Source = nullptr;
  }
  array &operator=(const array &Other) {
    if (this != &Other) {
      array Copy(Other);
      std::swap(_M_shape, Copy._M_shape);
    }
    return *this;
  }
  array &operator=(array &&Other) noexcept {
    std::swap(_M_shape, Other._M_shape);
    return *this;
  }
  ~array() { ampcc::rt::releaseSource(_M_shape.H.Source); }

  // --- Shape ---------------------------------------------------------------
  Concurrency::extent<N> get_extent() const restrict(cpu) {
    return Concurrency::extent<N>(_M_shape.Ext);
  }
  Concurrency::extent<N> get_extent() const restrict(amp);

  // --- Element access ----------------------------------------------------------
  T &operator[](const Concurrency::index<N> &Idx) restrict(cpu) { return view()[Idx]; }
  const T &operator[](const Concurrency::index<N> &Idx) const restrict(cpu) {
    return view()[Idx];
  }
  T &operator()(const Concurrency::index<N> &Idx) restrict(cpu) { return view()[Idx]; }
  const T &operator()(const Concurrency::index<N> &Idx) const restrict(cpu) {
    return view()[Idx];
  }
  typename details::Projection<T, N>::type operator[](int I0) restrict(cpu) {
    return view()[I0];
  }
  typename details::Projection<const T, N>::type operator[](int I0) const restrict(cpu) {
    return array_view<const T, N>(*this)[I0];
  }
  T &operator()(int I0, int I1) restrict(cpu) { return view()(I0, I1); }
  const T &operator()(int I0, int I1) const restrict(cpu) { return view()(I0, I1); }
  T &operator()(int I0, int I1, int I2) restrict(cpu) { return view()(I0, I1, I2); }
  const T &operator()(int I0, int I1, int I2) const restrict(cpu) {
    return view()(I0, I1, I2);
  }

  // Device element access: lowered by the compiler like array_view's.
  T &operator[](const Concurrency::index<N> &Idx) restrict(amp);
  const T &operator[](const Concurrency::index<N> &Idx) const restrict(amp);
  T &operator()(const Concurrency::index<N> &Idx) restrict(amp);
  const T &operator()(const Concurrency::index<N> &Idx) const restrict(amp);
  typename details::Projection<T, N>::type operator[](int I0) restrict(amp);
  typename details::Projection<const T, N>::type operator[](int I0) const restrict(amp);
  T &operator()(int I0, int I1) restrict(amp);
  const T &operator()(int I0, int I1) const restrict(amp);
  T &operator()(int I0, int I1, int I2) restrict(amp);
  const T &operator()(int I0, int I1, int I2) const restrict(amp);

  // --- Sections, host data, copies -----------------------------------------------
  array_view<T, N> section(const Concurrency::index<N> &Origin,
                           const Concurrency::extent<N> &Ext) restrict(cpu) {
    return view().section(Origin, Ext);
  }
  array_view<T, N> section(const Concurrency::index<N> &Origin) restrict(cpu) {
    return view().section(Origin);
  }
  array_view<T, N> section(const Concurrency::extent<N> &Ext) restrict(cpu) {
    return view().section(Ext);
  }

  /// The host copy of the elements (made current first).
  T *data() const restrict(cpu) {
    return static_cast<T *>(ampcc::rt::hostAccess(_M_shape.H.Source, true));
  }
  void copy_to(array &Dest) const { Dest.copyFrom(array_view<const T, N>(*this)); }
  void copy_to(const array_view<T, N> &Dest) const {
    const T *Src = static_cast<const T *>(ampcc::rt::hostAccess(_M_shape.H.Source, false));
    Concurrency::extent<N> Ext = get_extent();
    for (unsigned I = 0; I < Ext.size(); ++I)
      Dest[details::delinearize<N>(I, Ext)] = Src[I];
  }
  operator std::vector<T>() const {
    const T *Src = static_cast<const T *>(ampcc::rt::hostAccess(_M_shape.H.Source, false));
    return std::vector<T>(Src, Src + get_extent().size());
  }

  __declspec(property(get = get_extent)) Concurrency::extent<N> extent;

  /// Must stay the only data member: the runtime reads it from closures.
  details::ViewShape<N> _M_shape;

private:
  array_view<T, N> view() const { return array_view<T, N>(const_cast<array &>(*this)); }
  void init(const Concurrency::extent<N> &Ext) {
    details::initDenseShape(_M_shape, Ext._M_base);
    _M_shape.H.Source = ampcc::rt::createOwnedSource(
        sizeof(T), details::shapeSize<N>(Ext._M_base), nullptr);
  }
  T *hostWrite() {
    return static_cast<T *>(ampcc::rt::hostAccess(_M_shape.H.Source, true));
  }
  template <typename InputIt> void fill(InputIt First, InputIt Last) {
    T *Dst = hostWrite();
    size_t Size = get_extent().size();
    for (size_t I = 0; I < Size && First != Last; ++I, ++First)
      Dst[I] = *First;
  }
  template <typename InputIt> void fill(InputIt First) {
    T *Dst = hostWrite();
    size_t Size = get_extent().size();
    for (size_t I = 0; I < Size; ++I, ++First)
      Dst[I] = *First;
  }
  void copyFrom(const array_view<const T, N> &Src) {
    T *Dst = hostWrite();
    Concurrency::extent<N> Ext = Src.get_extent();
    for (unsigned I = 0; I < Ext.size(); ++I)
      Dst[I] = Src[details::delinearize<N>(I, Ext)];
  }
};

} // namespace Concurrency

#endif // AMPCC_ARRAY_H
