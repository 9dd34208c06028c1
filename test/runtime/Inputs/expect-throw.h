// Shared by the runtime tests of refused shapes: runs Fn and prints either
// "<What>: no exception" or "<What>: 0x<HRESULT> <message>" of the
// runtime_exception it throws, for FileCheck.
#ifndef AMPCC_TEST_RUNTIME_EXPECT_THROW_H
#define AMPCC_TEST_RUNTIME_EXPECT_THROW_H

#include <amp.h>
#include <cstdio>

template <typename F> void expectThrow(const char *What, F Fn) {
  try {
    Fn();
    std::printf("%s: no exception\n", What);
  } catch (const concurrency::runtime_exception &E) {
    std::printf("%s: 0x%lx %s\n", What,
                (unsigned long)E.get_error_code() & 0xffffffffUL, E.what());
  }
}

#endif // AMPCC_TEST_RUNTIME_EXPECT_THROW_H
