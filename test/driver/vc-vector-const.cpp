// std::vector<const T> compiles, as with Visual C++ 2012 and 2013: built
// from a range or a list, read by index, at(), data() and a range for, and
// named by overload resolution (a function template taking std::vector<T>,
// called with T = const int, beside one taking pointers). libstdc++'s own
// vector rejects it with a static_assert (-fno-ms-headers).
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// RUN: %not %ampcc -fno-ms-headers -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=OFF %s
// CHECK: vector<const int>: 1 1 6 5
// OFF: error: static assertion failed{{.*}}non-const
#include <amp.h>
#include <cstddef>
#include <cstdio>
#include <vector>

template <typename T> bool same(const T *A, const T *B, std::size_t N) {
  for (std::size_t I = 0; I < N; ++I)
    if (A[I] != B[I])
      return false;
  return true;
}
template <typename T> bool same(const std::vector<T> &A, const std::vector<T> &B) {
  return A.size() == B.size() && same(A.data(), B.data(), A.size());
}

int main() {
  int Raw[3] = {1, 2, 3};
  std::vector<const int> FromRange(Raw, Raw + 3);
  std::vector<const int> FromList{1, 2, 3};
  int Sum = 0;
  for (const int &V : FromRange)
    Sum += V;
  std::printf("vector<const int>: %d %d %d %d\n", same<const int>(Raw, FromRange.data(), 3),
              same(FromRange, FromList), Sum, FromRange[2] + FromList.at(1));
  return 0;
}
