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

#include "accelerator.h"
#include "completion_future.h"
#include "exceptions.h"
#include "index.h"
#include "runtime_api.h"

#include <stdexcept>
#include <string>
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
  // The product of all extents is not a stride and may pass INT_MAX (an
  // array too large for any device, refused later with out_of_memory): it is
  // never computed, and the others are in 64 bits.
  int64_t Stride = 1;
  for (int I = N - 1; I >= 0; --I) {
    S.Ext[I] = Ext[I];
    S.Stride[I] = static_cast<int32_t>(Stride);
    if (I > 0)
      Stride *= Ext[I];
  }
}

template <typename Container, typename = void>
struct HasDataAndSize : std::false_type {};
template <typename Container>
struct HasDataAndSize<Container,
                      decltype((void)std::declval<Container &>().data(),
                               (void)std::declval<Container &>().size())>
    : std::true_type {};

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

/// The element offset of Idx in a shape (its origin included).
template <int N> size_t shapeLinear(const ViewShape<N> &S, const int *Idx) {
  size_t L = (size_t)S.H.Offset;
  for (int I = 0; I < N; ++I)
    L += (size_t)Idx[I] * (size_t)S.Stride[I];
  return L;
}

/// Calls F(element offset) for every element of a shape, in row-major order.
template <int N, typename F> void forEachElement(const ViewShape<N> &S, F &Fn) {
  size_t Count = shapeSize<N>(S.Ext);
  if (Count == 0)
    return;
  int Idx[N] = {};
  const int Inner = S.Ext[N - 1];
  const size_t InnerStride = (size_t)S.Stride[N - 1];
  for (size_t Row = 0; Row < Count / (size_t)Inner; ++Row) {
    size_t L = shapeLinear<N>(S, Idx);
    for (int J = 0; J < Inner; ++J, L += InnerStride)
      if (!Fn(L))
        return;
    for (int D = N - 2; D >= 0; --D) {
      if (++Idx[D] < S.Ext[D])
        break;
      Idx[D] = 0;
    }
  }
}

/// A rank-K dense shape over the same source, starting where S starts:
/// view_as and reinterpret_as.
template <int K>
ViewShape<K> denseShapeAt(ampcc::rt::DataSource *Source, int32_t Offset,
                          const int *Ext) {
  ViewShape<K> R;
  initDenseShape(R, Ext);
  R.H.Source = Source;
  R.H.Offset = Offset;
  return R;
}

[[noreturn]] inline void throwInvalid(const std::string &Message) {
  throw runtime_exception(Message, AMPCC_E_INVALIDARG);
}

/// An index outside a view on the host: std::out_of_range in checked mode
/// (`ampcc -fsanitize=bounds`), the spec's runtime_exception otherwise.
[[noreturn]] inline void throwOutOfRange(const std::string &Message) {
#ifdef AMPCC_CHECK_BOUNDS
  throw std::out_of_range(Message);
#else
  throwInvalid(Message);
#endif
}

/// The element offset of a host access to elements of \p ElemSize bytes.
/// Visual C++ does not check host indices, and programs rely on it for an
/// index outside the extent whose element still lies in the data (a rank-2
/// loop with its bounds swapped, a section indexed with its parent's
/// coordinates): that works here too. An element outside the data source,
/// which would read or write memory that is not the view's, throws.
/// Checked mode (-fsanitize=bounds) checks every coordinate.
template <int N>
size_t checkedLinear(const ViewShape<N> &S, const int *Idx, size_t ElemSize) {
  long long Offset = S.H.Offset;
  bool Inside = true;
  for (int I = 0; I < N; ++I) {
    Offset += (long long)Idx[I] * S.Stride[I];
#ifdef AMPCC_CHECK_BOUNDS
    Inside = Inside && Idx[I] >= 0 && Idx[I] < S.Ext[I];
#endif
  }
  long long Elements = (long long)(ampcc::rt::sourceBytes(S.H.Source) / ElemSize);
  if (!Inside || Offset < 0 || Offset >= Elements) {
    std::string Where, Ext;
    for (int J = 0; J < N; ++J) {
      Where += (J ? ", " : "") + std::to_string(Idx[J]);
      Ext += (J ? ", " : "") + std::to_string(S.Ext[J]);
    }
    throwOutOfRange("host access: index (" + Where + ") is outside the extent (" + Ext + ")");
  }
  return size_t(Offset);
}

