// ampcc/copy.h - concurrency::copy and copy_async (spec §5.3).
//
// Between arrays and views the runtime picks the cheapest route (copyView
// in runtime_api.h): host memory to host memory, one rectangle transfer
// each way, or a copy between two buffers on the device that never crosses
// the bus. Iterator forms go through the host copy of the array or view;
// a range that covers every element is written without reading the old
// contents back first.
//
// copy_async runs the same copy on another thread and returns a
// completion_future; the arrays, views and iterators must stay valid until
// it completes.
#ifndef AMPCC_COPY_H
#define AMPCC_COPY_H

#include "array.h"
#include "array_view.h"
#include "completion_future.h"

#include <iterator>
#include <type_traits>
#include <vector>

namespace Concurrency {

namespace details {
/// Iterator overloads must not take an array or array_view by value: a copy
/// between containers the container overloads reject (a const destination)
/// would otherwise compile as a copy to an "iterator".
template <typename X> struct IsAmpContainer : std::false_type {};
template <typename T, int N> struct IsAmpContainer<array<T, N>> : std::true_type {};
template <typename T, int N> struct IsAmpContainer<array_view<T, N>> : std::true_type {};
template <typename X>
using IteratorOnly =
    typename std::enable_if<!IsAmpContainer<typename std::decay<X>::type>::value>::type;

template <typename T, int N>
void copyShapes(const ViewShape<N> &Src, const ViewShape<N> &Dst) {
  ampcc::rt::copyView(&Src.H, &Dst.H, sizeof(T));
}

} // namespace details

// --- Between arrays and array_views ---------------------------------------------

template <typename T, int N>
void copy(const array<T, N> &Src, array<T, N> &Dest) {
  details::copyShapes<T, N>(Src._M_shape, Dest._M_shape);
}
template <typename T, int N>
void copy(const array<T, N> &Src, const array_view<T, N> &Dest) {
  details::copyShapes<T, N>(Src._M_shape, Dest._M_shape);
}
template <typename T, int N>
void copy(const array_view<const T, N> &Src, array<T, N> &Dest) {
  details::copyShapes<T, N>(Src._M_shape, Dest._M_shape);
}
template <typename T, int N>
void copy(const array_view<T, N> &Src, array<T, N> &Dest) {
  details::copyShapes<T, N>(Src._M_shape, Dest._M_shape);
}
template <typename T, int N>
void copy(const array_view<const T, N> &Src, const array_view<T, N> &Dest) {
  details::copyShapes<T, N>(Src._M_shape, Dest._M_shape);
}
template <typename T, int N>
void copy(const array_view<T, N> &Src, const array_view<T, N> &Dest) {
  static_assert(!std::is_const<T>::value,
                "copy: the destination array_view has const elements");
  details::copyShapes<T, N>(Src._M_shape, Dest._M_shape);
}

// --- From iterators ---------------------------------------------------------------

template <typename InputIter, typename T, int N>
void copy(InputIter SrcBegin, InputIter SrcEnd, array<T, N> &Dest) {
  details::copyFrom<T, N>(SrcBegin, SrcEnd, Dest._M_shape);
}
template <typename InputIter, typename T, int N,
          typename = details::IteratorOnly<InputIter>>
void copy(InputIter SrcBegin, array<T, N> &Dest) {
  details::copyFromN<T, N>(SrcBegin, Dest._M_shape);
}
template <typename InputIter, typename T, int N>
void copy(InputIter SrcBegin, InputIter SrcEnd, const array_view<T, N> &Dest) {
  static_assert(!std::is_const<T>::value,
                "copy: the destination array_view has const elements");
  details::copyFrom<T, N>(SrcBegin, SrcEnd, Dest._M_shape);
}
template <typename InputIter, typename T, int N,
          typename = details::IteratorOnly<InputIter>>
void copy(InputIter SrcBegin, const array_view<T, N> &Dest) {
  static_assert(!std::is_const<T>::value,
                "copy: the destination array_view has const elements");
  details::copyFromN<T, N>(SrcBegin, Dest._M_shape);
}

// --- To iterators ---------------------------------------------------------------------

template <typename OutputIter, typename T, int N,
          typename = details::IteratorOnly<OutputIter>>
void copy(const array<T, N> &Src, OutputIter DestBegin) {
  details::copyOut<T, N>(Src._M_shape, DestBegin);
}
template <typename OutputIter, typename T, int N,
          typename = details::IteratorOnly<OutputIter>>
void copy(const array_view<T, N> &Src, OutputIter DestBegin) {
  details::copyOut<typename std::remove_const<T>::type, N>(Src._M_shape,
                                                           DestBegin);
}

// --- copy_async -------------------------------------------------------------------------

namespace details {
/// An argument held by reference (an array: it cannot be copied). Not
/// std::reference_wrapper: <functional> brings all of <array>, and with it
/// a complete std::array beside C++ AMP's under `using namespace std;`.
template <typename X> struct ByRef {
  X *P;
};
template <typename X> ByRef<X> byRef(X &V) { return ByRef<X>{&V}; }
template <typename X> X &unwrapArg(X &V) { return V; }
template <typename X> X &unwrapArg(ByRef<X> V) { return *V.P; }

/// The body of a copy_async: a named functor (not a lambda, so that nothing
/// here is implicitly restrict(cpu,amp)) holding the arguments of copy.
template <typename A, typename B> struct CopyTask2 {
  A First;
  B Second;
  void operator()() { Concurrency::copy(unwrapArg(First), unwrapArg(Second)); }
};
template <typename A, typename B, typename C> struct CopyTask3 {
  A First;
  B Second;
  C Third;
  void operator()() {
    Concurrency::copy(unwrapArg(First), unwrapArg(Second), unwrapArg(Third));
  }
};
template <typename A, typename B>
completion_future copyAsync2(A First, B Second) {
  return completion_future(runAsync(CopyTask2<A, B>{First, Second}));
}
template <typename A, typename B, typename C>
completion_future copyAsync3(A First, B Second, C Third) {
  return completion_future(runAsync(CopyTask3<A, B, C>{First, Second, Third}));
}
} // namespace details

template <typename T, int N>
completion_future copy_async(const array<T, N> &Src, array<T, N> &Dest) {
  return details::copyAsync2(details::byRef(Src), details::byRef(Dest));
}
template <typename T, int N>
completion_future copy_async(const array<T, N> &Src,
                             const array_view<T, N> &Dest) {
  return details::copyAsync2(details::byRef(Src), Dest);
}
template <typename T, int N>
completion_future copy_async(const array_view<const T, N> &Src,
                             array<T, N> &Dest) {
  return details::copyAsync2(Src, details::byRef(Dest));
}
template <typename T, int N>
completion_future copy_async(const array_view<T, N> &Src, array<T, N> &Dest) {
  return details::copyAsync2(Src, details::byRef(Dest));
}
template <typename T, int N>
completion_future copy_async(const array_view<const T, N> &Src,
                             const array_view<T, N> &Dest) {
  return details::copyAsync2(Src, Dest);
}
template <typename T, int N>
completion_future copy_async(const array_view<T, N> &Src,
                             const array_view<T, N> &Dest) {
  return details::copyAsync2(Src, Dest);
}
template <typename InputIter, typename T, int N>
completion_future copy_async(InputIter SrcBegin, InputIter SrcEnd,
                             array<T, N> &Dest) {
  return details::copyAsync3(SrcBegin, SrcEnd, details::byRef(Dest));
}
template <typename InputIter, typename T, int N,
          typename = details::IteratorOnly<InputIter>>
completion_future copy_async(InputIter SrcBegin, array<T, N> &Dest) {
  return details::copyAsync2(SrcBegin, details::byRef(Dest));
}
template <typename InputIter, typename T, int N>
completion_future copy_async(InputIter SrcBegin, InputIter SrcEnd,
                             const array_view<T, N> &Dest) {
  return details::copyAsync3(SrcBegin, SrcEnd, Dest);
}
template <typename InputIter, typename T, int N,
          typename = details::IteratorOnly<InputIter>>
completion_future copy_async(InputIter SrcBegin, const array_view<T, N> &Dest) {
  return details::copyAsync2(SrcBegin, Dest);
}
template <typename OutputIter, typename T, int N,
          typename = details::IteratorOnly<OutputIter>>
completion_future copy_async(const array<T, N> &Src, OutputIter DestBegin) {
  return details::copyAsync2(details::byRef(Src), DestBegin);
}
template <typename OutputIter, typename T, int N,
          typename = details::IteratorOnly<OutputIter>>
completion_future copy_async(const array_view<T, N> &Src, OutputIter DestBegin) {
  return details::copyAsync2(Src, DestBegin);
}

} // namespace Concurrency

#endif // AMPCC_COPY_H
