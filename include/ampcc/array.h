// ampcc/array.h - concurrency::array<T,N> (spec §5.1).
//
// An array owns its storage, which lives with the accelerator; kernels
// capture arrays by reference. Like array_view, its only data member is a
// ViewShape (the runtime reads it through the reference in the closure), and
// on the device it is the same __global pointer plus shape. Element access on
// the host is allowed (the runtime copies the data back first).
//
// Placement: array(extent, av) puts the data on av's accelerator (the
// default accelerator's default view otherwise). A staging array,
// array(extent, cpu_av, associated_av), keeps its data in host memory and
// moves it to associated_av's accelerator when used there.
#ifndef AMPCC_ARRAY_H
#define AMPCC_ARRAY_H

#include "array_view.h"

#include <algorithm>
#include <iterator>
#include <type_traits>
#include <vector>

namespace Concurrency {

namespace details {
template <typename It>
using IsIterator = std::integral_constant<bool, !std::is_integral<It>::value>;

/// Copies [First, Last) (at most the shape's element count; more is an
/// error for forward iterators) into the elements of shape S, in row-major
/// order. When the range provably covers every element, nothing is read
/// back from the device first.
template <typename T, int N, typename InputIt>
void copyIn(InputIt First, InputIt Last, const ViewShape<N> &S) {
  size_t Size = shapeSize<N>(S.Ext);
  ampcc::rt::HostAccessMode Mode = ampcc::rt::HostAccessMode::Write;
  if (std::is_base_of<std::forward_iterator_tag,
                      typename std::iterator_traits<InputIt>::iterator_category>::value) {
    size_t Count = (size_t)std::distance(First, Last);
    if (Count > Size)
      throwInvalid("copy: the source range has " + std::to_string(Count) +
                   " elements, more than the destination's " +
                   std::to_string(Size));
    if (Count == Size)
      Mode = ampcc::rt::HostAccessMode::Overwrite;
  }
  T *Base = static_cast<T *>(ampcc::rt::hostAccessView(&S.H, sizeof(T), Mode));
  struct Assign {
    T *Base;
    InputIt &It;
    InputIt &End;
    bool operator()(size_t L) {
      if (It == End)
        return false;
      Base[L] = *It;
      ++It;
      return true;
    }
  } Fn{Base, First, Last};
  forEachElement<N>(S, Fn);
}

/// Copies shapeSize(S) elements from First into the elements of shape S, in
/// row-major order; every element is written, so nothing is read back.
template <typename T, int N, typename InputIt>
void copyInN(InputIt First, const ViewShape<N> &S) {
  T *Base = static_cast<T *>(ampcc::rt::hostAccessView(
      &S.H, sizeof(T), ampcc::rt::HostAccessMode::Overwrite));
  struct Assign {
    T *Base;
    InputIt &It;
    bool operator()(size_t L) {
      Base[L] = *It;
      ++It;
      return true;
    }
  } Fn{Base, First};
  forEachElement<N>(S, Fn);
}

/// Iterators over contiguous elements of type T (pointers, std::vector's).
template <typename T, typename It>
using IsContiguousOf = std::integral_constant<
    bool, !std::is_same<T, bool>::value &&
              (std::is_same<It, T *>::value || std::is_same<It, const T *>::value ||
               std::is_same<It, typename std::vector<T>::iterator>::value ||
               std::is_same<It, typename std::vector<T>::const_iterator>::value)>;

/// copy from iterators into a view, and the array constructors that take
/// iterators. From contiguous memory that covers every element the runtime
/// moves the range in one transfer, straight to the device for an array
/// (docs/performance.md, "Transfers from ordinary memory"); element by
/// element through the host copy otherwise.
template <typename T, int N, typename InputIter>
void copyFrom(InputIter First, InputIter Last, const ViewShape<N> &S) {
  if constexpr (IsContiguousOf<T, InputIter>::value) {
    size_t Size = shapeSize<N>(S.Ext);
    if (Size && size_t(Last - First) == Size) {
      ampcc::rt::writeViewDense(&S.H, sizeof(T), &*First);
      return;
    }
  }
  copyIn<T, N>(First, Last, S);
}
template <typename T, int N, typename InputIter>
void copyFromN(InputIter First, const ViewShape<N> &S) {
  if constexpr (IsContiguousOf<T, InputIter>::value) {
    if (shapeSize<N>(S.Ext))
      ampcc::rt::writeViewDense(&S.H, sizeof(T), &*First);
    return;
  }
  copyInN<T, N>(First, S);
}

/// Copies every element of shape S (row-major) to Dest; returns the end.
/// Through a dense temporary that the runtime fills from wherever the
/// current data is, so that copying out of an array_view does not update
/// the user memory under it (Visual C++ does not either).
template <typename T, int N, typename OutputIt>
OutputIt copyOut(const ViewShape<N> &S, OutputIt Dest) {
  size_t Count = shapeSize<N>(S.Ext);
  // Into contiguous memory (a pointer, a std::vector's iterator) the
  // runtime writes directly: a temporary would cost a second pass over the
  // data and fresh pages every time (a 256 MB copy out of a device array
  // took 11x raw clEnqueueReadBuffer's time on the H100 that way).
  if constexpr (std::is_same<OutputIt, T *>::value ||
                std::is_same<OutputIt, typename std::vector<T>::iterator>::value) {
    if (Count)
      ampcc::rt::readViewDense(&S.H, sizeof(T), &*Dest);
    return Dest + Count;
  }
  // Raw storage: element types need not be default-constructible, and
  // amp-compatible ones are trivially copyable.
  std::unique_ptr<unsigned char[]> Dense(new unsigned char[Count * sizeof(T)]);
  ampcc::rt::readViewDense(&S.H, sizeof(T), Dense.get());
  const T *Elems = reinterpret_cast<const T *>(Dense.get());
  return std::copy(Elems, Elems + Count, Dest);
}
} // namespace details

template <typename T, int N = 1> class array {
  static_assert(N > 0, "rank of array must be positive");
  static_assert(!std::is_const<T>::value, "array elements cannot be const");
  static_assert(!std::is_pointer<T>::value,
                "the element type of array cannot be a pointer");
  typedef Concurrency::accelerator_view AV;

public:
  static const int rank = N;
  typedef T value_type;

  // --- Construction (spec §5.1.1) -------------------------------------------
  // Every form takes, optionally at its end: an accelerator_view to place the
  // data on (and an access_type, remembered by nothing: ampcc arrays are
  // always CPU-accessible), or two views for a staging array.
  explicit array(const Concurrency::extent<N> &Ext) { init(Ext); }
  explicit array(int E0) { init(Concurrency::extent<N>(E0)); }
  array(int E0, int E1) { init(Concurrency::extent<N>(E0, E1)); }
  array(int E0, int E1, int E2) { init(Concurrency::extent<N>(E0, E1, E2)); }

  array(const Concurrency::extent<N> &Ext, const AV &Av,
        access_type Cpu = access_type_auto) {
    init(Ext, &Av, nullptr, Cpu);
  }
  array(int E0, const AV &Av, access_type Cpu = access_type_auto) {
    init(Concurrency::extent<N>(E0), &Av, nullptr, Cpu);
  }
  array(int E0, int E1, const AV &Av, access_type Cpu = access_type_auto) {
    init(Concurrency::extent<N>(E0, E1), &Av, nullptr, Cpu);
  }
  array(int E0, int E1, int E2, const AV &Av, access_type Cpu = access_type_auto) {
    init(Concurrency::extent<N>(E0, E1, E2), &Av, nullptr, Cpu);
  }

  // Staging arrays.
  array(const Concurrency::extent<N> &Ext, const AV &Av, const AV &Associated) {
    init(Ext, &Av, &Associated);
  }
  array(int E0, const AV &Av, const AV &Associated) {
    init(Concurrency::extent<N>(E0), &Av, &Associated);
  }
  array(int E0, int E1, const AV &Av, const AV &Associated) {
    init(Concurrency::extent<N>(E0, E1), &Av, &Associated);
  }
  array(int E0, int E1, int E2, const AV &Av, const AV &Associated) {
    init(Concurrency::extent<N>(E0, E1, E2), &Av, &Associated);
  }

  /// Copies [First, Last) into the new array (at most extent.size()
  /// elements), or extent.size() elements from First.
#define AMPCC_ARRAY_ITER_CTORS_(PARAMS, EXT)                                   \
  template <typename InputIt, typename = typename std::enable_if<             \
                                  details::IsIterator<InputIt>::value>::type> \
  array(PARAMS InputIt First, InputIt Last) {                                  \
    init(EXT);                                                                 \
    details::copyFrom<T, N>(First, Last, _M_shape);                            \
  }                                                                            \
  template <typename InputIt, typename = typename std::enable_if<             \
                                  details::IsIterator<InputIt>::value>::type> \
  array(PARAMS InputIt First) {                                                \
    init(EXT);                                                                 \
    fillFrom(First);                                                           \
  }                                                                            \
  template <typename InputIt, typename = typename std::enable_if<             \
                                  details::IsIterator<InputIt>::value>::type> \
  array(PARAMS InputIt First, InputIt Last, const AV &Av,                      \
        access_type Cpu = access_type_auto) {                                      \
    init(EXT, &Av, nullptr, Cpu);                                                            \
    details::copyFrom<T, N>(First, Last, _M_shape);                            \
  }                                                                            \
  template <typename InputIt, typename = typename std::enable_if<             \
                                  details::IsIterator<InputIt>::value>::type> \
  array(PARAMS InputIt First, const AV &Av, access_type Cpu = access_type_auto) {  \
    init(EXT, &Av, nullptr, Cpu);                                                            \
    fillFrom(First);                                                           \
  }                                                                            \
  template <typename InputIt, typename = typename std::enable_if<             \
                                  details::IsIterator<InputIt>::value>::type> \
  array(PARAMS InputIt First, InputIt Last, const AV &Av,                      \
        const AV &Associated) {                                                \
    init(EXT, &Av, &Associated);                                               \
    details::copyFrom<T, N>(First, Last, _M_shape);                            \
  }                                                                            \
  template <typename InputIt, typename = typename std::enable_if<             \
                                  details::IsIterator<InputIt>::value>::type> \
  array(PARAMS InputIt First, const AV &Av, const AV &Associated) {            \
    init(EXT, &Av, &Associated);                                               \
    fillFrom(First);                                                           \
  }
#define AMPCC_COMMA_ ,
  AMPCC_ARRAY_ITER_CTORS_(const Concurrency::extent<N> &Ext AMPCC_COMMA_, Ext)
  AMPCC_ARRAY_ITER_CTORS_(int E0 AMPCC_COMMA_, Concurrency::extent<N>(E0))
  AMPCC_ARRAY_ITER_CTORS_(int E0 AMPCC_COMMA_ int E1 AMPCC_COMMA_,
                          Concurrency::extent<N>(E0 AMPCC_COMMA_ E1))
  AMPCC_ARRAY_ITER_CTORS_(int E0 AMPCC_COMMA_ int E1 AMPCC_COMMA_ int E2 AMPCC_COMMA_,
                          Concurrency::extent<N>(E0 AMPCC_COMMA_ E1 AMPCC_COMMA_ E2))
#undef AMPCC_COMMA_
#undef AMPCC_ARRAY_ITER_CTORS_

  /// A copy of the data a view shows (on the default accelerator, or Av).
  explicit array(const array_view<const T, N> &Src) {
    init(Src.get_extent());
    copyFrom(Src._M_shape);
  }
  explicit array(const array_view<T, N> &Src) {
    init(Src.get_extent());
    copyFrom(Src._M_shape);
  }
  array(const array_view<const T, N> &Src, const AV &Av,
        access_type Cpu = access_type_auto) {
    init(Src.get_extent(), &Av, nullptr, Cpu);
    copyFrom(Src._M_shape);
  }
  array(const array_view<T, N> &Src, const AV &Av,
        access_type Cpu = access_type_auto) {
    init(Src.get_extent(), &Av, nullptr, Cpu);
    copyFrom(Src._M_shape);
  }
  array(const array_view<const T, N> &Src, const AV &Av, const AV &Associated) {
    init(Src.get_extent(), &Av, &Associated);
    copyFrom(Src._M_shape);
  }
  array(const array_view<T, N> &Src, const AV &Av, const AV &Associated) {
    init(Src.get_extent(), &Av, &Associated);
    copyFrom(Src._M_shape);
  }

  // --- Copy and move -----------------------------------------------------------
  /// A deep copy on the same accelerator_view(s); copied on the device when
  /// the data is there.
  array(const array &Other) {
    AV Home = Other.get_accelerator_view();
    AV Assoc = Other.get_associated_accelerator_view();
    if (Home == Assoc)
      init(Other.get_extent(), &Home);
    else
      init(Other.get_extent(), &Home, &Assoc);
    copyFrom(Other._M_shape);
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
  /// Copies the view's elements in; the extents must be equal.
  array &operator=(const array_view<const T, N> &Src) {
    copyFrom(Src._M_shape);
    return *this;
  }
  ~array() { ampcc::rt::releaseSource(_M_shape.H.Source); }

  // --- Shape ---------------------------------------------------------------
  Concurrency::extent<N> get_extent() const restrict(cpu) {
    return Concurrency::extent<N>(_M_shape.Ext);
  }
  Concurrency::extent<N> get_extent() const restrict(amp);

  // --- Where the data lives ------------------------------------------------------
  AV get_accelerator_view() const {
    return details::makeView(ampcc::rt::sourceAcceleratorView(_M_shape.H.Source));
  }
  /// A staging array's associated view; else get_accelerator_view().
  AV get_associated_accelerator_view() const {
    return details::makeView(ampcc::rt::sourceAssociatedView(_M_shape.H.Source));
  }
  /// As created (access_type_auto resolved by the accelerator's default):
  /// access_type_none on a discrete GPU, where the host may not index the
  /// array or take data(), as in Visual C++.
  access_type get_cpu_access_type() const {
    return access_type(ampcc::rt::sourceCpuAccess(_M_shape.H.Source));
  }

  // --- Element access ----------------------------------------------------------
  T &operator[](const Concurrency::index<N> &Idx) restrict(cpu) {
    requireCpuAccess();
    return hostWrite()[details::checkedLinear<N>(_M_shape, Idx._M_base, sizeof(T))];
  }
  const T &operator[](const Concurrency::index<N> &Idx) const restrict(cpu) {
    requireCpuAccess();
    return hostRead()[details::checkedLinear<N>(_M_shape, Idx._M_base, sizeof(T))];
  }
  T &operator()(const Concurrency::index<N> &Idx) restrict(cpu) {
    return (*this)[Idx];
  }
  const T &operator()(const Concurrency::index<N> &Idx) const restrict(cpu) {
    return (*this)[Idx];
  }
  // Rank 1 gives an element: the same rule as operator[](index).
  typename details::Projection<T, N>::type operator[](int I0) restrict(cpu) {
    if (N == 1)
      requireCpuAccess();
    return view()[I0];
  }
  typename details::Projection<const T, N>::type operator[](int I0) const restrict(cpu) {
    if (N == 1)
      requireCpuAccess();
    return array_view<const T, N>(*this)[I0];
  }
  typename details::Projection<T, N>::type operator()(int I0) restrict(cpu) {
    return view()[I0];
  }
  typename details::Projection<const T, N>::type operator()(int I0) const restrict(cpu) {
    return array_view<const T, N>(*this)[I0];
  }
  T &operator()(int I0, int I1) restrict(cpu) {
    static_assert(N == 2, "operator()(int, int) needs rank 2");
    return (*this)[Concurrency::index<2>(I0, I1)];
  }
  const T &operator()(int I0, int I1) const restrict(cpu) {
    static_assert(N == 2, "operator()(int, int) needs rank 2");
    return (*this)[Concurrency::index<2>(I0, I1)];
  }
  T &operator()(int I0, int I1, int I2) restrict(cpu) {
    static_assert(N == 3, "operator()(int, int, int) needs rank 3");
    return (*this)[Concurrency::index<3>(I0, I1, I2)];
  }
  const T &operator()(int I0, int I1, int I2) const restrict(cpu) {
    static_assert(N == 3, "operator()(int, int, int) needs rank 3");
    return (*this)[Concurrency::index<3>(I0, I1, I2)];
  }

  // Device element access: lowered by the compiler like array_view's.
  T &operator[](const Concurrency::index<N> &Idx) restrict(amp);
  const T &operator[](const Concurrency::index<N> &Idx) const restrict(amp);
  T &operator()(const Concurrency::index<N> &Idx) restrict(amp);
  const T &operator()(const Concurrency::index<N> &Idx) const restrict(amp);
  typename details::Projection<T, N>::type operator[](int I0) restrict(amp);
  typename details::Projection<const T, N>::type operator[](int I0) const restrict(amp);
  typename details::Projection<T, N>::type operator()(int I0) restrict(amp);
  typename details::Projection<const T, N>::type operator()(int I0) const restrict(amp);
  T &operator()(int I0, int I1) restrict(amp);
  const T &operator()(int I0, int I1) const restrict(amp);
  T &operator()(int I0, int I1, int I2) restrict(amp);
  const T &operator()(int I0, int I1, int I2) const restrict(amp);

  // --- Sections (spec §5.1.5): views of a rectangle of the array -----------------
  array_view<T, N> section(const Concurrency::index<N> &Origin,
                           const Concurrency::extent<N> &Ext) restrict(cpu) {
    return view().section(Origin, Ext);
  }
  array_view<const T, N> section(const Concurrency::index<N> &Origin,
                                 const Concurrency::extent<N> &Ext) const
      restrict(cpu) {
    return cview().section(Origin, Ext);
  }
  array_view<T, N> section(const Concurrency::index<N> &Origin) restrict(cpu) {
    return view().section(Origin);
  }
  array_view<const T, N> section(const Concurrency::index<N> &Origin) const
      restrict(cpu) {
    return cview().section(Origin);
  }
  array_view<T, N> section(const Concurrency::extent<N> &Ext) restrict(cpu) {
    return view().section(Ext);
  }
  array_view<const T, N> section(const Concurrency::extent<N> &Ext) const
      restrict(cpu) {
    return cview().section(Ext);
  }
  array_view<T, N> section(int I0, int E0) restrict(cpu) {
    return view().section(I0, E0);
  }
  array_view<const T, N> section(int I0, int E0) const restrict(cpu) {
    return cview().section(I0, E0);
  }
  array_view<T, N> section(int I0, int I1, int E0, int E1) restrict(cpu) {
    return view().section(I0, I1, E0, E1);
  }
  array_view<const T, N> section(int I0, int I1, int E0, int E1) const
      restrict(cpu) {
    return cview().section(I0, I1, E0, E1);
  }
  array_view<T, N> section(int I0, int I1, int I2, int E0, int E1, int E2)
      restrict(cpu) {
    return view().section(I0, I1, I2, E0, E1, E2);
  }
  array_view<const T, N> section(int I0, int I1, int I2, int E0, int E1,
                                 int E2) const restrict(cpu) {
    return cview().section(I0, I1, I2, E0, E1, E2);
  }

  // Device sections: section(origin, extent) is lowered by the compiler like
  // array_view's (AmpLibrary.cpp); the other forms are written in its terms.
  array_view<T, N> section(const Concurrency::index<N> &Origin,
                           const Concurrency::extent<N> &Ext) restrict(amp);
  array_view<const T, N> section(const Concurrency::index<N> &Origin,
                                 const Concurrency::extent<N> &Ext) const restrict(amp);
  array_view<T, N> section(const Concurrency::index<N> &Origin) restrict(amp) {
    return section(Origin, restOf(Origin));
  }
  array_view<const T, N> section(const Concurrency::index<N> &Origin) const
      restrict(amp) {
    return section(Origin, restOf(Origin));
  }
  array_view<T, N> section(const Concurrency::extent<N> &Ext) restrict(amp) {
    return section(Concurrency::index<N>(), Ext);
  }
  array_view<const T, N> section(const Concurrency::extent<N> &Ext) const
      restrict(amp) {
    return section(Concurrency::index<N>(), Ext);
  }
  array_view<T, N> section(int I0, int E0) restrict(amp) {
    return section(Concurrency::index<N>(I0), Concurrency::extent<N>(E0));
  }
  array_view<const T, N> section(int I0, int E0) const restrict(amp) {
    return section(Concurrency::index<N>(I0), Concurrency::extent<N>(E0));
  }
  array_view<T, N> section(int I0, int I1, int E0, int E1) restrict(amp) {
    return section(Concurrency::index<N>(I0, I1), Concurrency::extent<N>(E0, E1));
  }
  array_view<const T, N> section(int I0, int I1, int E0, int E1) const
      restrict(amp) {
    return section(Concurrency::index<N>(I0, I1), Concurrency::extent<N>(E0, E1));
  }
  array_view<T, N> section(int I0, int I1, int I2, int E0, int E1, int E2)
      restrict(amp) {
    return section(Concurrency::index<N>(I0, I1, I2),
                   Concurrency::extent<N>(E0, E1, E2));
  }
  array_view<const T, N> section(int I0, int I1, int I2, int E0, int E1,
                                 int E2) const restrict(amp) {
    return section(Concurrency::index<N>(I0, I1, I2),
                   Concurrency::extent<N>(E0, E1, E2));
  }

  // --- Reshaping (spec §5.1.6): an array is contiguous, of any rank -------------
  template <int K>
  array_view<T, K> view_as(const Concurrency::extent<K> &ViewExt) restrict(cpu) {
    return flat().template view_as<K>(ViewExt);
  }
  template <int K>
  array_view<const T, K> view_as(const Concurrency::extent<K> &ViewExt) const
      restrict(cpu) {
    return array_view<const T, 1>(flat()).template view_as<K>(ViewExt);
  }
  template <typename U> array_view<U, 1> reinterpret_as() restrict(cpu) {
    return flat().template reinterpret_as<U>();
  }
  template <typename U>
  array_view<const U, 1> reinterpret_as() const restrict(cpu) {
    return array_view<const T, 1>(flat()).template reinterpret_as<U>();
  }

  // Device reshaping and data(): lowered by the compiler (AmpLibrary.cpp).
  template <int K>
  array_view<T, K> view_as(const Concurrency::extent<K> &ViewExt) restrict(amp);
  template <int K>
  array_view<const T, K> view_as(const Concurrency::extent<K> &ViewExt) const
      restrict(amp);
  template <typename U> array_view<U, 1> reinterpret_as() restrict(amp);
  template <typename U> array_view<const U, 1> reinterpret_as() const restrict(amp);
  T *data() restrict(amp);
  const T *data() const restrict(amp);

  // --- Host data and copies --------------------------------------------------------
  /// The host copy of the elements (made current first; the device copy
  /// becomes stale: the caller may write through the pointer).
  /// Null when the array is not accessible on the CPU (access_type_none).
  T *data() restrict(cpu) { return cpuAccessible() ? hostWrite() : nullptr; }
  const T *data() const restrict(cpu) {
    return cpuAccessible() ? hostRead() : nullptr;
  }
  void copy_to(array &Dest) const {
    ampcc::rt::copyView(&_M_shape.H, &Dest._M_shape.H, sizeof(T));
  }
  void copy_to(const array_view<T, N> &Dest) const {
    ampcc::rt::copyView(&_M_shape.H, &Dest._M_shape.H, sizeof(T));
  }
  operator std::vector<T>() const {
    std::vector<T> V;
    V.reserve(get_extent().size());
    details::copyOut<T, N>(_M_shape, std::back_inserter(V));
    return V;
  }

  __declspec(property(get = get_extent)) Concurrency::extent<N> extent;
  __declspec(property(get = get_accelerator_view))
      Concurrency::accelerator_view accelerator_view;
  __declspec(property(get = get_associated_accelerator_view))
      Concurrency::accelerator_view associated_accelerator_view;
  __declspec(property(get = get_cpu_access_type)) access_type cpu_access_type;

  /// Must stay the only data member: the runtime reads it from closures.
  details::ViewShape<N> _M_shape;

private:
  /// The extent from Origin to the array's end.
  Concurrency::extent<N> restOf(const Concurrency::index<N> &Origin) const
      restrict(amp) {
    Concurrency::extent<N> Rest = get_extent();
    for (int I = 0; I < N; ++I)
      Rest._M_base[I] -= Origin._M_base[I];
    return Rest;
  }
  array_view<T, N> view() const { return array_view<T, N>(const_cast<array &>(*this)); }
  array_view<const T, N> cview() const { return array_view<const T, N>(*this); }
  /// All elements as one rank-1 view (arrays are dense).
  array_view<T, 1> flat() const {
    int Count = (int)get_extent().size();
    return array_view<T, 1>(details::FromShape(),
                            details::denseShapeAt<1>(_M_shape.H.Source, 0, &Count));
  }
  bool cpuAccessible() const {
    return ampcc::rt::sourceCpuAccess(_M_shape.H.Source) != access_type_none;
  }
  void requireCpuAccess() const {
    if (!cpuAccessible())
      throw runtime_exception(
          "array: element access on the CPU to an array whose cpu_access_type "
          "is access_type_none (its data lives only on " +
              narrowName(get_accelerator_view().get_accelerator()
                             .get_description()) +
              "); copy it out, or use an array_view over it, which copies "
              "on access",
          AMPCC_E_FAIL);
  }
  static std::string narrowName(const std::wstring &W) {
    return std::string(W.begin(), W.end());
  }
  void init(const Concurrency::extent<N> &Ext, const AV *Av = nullptr,
            const AV *Associated = nullptr, access_type Cpu = access_type_auto) {
    // An array owns storage: Visual C++ rejects an empty or negative extent.
    for (int I = 0; I < N; ++I)
      if (Ext._M_base[I] <= 0)
        details::throwInvalid("array: extent " + std::to_string(Ext._M_base[I]) +
                              " in dimension " + std::to_string(I) +
                              " is not positive");
    details::initDenseShape(_M_shape, Ext._M_base);
    _M_shape.H.Source = ampcc::rt::createArraySource(
        sizeof(T), details::shapeSize<N>(Ext._M_base),
        Av ? details::implOf(*Av) : nullptr,
        Associated ? details::implOf(*Associated) : nullptr, int(Cpu));
  }
  T *hostWrite() const {
    return static_cast<T *>(ampcc::rt::hostAccessView(
        &_M_shape.H, sizeof(T), ampcc::rt::HostAccessMode::Write));
  }
  const T *hostRead() const {
    return static_cast<const T *>(ampcc::rt::hostAccessView(
        &_M_shape.H, sizeof(T), ampcc::rt::HostAccessMode::Read));
  }
  template <typename InputIt> void fillFrom(InputIt First) {
    details::copyFromN<T, N>(First, _M_shape);
  }
  void copyFrom(const details::ViewShape<N> &Src) {
    ampcc::rt::copyView(&Src.H, &_M_shape.H, sizeof(T));
  }
};

} // namespace Concurrency

#endif // AMPCC_ARRAY_H
