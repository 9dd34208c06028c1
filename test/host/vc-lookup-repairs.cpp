// Names Visual C++ 2012 finds where C++17 does not, as in the TSP contest
// sample: a range-for over a concurrency::array whose begin and end the
// program declares in namespace std (C++11 as published looked there; DR
// 1442 took std out), a scoped enumeration's enumerator named alone as a
// default argument, and `class istream;` (never defined) beside `using
// std::istream;`. Each is repaired with a warning and the program runs;
// without those declarations the same code stays an error.
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// RUN: %FileCheck --check-prefix=WARN %s < %t.err
// RUN: %not %ampcc -DOTHER -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=OTHER %s
// CHECK: sum 10 options 0 1 read 14
// WARN-NOT: error
// OTHER-DAG: error: invalid range expression of type 'const Other'
// OTHER-DAG: error: use of undeclared identifier 'missing'
#include <amp.h>
#include <iostream>
#include <sstream>
#include <string>

class istream;

namespace std {
template <typename T> const T *begin(const concurrency::array<T, 1> &A) { return A.data(); }
template <typename T> const T *end(const concurrency::array<T, 1> &A) {
  return A.data() + A.extent.size();
}
} // namespace std

namespace util {
enum class split_options { none = 0, remove_empty = 1 };
namespace {
// WARN: vc-lookup-repairs.cpp:[[@LINE+1]]:57: warning: enumerator 'none' of the scoped enumeration 'util::split_options' named without it, as Visual C++ 2012 allows; qualified as 'util::split_options::none'
template <typename T> int option(T, split_options Opt = none) { return int(Opt); }
} // namespace
} // namespace util

template <typename T> T sum(const concurrency::array<T, 1> &A) {
  T S = 0;
  // WARN: vc-lookup-repairs.cpp:[[@LINE+1]]:21: warning: range-for over 'concurrency::array<int, 1>' uses the 'begin' and 'end' that namespace std declares for it
  for (const T &E : A)
    S += E;
  return S;
}

using std::istream;
// WARN: vc-lookup-repairs.cpp:[[@LINE+2]]:11: warning: 'istream' names both a class that is declared and never defined and 'std::istream' (a using-declaration); 'std::istream' is taken
// WARN: vc-lookup-repairs.cpp:{{[0-9]+}}:7: note: class 'istream' declared here
int twice(istream &In) {
  int X = 0;
  In >> X;
  return 2 * X;
}

#ifdef OTHER
struct Other {};
int bad(const Other &O) {
  int N = 0;
  for (int E : O)
    N += E;
  return N + missing;
}
#endif

int main() {
  std::vector<int> V{1, 2, 3, 4};
  concurrency::array<int, 1> A(4, V.begin(), V.end());
  std::istringstream In("7");
  std::cout << "sum " << sum(A) << " options " << util::option(1) << " "
            << util::option(1, util::split_options::remove_empty) << " read " << twice(In) << "\n";
  return 0;
}
