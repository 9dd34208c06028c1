//===- FakeCuda.h - what the fake CUDA driver recorded ----------*- C++ -*-===//
//
// The fake driver (FakeCuda.cpp) records each kernel launch; tests read the
// records through these two functions, found with dlsym in the library the
// backend opened (AMPCC_CUDA_LIBRARY).
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_TEST_FAKECUDA_H
#define AMPCC_TEST_FAKECUDA_H

#include <cstddef>

struct FakeLaunch {
  unsigned Grid[3];
  unsigned Block[3];
  /// The arguments' bytes one after another, each as the PTX declares it.
  unsigned char Args[256];
  size_t Bytes;
  unsigned NumArgs;
};

extern "C" {
using FakeCudaLaunchesFn = const FakeLaunch *(*)(int *Count);
using FakeCudaResetFn = void (*)();
using FakeCudaModuleLoadsFn = int (*)();
using FakeCudaRegistrationsFn = int (*)();
using FakeCudaEventsCreatedFn = int (*)();
using FakeCudaPeerCopiesFn = int (*)();
}

#endif // AMPCC_TEST_FAKECUDA_H
