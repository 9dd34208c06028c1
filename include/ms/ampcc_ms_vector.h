// std::vector<const T>, as Visual C++ 2012 and 2013 accept it.
//
// Their standard library instantiates a vector of const elements (an error
// only since Visual Studio 2017); libstdc++'s static_assert rejects it, even
// where only overload resolution names the type (a function template with a
// std::vector<T> parameter called with T = const int). This partial
// specialization is a std::vector<T> whose elements the program can only
// read through it; its allocator argument (std::allocator<const T>, which
// libstdc++ cannot instantiate) is ignored. Part of the Visual C++ machine
// headers (ampcc/ms_prelude.h), off with -fno-ms-headers.
#ifndef AMPCC_MS_VECTOR_H
#define AMPCC_MS_VECTOR_H

#include <cstddef>
#include <vector>

namespace std {
template <typename T, typename A>
class vector<const T, A> : public vector<T> {
  using Base = vector<T>;

public:
  using value_type = const T;
  using reference = const T &;
  using const_reference = const T &;
  using pointer = const T *;
  using const_pointer = const T *;
  using iterator = typename Base::const_iterator;
  using const_iterator = typename Base::const_iterator;
  using size_type = typename Base::size_type;

  using Base::Base;
  vector() = default;

  const T &operator[](size_type I) const { return Base::operator[](I); }
  const T &at(size_type I) const { return Base::at(I); }
  const T &front() const { return Base::front(); }
  const T &back() const { return Base::back(); }
  const T *data() const noexcept { return Base::data(); }
  const_iterator begin() const noexcept { return Base::cbegin(); }
  const_iterator end() const noexcept { return Base::cend(); }
};
} // namespace std

#endif // AMPCC_MS_VECTOR_H
