// ampcc/array_view.h - concurrency::array_view<T,N> (spec §5.2).
//
// Host side: a view is a shape (offset, extent, row strides) over a
// runtime-owned DataSource that tracks which copy (host or device) is current.
// Element access on the host asks the runtime for a current host copy first.
//
// Device side: the restrict(amp) members are declarations only. ampcc's code
// generator lowers them itself (pointer arithmetic on a __global buffer), so
// their names and signatures here are part of the compiler's contract: see
// compiler/lib/CodeGen/AmpLibrary.cpp.
#ifndef AMPCC_ARRAY_VIEW_H
#define AMPCC_ARRAY_VIEW_H

#include "index.h"
#include "runtime_api.h"

#include <type_traits>
#include <utility>
#include <vector>

namespace Concurrency {
template <typename T, int N> class array;
namespace details {

/// The closure-visible state of a view: a ViewHeader followed by extents and
/// row strides, exactly as ampcc::rt::viewExtent/viewStride expect.
template <int N> struct ViewShape {
  ampcc::rt::ViewHeader H;
  int32_t Ext[N];
  int32_t Stride[N];
};
static_assert(sizeof(ViewShape<1>) == 24, "ViewShape layout is part of the ABI");

template <int N> void initDenseShape(ViewShape<N> &S, const int *Ext) {
  S.H.Offset = 0;
  S.H.Rank = N;
  int32_t Stride = 1;
  for (int I = N - 1; I >= 0; --I) {
    S.Ext[I] = Ext[I];
    S.Stride[I] = Stride;
    Stride *= Ext[I];
  }
}

/// Tag of the constructor that adopts a shape (and references its source).
struct FromShape {};

/// What indexing a rank-N view with one int gives (spec §5.2.5): an element
/// reference for rank 1, a rank N-1 view (a projection) otherwise.
template <typename T, int N> struct Projection;

/// The index of the I-th element of Ext in row-major order.
template <int N>
Concurrency::index<N> delinearize(unsigned I, const Concurrency::extent<N> &Ext) {
  Concurrency::index<N> Idx;
  for (int D = N - 1; D >= 0; --D) {
    Idx._M_base[D] = (int)(I % (unsigned)Ext._M_base[D]);
    I /= (unsigned)Ext._M_base[D];
  }
  return Idx;
}

template <int N> size_t shapeSize(const int *Ext) {
  size_t S = 1;
  for (int I = 0; I < N; ++I)
    S *= (size_t)Ext[I];
  return S;
}

} // namespace details

template <typename T, int N = 1> class array_view {
  static_assert(N > 0, "rank of array_view must be positive");
  template <typename, int> friend class array_view;
  template <typename, int> friend struct details::Projection;

public:
  static const int rank = N;
  typedef T value_type;
  typedef typename std::remove_const<T>::type nonconst_value_type;

  // --- Construction over host data -----------------------------------------
  template <typename Container,
            typename = decltype(std::declval<Container &>().data())>
  array_view(const Concurrency::extent<N> &Ext, Container &Src) {
    initUser(Ext, const_cast<nonconst_value_type *>(Src.data()));
  }
  array_view(const Concurrency::extent<N> &Ext, T *Src) {
    initUser(Ext, const_cast<nonconst_value_type *>(Src));
  }
  template <typename Container,
            typename = decltype(std::declval<Container &>().data())>
  array_view(int E0, Container &Src) {
    initUser(Concurrency::extent<N>(E0), const_cast<nonconst_value_type *>(Src.data()));
  }
  template <typename Container,
            typename = decltype(std::declval<Container &>().data())>
  array_view(int E0, int E1, Container &Src) {
    initUser(Concurrency::extent<N>(E0, E1), const_cast<nonconst_value_type *>(Src.data()));
  }
  template <typename Container,
            typename = decltype(std::declval<Container &>().data())>
  array_view(int E0, int E1, int E2, Container &Src) {
    initUser(Concurrency::extent<N>(E0, E1, E2),
             const_cast<nonconst_value_type *>(Src.data()));
  }
  array_view(int E0, T *Src) { initUser(Concurrency::extent<N>(E0), const_cast<nonconst_value_type *>(Src)); }
  array_view(int E0, int E1, T *Src) {
    initUser(Concurrency::extent<N>(E0, E1), const_cast<nonconst_value_type *>(Src));
  }
  array_view(int E0, int E1, int E2, T *Src) {
    initUser(Concurrency::extent<N>(E0, E1, E2), const_cast<nonconst_value_type *>(Src));
  }

  // --- Construction with no data source (spec: storage on the accelerator) --
  explicit array_view(const Concurrency::extent<N> &Ext) { initOwned(Ext); }
  explicit array_view(int E0) { initOwned(Concurrency::extent<N>(E0)); }
  array_view(int E0, int E1) { initOwned(Concurrency::extent<N>(E0, E1)); }
  array_view(int E0, int E1, int E2) { initOwned(Concurrency::extent<N>(E0, E1, E2)); }

  // --- Views of an array share its storage (spec §5.2.2) ---------------------
  array_view(array<nonconst_value_type, N> &Src) : _M_shape(Src._M_shape) {
    ampcc::rt::retainSource(_M_shape.H.Source);
  }
  template <typename U = T, typename = typename std::enable_if<
                                std::is_const<U>::value>::type>
  array_view(const array<nonconst_value_type, N> &Src) : _M_shape(Src._M_shape) {
    ampcc::rt::retainSource(_M_shape.H.Source);
  }

  // --- Copy semantics: views share their data source -------------------------
  // restrict(cpu,amp) as the spec says: kernels copy views too. The
  // reference counting is host bookkeeping; in the device pass (which only
  // generates kernels) the bodies are empty, and the code generator lowers
  // device copies to struct copies.
  array_view(const array_view &Other) restrict(cpu, amp) : _M_shape(Other._M_shape) {
#ifndef __AMPCC_DEVICE_PASS__
    ampcc::rt::retainSource(_M_shape.H.Source);
#endif
  }
  /// array_view<const T,N> from array_view<T,N>.
  template <typename U, typename = typename std::enable_if<
                            std::is_same<const U, T>::value &&
                            !std::is_same<U, T>::value>::type>
  array_view(const array_view<U, N> &Other) restrict(cpu, amp)
      : _M_shape(Other._M_shape) {
#ifndef __AMPCC_DEVICE_PASS__
    ampcc::rt::retainSource(_M_shape.H.Source);
#endif
  }
  array_view &operator=(const array_view &Other) restrict(cpu, amp) {
#ifndef __AMPCC_DEVICE_PASS__
    if (this != &Other) {
      ampcc::rt::retainSource(Other._M_shape.H.Source);
      ampcc::rt::releaseSource(_M_shape.H.Source);
      _M_shape = Other._M_shape;
    }
#endif
    return *this;
  }
  ~array_view() restrict(cpu, amp) {
#ifndef __AMPCC_DEVICE_PASS__
    ampcc::rt::releaseSource(_M_shape.H.Source);
#endif
  }

  // --- Shape -------------------------------------------------------------
  Concurrency::extent<N> get_extent() const restrict(cpu) {
    return Concurrency::extent<N>(_M_shape.Ext);
  }
  Concurrency::extent<N> get_extent() const restrict(amp);

  // --- Host element access (synchronizes) -----------------------------------
  T &operator[](const Concurrency::index<N> &Idx) const restrict(cpu) {
    return hostData()[linear(Idx._M_base)];
  }
  T &operator()(const Concurrency::index<N> &Idx) const restrict(cpu) {
    return hostData()[linear(Idx._M_base)];
  }
  /// Rank 1: the element; rank N > 1: the projection on dimension 0.
  typename details::Projection<T, N>::type operator[](int I0) const restrict(cpu) {
    return details::Projection<T, N>::project(*this, I0);
  }
  typename details::Projection<T, N>::type operator()(int I0) const restrict(cpu) {
    return details::Projection<T, N>::project(*this, I0);
  }
  T &operator()(int I0, int I1) const restrict(cpu) {
    static_assert(N == 2, "operator()(int, int) needs rank 2");
    int I[2] = {I0, I1};
    return hostData()[linear(I)];
  }
  T &operator()(int I0, int I1, int I2) const restrict(cpu) {
    static_assert(N == 3, "operator()(int, int, int) needs rank 3");
    int I[3] = {I0, I1, I2};
    return hostData()[linear(I)];
  }

  // --- Device element access: lowered by the compiler -----------------------
  T &operator[](const Concurrency::index<N> &Idx) const restrict(amp);
  T &operator()(const Concurrency::index<N> &Idx) const restrict(amp);
  typename details::Projection<T, N>::type operator[](int I0) const restrict(amp);
  typename details::Projection<T, N>::type operator()(int I0) const restrict(amp);
  T &operator()(int I0, int I1) const restrict(amp);
  T &operator()(int I0, int I1, int I2) const restrict(amp);

  // --- Sections (spec §5.2.6): views of a rectangle of this view -------------
  array_view section(const Concurrency::index<N> &Origin,
                     const Concurrency::extent<N> &Ext) const restrict(cpu) {
    array_view R(*this);
    for (int I = 0; I < N; ++I) {
      R._M_shape.H.Offset += Origin._M_base[I] * _M_shape.Stride[I];
      R._M_shape.Ext[I] = Ext._M_base[I];
    }
    return R;
  }
  array_view section(const Concurrency::index<N> &Origin,
                     const Concurrency::extent<N> &Ext) const restrict(amp);
  // The other forms are written in terms of the one above, on both sides.
  array_view section(const Concurrency::index<N> &Origin) const restrict(cpu, amp) {
    Concurrency::extent<N> Rest = get_extent();
    for (int I = 0; I < N; ++I)
      Rest._M_base[I] -= Origin._M_base[I];
    return section(Origin, Rest);
  }
  array_view section(const Concurrency::extent<N> &Ext) const restrict(cpu, amp) {
    return section(Concurrency::index<N>(), Ext);
  }
  array_view section(int I0, int E0) const restrict(cpu, amp) {
    return section(Concurrency::index<N>(I0), Concurrency::extent<N>(E0));
  }
  array_view section(int I0, int I1, int E0, int E1) const restrict(cpu, amp) {
    return section(Concurrency::index<N>(I0, I1), Concurrency::extent<N>(E0, E1));
  }
  array_view section(int I0, int I1, int I2, int E0, int E1, int E2) const
      restrict(cpu, amp) {
    return section(Concurrency::index<N>(I0, I1, I2),
                   Concurrency::extent<N>(E0, E1, E2));
  }

  /// Pointer to the first element (rank 1 only): the host copy is made current.
  T *data() const restrict(cpu) {
    static_assert(N == 1, "data() needs rank 1");
    return hostData() + _M_shape.H.Offset;
  }

  // --- Coherence (spec §5.2.7) ---------------------------------------------
  void synchronize() const restrict(cpu) {
    ampcc::rt::hostAccess(_M_shape.H.Source, false);
  }
  void discard_data() const restrict(cpu) {
    ampcc::rt::discardSource(_M_shape.H.Source);
  }
  void refresh() const restrict(cpu) {
    ampcc::rt::refreshSource(_M_shape.H.Source);
  }

  // Visual C++ exposes the extent as a property; so do we (needs -fdeclspec,
  // which the driver passes). Declared last: the member named `extent` hides
  // the class template inside the class from here on.
  __declspec(property(get = get_extent)) Concurrency::extent<N> extent;

  /// Must stay the only data member: the runtime reads it from closures.
  details::ViewShape<N> _M_shape;

  /// A view with the given shape over an existing source (projections).
  array_view(details::FromShape, const details::ViewShape<N> &S) : _M_shape(S) {
    ampcc::rt::retainSource(_M_shape.H.Source);
  }

private:
  nonconst_value_type *hostData() const {
    return static_cast<nonconst_value_type *>(
        ampcc::rt::hostAccess(_M_shape.H.Source, !std::is_const<T>::value));
  }
  size_t linear(const int *Idx) const {
    size_t L = (size_t)_M_shape.H.Offset;
    for (int I = 0; I < N; ++I)
      L += (size_t)Idx[I] * (size_t)_M_shape.Stride[I];
    return L;
  }
  void initUser(const Concurrency::extent<N> &Ext, nonconst_value_type *Src) {
    details::initDenseShape(_M_shape, Ext._M_base);
    _M_shape.H.Source = ampcc::rt::createUserSource(
        Src, sizeof(T), details::shapeSize<N>(Ext._M_base));
  }
  void initOwned(const Concurrency::extent<N> &Ext) {
    details::initDenseShape(_M_shape, Ext._M_base);
    _M_shape.H.Source = ampcc::rt::createOwnedSource(
        sizeof(T), details::shapeSize<N>(Ext._M_base), nullptr);
  }
};

namespace details {
template <typename T> struct Projection<T, 1> {
  typedef T &type;
  static T &project(const array_view<T, 1> &V, int I0) {
    return V.hostData()[V.linear(&I0)];
  }
};
template <typename T, int N> struct Projection {
  typedef array_view<T, N - 1> type;
  static type project(const array_view<T, N> &V, int I0) {
    ViewShape<N - 1> S;
    S.H.Source = V._M_shape.H.Source;
    S.H.Offset = V._M_shape.H.Offset + I0 * V._M_shape.Stride[0];
    S.H.Rank = N - 1;
    for (int I = 0; I + 1 < N; ++I) {
      S.Ext[I] = V._M_shape.Ext[I + 1];
      S.Stride[I] = V._M_shape.Stride[I + 1];
    }
    return type(FromShape(), S);
  }
};
} // namespace details

} // namespace Concurrency

#endif // AMPCC_ARRAY_VIEW_H