// Bodies of synchronize_async and synchronize_to_async: named functors, not
// lambdas, so that nothing here is implicitly restrict(cpu,amp).
template <typename View> struct SynchronizeTask {
  View V;
  access_type Access;
  void operator()() const { V.synchronize(Access); }
};
template <typename View> struct SynchronizeToTask {
  View V;
  accelerator_view Target;
  void operator()() const { V.synchronize_to(Target); }
};

} // namespace details

template <typename T, int N = 1> class array_view {
  static_assert(N > 0, "rank of array_view must be positive");
  // Data an accelerator shares with the host cannot hold host addresses.
  static_assert(!std::is_pointer<T>::value,
                "the element type of array_view cannot be a pointer");
  /// Containers a view can be made over: data() and size() (spec §5.2.1);
  /// a const container only for views of const elements.
  template <typename Container>
  struct AcceptsContainer
      : std::integral_constant<
            bool, details::HasDataAndSize<Container>::value &&
                      (std::is_const<T>::value ||
                       !std::is_const<Container>::value)> {};
  /// C arrays a rank-1 view can be made over (Visual C++ 2013): of the
  /// element type, const only for views of const elements.
  template <typename Elem>
  struct AcceptsArray
      : std::integral_constant<
            bool, N == 1 &&
                      std::is_same<typename std::remove_const<Elem>::type,
                                   typename std::remove_const<T>::type>::value &&
                      (std::is_const<T>::value || !std::is_const<Elem>::value)> {};
  template <typename, int> friend class array_view;
  template <typename, int> friend struct details::Projection;

public:
  static const int rank = N;
  typedef T value_type;
  typedef typename std::remove_const<T>::type nonconst_value_type;

  // --- Construction over host data -----------------------------------------
  // A container needs data() and size(); it must hold at least extent.size()
  // elements (runtime_exception otherwise), and may be const only for
  // array_view<const T,N>.
  template <typename Container, typename = typename std::enable_if<
                                    AcceptsContainer<Container>::value>::type>
  array_view(const Concurrency::extent<N> &Ext, Container &Src) {
    initContainer(Ext, Src);
  }
  array_view(const Concurrency::extent<N> &Ext, T *Src) {
    initUser(Ext, const_cast<nonconst_value_type *>(Src));
  }
  template <typename Container, typename = typename std::enable_if<
                                    AcceptsContainer<Container>::value>::type>
  array_view(int E0, Container &Src) {
    initContainer(Concurrency::extent<N>(E0), Src);
  }
  template <typename Container, typename = typename std::enable_if<
                                    AcceptsContainer<Container>::value>::type>
  array_view(int E0, int E1, Container &Src) {
    initContainer(Concurrency::extent<N>(E0, E1), Src);
  }
  template <typename Container, typename = typename std::enable_if<
                                    AcceptsContainer<Container>::value>::type>
  array_view(int E0, int E1, int E2, Container &Src) {
    initContainer(Concurrency::extent<N>(E0, E1, E2), Src);
  }
  // Visual C++ 2013: a rank-1 view over a whole container (its size() is
  // the extent) or over a C array (its length is the extent).
  template <typename Container,
            typename = typename std::enable_if<
                N == 1 && AcceptsContainer<Container>::value>::type>
  explicit array_view(Container &Src) {
    initContainer(Concurrency::extent<N>(int(Src.size())), Src);
  }
  template <typename Elem, int Size,
            typename = typename std::enable_if<AcceptsArray<Elem>::value>::type>
  explicit array_view(Elem (&Src)[Size]) {
    initUser(Concurrency::extent<N>(Size), const_cast<nonconst_value_type *>(Src));
  }
  // And in amp code, over a private or tile_static array (the code
  // generator builds it, as for the pointer forms below).
  template <typename Elem, int Size,
            typename = typename std::enable_if<AcceptsArray<Elem>::value>::type>
  explicit array_view(Elem (&Src)[Size]) restrict(amp);
  array_view(int E0, T *Src) { initUser(Concurrency::extent<N>(E0), const_cast<nonconst_value_type *>(Src)); }
  array_view(int E0, int E1, T *Src) {
    initUser(Concurrency::extent<N>(E0, E1), const_cast<nonconst_value_type *>(Src));
  }
  array_view(int E0, int E1, int E2, T *Src) {
    initUser(Concurrency::extent<N>(E0, E1, E2), const_cast<nonconst_value_type *>(Src));
  }

  // Spec §5.2.2: over a pointer in amp code too. The code generator builds
  // a dense view over the memory the pointer points into (global, private
  // or tile_static; docs/architecture.md, "Views over local memory").
  array_view(const Concurrency::extent<N> &Ext, T *Src) restrict(amp);
  array_view(int E0, T *Src) restrict(amp);
  array_view(int E0, int E1, T *Src) restrict(amp);
  array_view(int E0, int E1, int E2, T *Src) restrict(amp);

  // --- Construction with no data source (spec: storage on the accelerator) --
  explicit array_view(const Concurrency::extent<N> &Ext) { initOwned(Ext); }
  explicit array_view(int E0) { initOwned(Concurrency::extent<N>(E0)); }
  array_view(int E0, int E1) { initOwned(Concurrency::extent<N>(E0, E1)); }
  array_view(int E0, int E1, int E2) { initOwned(Concurrency::extent<N>(E0, E1, E2)); }

  // --- Views of an array share its storage (spec §5.2.2) ---------------------
  // restrict(cpu,amp): kernels make views of captured arrays too; on the
  // device this is a struct copy (see the copy constructor below).
  array_view(array<nonconst_value_type, N> &Src) restrict(cpu, amp)
      : _M_shape(Src._M_shape) {
#ifndef __AMPCC_DEVICE_PASS__
    ampcc::rt::retainSource(_M_shape.H.Source);
#endif
  }
#ifdef _AMPCC_MS_HEADERS
  // Visual C++ binds a temporary array to the constructor above (its C4239
  // extension: `array_view<T> v(array<T>(n, av))`, or push_back of a
  // temporary array into a vector of views), and the view keeps the array's
  // buffer alive. So does this one: views count references to their data
  // source. Off with -fno-ms-headers.
  array_view(array<nonconst_value_type, N> &&Src) : array_view(Src) {}
#endif
  template <typename U = T, typename = typename std::enable_if<
                                std::is_const<U>::value>::type>
  array_view(const array<nonconst_value_type, N> &Src) restrict(cpu, amp)
      : _M_shape(Src._M_shape) {
#ifndef __AMPCC_DEVICE_PASS__
    ampcc::rt::retainSource(_M_shape.H.Source);
#endif
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

  /// The element, without synchronizing (Visual C++): the caller has made
  /// the host copy current. ampcc's host access is cheap when it is, so
  /// this is operator[], which also stays right when it is not.
  T &get_ref(const Concurrency::index<N> &Idx) const restrict(cpu) {
    return hostData()[linear(Idx._M_base)];
  }

  // --- Device element access: lowered by the compiler -----------------------
  T &get_ref(const Concurrency::index<N> &Idx) const restrict(amp);
  T &operator[](const Concurrency::index<N> &Idx) const restrict(amp);
  T &operator()(const Concurrency::index<N> &Idx) const restrict(amp);
  typename details::Projection<T, N>::type operator[](int I0) const restrict(amp);
  typename details::Projection<T, N>::type operator()(int I0) const restrict(amp);
  T &operator()(int I0, int I1) const restrict(amp);
  T &operator()(int I0, int I1, int I2) const restrict(amp);

  // --- Sections (spec §5.2.6): views of a rectangle of this view -------------
  array_view section(const Concurrency::index<N> &Origin,
                     const Concurrency::extent<N> &Ext) const restrict(cpu) {
    // Visual C++ rejects a section that is empty or leaves the view.
    for (int I = 0; I < N; ++I)
      if (Origin._M_base[I] < 0 || Ext._M_base[I] <= 0 ||
          Origin._M_base[I] > _M_shape.Ext[I] - Ext._M_base[I])
        details::throwInvalid(
            "section: in dimension " + std::to_string(I) + " origin " +
            std::to_string(Origin._M_base[I]) + " and extent " +
            std::to_string(Ext._M_base[I]) + " do not fit in the view's extent " +
            std::to_string(_M_shape.Ext[I]));
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

  /// Pointer to the first element (rank 1 only): the host copy of the view
  /// is made current (and, for non-const elements, the device copy stale).
  T *data() const restrict(cpu) {
    static_assert(N == 1, "data() needs rank 1");
    return hostData() + _M_shape.H.Offset;
  }
  /// Device side (lowered by the compiler, AmpLibrary.cpp).
  T *data() const restrict(amp);

  // --- Reshaping (spec §5.2.8), rank 1 only -------------------------------
  /// The same elements as a rank-K view of extent ViewExt (at most as many
  /// elements as this view has).
  template <int K>
  array_view<T, K> view_as(const Concurrency::extent<K> &ViewExt) const
      restrict(cpu) {
    static_assert(N == 1, "view_as needs a rank-1 array_view");
    if (_M_shape.Stride[0] != 1 && _M_shape.Ext[0] > 1)
      details::throwInvalid("view_as: the array_view is not contiguous");
    if (details::shapeSize<K>(ViewExt._M_base) > (size_t)_M_shape.Ext[0])
      details::throwInvalid("view_as: the extent has " +
                            std::to_string(details::shapeSize<K>(ViewExt._M_base)) +
                            " elements, more than the array_view's " +
                            std::to_string(_M_shape.Ext[0]));
    return array_view<T, K>(details::FromShape(),
                            details::denseShapeAt<K>(_M_shape.H.Source,
                                                     _M_shape.H.Offset,
                                                     ViewExt._M_base));
  }
  /// Device side (lowered by the compiler, AmpLibrary.cpp).
  template <int K>
  array_view<T, K> view_as(const Concurrency::extent<K> &ViewExt) const
      restrict(amp);

  /// The same bytes as elements of type U (of const U for a view of const
  /// elements); runtime_exception unless they are a whole number of them.
  template <typename U>
  array_view<typename std::conditional<std::is_const<T>::value, const U, U>::type, 1>
  reinterpret_as() const restrict(cpu) {
    static_assert(N == 1, "reinterpret_as needs a rank-1 array_view");
    typedef typename std::conditional<std::is_const<T>::value, const U, U>::type R;
    if (_M_shape.Stride[0] != 1 && _M_shape.Ext[0] > 1)
      details::throwInvalid("reinterpret_as: the array_view is not contiguous");
    size_t Origin = (size_t)_M_shape.H.Offset * sizeof(T);
    if (Origin % sizeof(U) != 0)
      details::throwInvalid("reinterpret_as: the array_view starts at byte " +
                            std::to_string(Origin) +
                            ", not a multiple of the new element size " +
                            std::to_string(sizeof(U)));
    size_t Bytes = (size_t)_M_shape.Ext[0] * sizeof(T);
    if (Bytes % sizeof(U) != 0)
      details::throwInvalid("reinterpret_as: the array_view's " +
                            std::to_string(Bytes) +
                            " bytes are not a whole number of elements of " +
                            std::to_string(sizeof(U)) + " bytes");
    int Count = (int)(Bytes / sizeof(U));
    return array_view<R, 1>(details::FromShape(),
                            details::denseShapeAt<1>(_M_shape.H.Source,
                                                     (int32_t)(Origin / sizeof(U)),
                                                     &Count));
  }
  /// Device side (lowered by the compiler, AmpLibrary.cpp).
  template <typename U>
  array_view<typename std::conditional<std::is_const<T>::value, const U, U>::type, 1>
  reinterpret_as() const restrict(amp);

  // --- Copies (spec §5.2.4) -------------------------------------------------
  /// array_view<const T,N> = array_view<T,N>: shares the data, like the
  /// copy assignment.
  template <typename U, typename = typename std::enable_if<
                            std::is_same<const U, T>::value &&
                            !std::is_same<U, T>::value>::type>
  array_view &operator=(const array_view<U, N> &Other) restrict(cpu) {
    ampcc::rt::retainSource(Other._M_shape.H.Source);
    ampcc::rt::releaseSource(_M_shape.H.Source);
    _M_shape = Other._M_shape;
    return *this;
  }
  /// Copies the elements into Dest (same extent; runtime_exception if not).
  void copy_to(array<nonconst_value_type, N> &Dest) const restrict(cpu) {
    ampcc::rt::copyView(&_M_shape.H, &Dest._M_shape.H, sizeof(T));
  }
  void copy_to(const array_view<nonconst_value_type, N> &Dest) const
      restrict(cpu) {
    ampcc::rt::copyView(&_M_shape.H, &Dest._M_shape.H, sizeof(T));
  }

  // --- Coherence (spec §5.2.7) ---------------------------------------------
  // Each works on this view's own elements only: a section synchronizes,
  // discards or refreshes its rectangle, not its whole data source.

  /// Makes the host memory under this view current. With access_type_write
  /// or access_type_read_write (spec 1.2) the host is about to write, so the
  /// accelerator's copy becomes stale as well.
  void synchronize(access_type Access = access_type_read) const restrict(cpu) {
    bool Write = !std::is_const<T>::value && (Access & access_type_write);
    ampcc::rt::hostAccessView(&_M_shape.H, sizeof(T),
                              Write ? ampcc::rt::HostAccessMode::Write
                                    : ampcc::rt::HostAccessMode::Read);
  }
  completion_future synchronize_async(access_type Access = access_type_read) const
      restrict(cpu) {
    return completion_future(details::runAsync(
        details::SynchronizeTask<array_view>{*this, Access}));
  }
  /// Makes the copy of this view on Target's accelerator current.
  void synchronize_to(const accelerator_view &Target) const restrict(cpu) {
    ampcc::rt::synchronizeViewTo(&_M_shape.H, sizeof(T),
                                 details::implOf(Target));
  }
  completion_future synchronize_to_async(const accelerator_view &Target) const
      restrict(cpu) {
    return completion_future(details::runAsync(
        details::SynchronizeToTask<array_view>{*this, Target}));
  }
  /// This view's current contents are not needed: the next kernel that uses
  /// it does not copy them in.
  void discard_data() const restrict(cpu) {
    ampcc::rt::discardView(&_M_shape.H, sizeof(T));
  }
  /// The host memory under this view changed behind the view's back.
  void refresh() const restrict(cpu) {
    ampcc::rt::refreshView(&_M_shape.H, sizeof(T));
  }

  /// Where the data source lives: an array's accelerator_view, the CPU
  /// accelerator's for host memory; runtime_exception for a view made from
  /// an extent only (it has no data source).
  accelerator_view get_source_accelerator_view() const restrict(cpu) {
    return details::makeView(
        ampcc::rt::sourceAcceleratorView(_M_shape.H.Source));
  }

  // Visual C++ exposes the extent as a property; so do we (needs -fdeclspec,
  // which the driver passes). Declared last: the member named `extent` hides
  // the class template inside the class from here on.
  __declspec(property(get = get_extent)) Concurrency::extent<N> extent;
  __declspec(property(get = get_source_accelerator_view))
      Concurrency::accelerator_view source_accelerator_view;

  /// Must stay the only data member: the runtime reads it from closures.
  details::ViewShape<N> _M_shape;

  /// A view with the given shape over an existing source (projections).
  array_view(details::FromShape, const details::ViewShape<N> &S) : _M_shape(S) {
    ampcc::rt::retainSource(_M_shape.H.Source);
  }

private:
  nonconst_value_type *hostData() const {
    return static_cast<nonconst_value_type *>(ampcc::rt::hostAccessView(
        &_M_shape.H, sizeof(T),
        std::is_const<T>::value ? ampcc::rt::HostAccessMode::Read
                                : ampcc::rt::HostAccessMode::Write));
  }
  size_t linear(const int *Idx) const {
    return details::checkedLinear<N>(_M_shape, Idx, sizeof(T));
  }
  template <typename Container>
  void initContainer(const Concurrency::extent<N> &Ext, Container &Src) {
    size_t Need = details::shapeSize<N>(Ext._M_base);
    if ((size_t)Src.size() < Need)
      details::throwInvalid("array_view over a container of " +
                            std::to_string((size_t)Src.size()) +
                            " elements, fewer than its extent's " +
                            std::to_string(Need));
    initUser(Ext, const_cast<nonconst_value_type *>(Src.data()));
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
    if (I0 < 0 || I0 >= V._M_shape.Ext[0])
      throwOutOfRange("projection: row " + std::to_string(I0) +
                      " is outside the view's extent " + std::to_string(V._M_shape.Ext[0]));
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
