// The checks of the host-side tests: each CHECK_EQ is counted, each failure
// printed with its line and both values, and checkSummary() prints the line
// the tests' FileCheck patterns match ("NAME: N checks, 0 failed") and gives
// the exit status. Values compare as double, which is exact for the ints
// and floats these tests compare.
#ifndef AMPCC_TEST_HOST_CHECK_H
#define AMPCC_TEST_HOST_CHECK_H

#include <cstdio>

namespace host_check {
inline int Checks = 0, Failed = 0;
} // namespace host_check

#define CHECK_EQ(A, B)                                                         \
  do {                                                                         \
    ++host_check::Checks;                                                      \
    double VA = (double)(A), VB = (double)(B);                                 \
    if (VA != VB) {                                                            \
      ++host_check::Failed;                                                    \
      std::printf("FAILED line %d: %s == %s (%.17g vs %.17g)\n", __LINE__, #A, \
                  #B, VA, VB);                                                 \
    }                                                                          \
  } while (0)
#define CHECK(C) CHECK_EQ((C) ? 1 : 0, 1)

/// Whether the index or extent \p X has the coordinates A, B, C (as many
/// as its rank).
template <typename Coords> bool is(const Coords &X, int A, int B = 0, int C = 0) {
  int Expected[3] = {A, B, C};
  for (int K = 0; K < Coords::rank; ++K)
    if (X[K] != Expected[K])
      return false;
  return true;
}

inline int checkSummary(const char *Name) {
  std::printf("%s: %d checks, %d failed\n", Name, host_check::Checks, host_check::Failed);
  return host_check::Failed != 0;
}

#endif // AMPCC_TEST_HOST_CHECK_H
