// ampcc_ms_stdext.h - Microsoft's stdext::checked_array_iterator and
// stdext::unchecked_array_iterator (declared by Visual C++'s <iterator>),
// with make_checked_array_iterator and make_unchecked_array_iterator.
//
// Programs wrap a pointer and a size to copy into plain arrays without
// Visual C++'s "unsafe iterator" warning:
//   std::copy(v.begin(), v.end(), stdext::checked_array_iterator<float *>(p, n));
// In Visual C++ every standard header reaches <iterator>'s declarations;
// ampcc/ms_prelude.h includes this header in every C++ translation unit
// unless the driver is given -fno-ms-headers, and <xutility> includes it.
//
// As in Visual C++, the bounds are checked in debug builds (_DEBUG, or
// _ITERATOR_DEBUG_LEVEL above 0): an iterator moved outside [0, size] or
// dereferenced at size ends the program with a message. Release builds
// do not check (Visual C++'s _ITERATOR_DEBUG_LEVEL 0).
#ifndef AMPCC_MS_STDEXT_H
#define AMPCC_MS_STDEXT_H

#ifdef __cplusplus

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <iterator>

#if defined(_ITERATOR_DEBUG_LEVEL)
#define AMPCC_MS_CHECKED_ITERATORS_ (_ITERATOR_DEBUG_LEVEL > 0)
#elif defined(_DEBUG)
#define AMPCC_MS_CHECKED_ITERATORS_ 1
#else
#define AMPCC_MS_CHECKED_ITERATORS_ 0
#endif

namespace ampcc_ms {
[[noreturn]] inline void checkedIteratorFailure(const char *What) {
  std::fprintf(stderr, "stdext::checked_array_iterator: %s\n", What);
  std::fflush(stderr);
  std::abort();
}
} // namespace ampcc_ms

namespace stdext {

/// A random-access iterator over the Size elements at Array, at Index.
template <typename Ptr> class checked_array_iterator {
  typedef std::iterator_traits<Ptr> Traits;

public:
  typedef typename Traits::iterator_category iterator_category;
  typedef typename Traits::value_type value_type;
  typedef typename Traits::difference_type difference_type;
  typedef typename Traits::pointer pointer;
  typedef typename Traits::reference reference;

  checked_array_iterator() : Array(), Size(0), Index(0) {}
  checked_array_iterator(Ptr Array, size_t Size, size_t Index = 0)
      : Array(Array), Size(Size), Index(Index) {
    check(Index <= Size, "index beyond the array");
  }

  /// The pointer the iterator stands at.
  Ptr base() const { return Array + Index; }

  reference operator*() const {
    check(Array && Index < Size, "dereference outside the array");
    return Array[Index];
  }
  pointer operator->() const { return &**this; }
  reference operator[](difference_type N) const { return *(*this + N); }

  checked_array_iterator &operator++() {
    check(Index < Size, "increment past the end");
    ++Index;
    return *this;
  }
  checked_array_iterator operator++(int) {
    checked_array_iterator Old = *this;
    ++*this;
    return Old;
  }
  checked_array_iterator &operator--() {
    check(Index > 0, "decrement before the beginning");
    --Index;
    return *this;
  }
  checked_array_iterator operator--(int) {
    checked_array_iterator Old = *this;
    --*this;
    return Old;
  }
  checked_array_iterator &operator+=(difference_type N) {
    check(N >= 0 ? size_t(N) <= Size - Index : size_t(-N) <= Index,
          "moved outside the array");
    Index += N;
    return *this;
  }
  checked_array_iterator &operator-=(difference_type N) { return *this += -N; }
  checked_array_iterator operator+(difference_type N) const {
    checked_array_iterator R = *this;
    return R += N;
  }
  checked_array_iterator operator-(difference_type N) const {
    checked_array_iterator R = *this;
    return R -= N;
  }
  friend checked_array_iterator operator+(difference_type N,
                                          const checked_array_iterator &I) {
    return I + N;
  }
  // Positions are compared, so iterators built on different pointers into
  // one array compare as their elements do.
  difference_type operator-(const checked_array_iterator &O) const { return base() - O.base(); }
  bool operator==(const checked_array_iterator &O) const { return base() == O.base(); }
  bool operator!=(const checked_array_iterator &O) const { return !(*this == O); }
  bool operator<(const checked_array_iterator &O) const { return base() < O.base(); }
  bool operator>(const checked_array_iterator &O) const { return O < *this; }
  bool operator<=(const checked_array_iterator &O) const { return !(O < *this); }
  bool operator>=(const checked_array_iterator &O) const { return !(*this < O); }

private:
  static void check(bool Ok, const char *What) {
    if (AMPCC_MS_CHECKED_ITERATORS_ && !Ok)
      ampcc_ms::checkedIteratorFailure(What);
  }

  Ptr Array;
  size_t Size;
  size_t Index;
};

template <typename Ptr>
inline checked_array_iterator<Ptr> make_checked_array_iterator(Ptr Array, size_t Size,
                                                               size_t Index = 0) {
  return checked_array_iterator<Ptr>(Array, Size, Index);
}

/// A pointer as a class type (Visual C++'s way to silence its warning
/// about copies to raw pointers): no checks.
template <typename Ptr> class unchecked_array_iterator {
  typedef std::iterator_traits<Ptr> Traits;

public:
  typedef typename Traits::iterator_category iterator_category;
  typedef typename Traits::value_type value_type;
  typedef typename Traits::difference_type difference_type;
  typedef typename Traits::pointer pointer;
  typedef typename Traits::reference reference;

  unchecked_array_iterator() : P() {}
  explicit unchecked_array_iterator(Ptr P) : P(P) {}
  Ptr base() const { return P; }

  reference operator*() const { return *P; }
  pointer operator->() const { return P; }
  reference operator[](difference_type N) const { return P[N]; }
  unchecked_array_iterator &operator++() {
    ++P;
    return *this;
  }
  unchecked_array_iterator operator++(int) { return unchecked_array_iterator(P++); }
  unchecked_array_iterator &operator--() {
    --P;
    return *this;
  }
  unchecked_array_iterator operator--(int) { return unchecked_array_iterator(P--); }
  unchecked_array_iterator &operator+=(difference_type N) {
    P += N;
    return *this;
  }
  unchecked_array_iterator &operator-=(difference_type N) {
    P -= N;
    return *this;
  }
  unchecked_array_iterator operator+(difference_type N) const {
    return unchecked_array_iterator(P + N);
  }
  unchecked_array_iterator operator-(difference_type N) const {
    return unchecked_array_iterator(P - N);
  }
  friend unchecked_array_iterator operator+(difference_type N,
                                            const unchecked_array_iterator &I) {
    return I + N;
  }
  difference_type operator-(const unchecked_array_iterator &O) const { return P - O.P; }
  bool operator==(const unchecked_array_iterator &O) const { return P == O.P; }
  bool operator!=(const unchecked_array_iterator &O) const { return P != O.P; }
  bool operator<(const unchecked_array_iterator &O) const { return P < O.P; }
  bool operator>(const unchecked_array_iterator &O) const { return P > O.P; }
  bool operator<=(const unchecked_array_iterator &O) const { return P <= O.P; }
  bool operator>=(const unchecked_array_iterator &O) const { return P >= O.P; }

private:
  Ptr P;
};

template <typename Ptr>
inline unchecked_array_iterator<Ptr> make_unchecked_array_iterator(Ptr P) {
  return unchecked_array_iterator<Ptr>(P);
}

} // namespace stdext

#endif // __cplusplus

#endif // AMPCC_MS_STDEXT_H
