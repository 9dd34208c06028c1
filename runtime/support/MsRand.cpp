//===- MsRand.cpp - the C library's rand() as Visual C++'s ----------------===//
//
// Programs written for Visual C++ generate their test data with rand(),
// whose RAND_MAX there is 32767, and size their checks by it: a float sum
// of a few hundred such values is exact whatever the order of additions, so
// tests compare a GPU reduction with the CPU's by equality, and int
// variances do not overflow. glibc's rand() returns 31 bits. This object
// gives the program Microsoft's generator instead (its linear congruential
// sequence, one state per thread as in the Microsoft CRT, the same numbers
// for the same seed), and ampcc/ms_prelude.h defines RAND_MAX as 0x7fff.
//
// The driver names ampcc_ms_rand_ on the link line (-u) unless it is given
// -fno-ms-headers; the definitions below then come before the C library's
// and are the program's rand and srand.
//
//===----------------------------------------------------------------------===//

namespace {
/// The Microsoft CRT's per-thread seed starts at 1, as srand(1) sets it.
thread_local unsigned HoldRand = 1;
} // namespace

extern "C" {

extern const int ampcc_ms_rand_;
const int ampcc_ms_rand_ = 1;

void srand(unsigned Seed) noexcept { HoldRand = Seed; }

int rand(void) noexcept {
  HoldRand = HoldRand * 214013u + 2531011u;
  return static_cast<int>((HoldRand >> 16) & 0x7fff);
}

} // extern "C"
