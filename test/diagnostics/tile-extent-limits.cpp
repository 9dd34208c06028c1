// Tile dimensions are checked at compile time, as Visual C++ does: each must
// be positive (a rank-3 tile cannot skip its middle dimension). A tile with
// more threads than a device runs compiles (Visual C++'s conformance suite
// names tiled_extent<1000, 1000>); launching a tile of more than 1024
// threads is an error at the parallel_for_each, as in Visual C++ (C3574).
// RUN: %not %ampcc -fsyntax-only -DBAD=1 %s 2>&1 | %FileCheck --check-prefix=ZERO %s
// RUN: %not %ampcc -fsyntax-only -DBAD=2 %s 2>&1 | %FileCheck --check-prefix=HOLE %s
// RUN: %not %ampcc -c -DBAD=3 %s -o %t.o 2>&1 | %FileCheck --check-prefix=LAUNCH %s
// RUN: %ampcc -fsyntax-only %s
#include <amp.h>
using namespace concurrency;

void tiles(extent<1> E1, extent<2> E2, extent<3> E3) {
#if BAD == 1
  E1.tile<0>();
  // ZERO: error: static assertion failed due to requirement {{.*}}: tile dimensions must be positive
#elif BAD == 2
  E3.tile<4, 0, 4>();
  // HOLE: error: static assertion failed due to requirement {{.*}}: tile dimensions must be positive
#elif BAD == 3
  parallel_for_each(E2.tile<32, 33>(), [=](tiled_index<32, 33>) restrict(amp) {});
  // LAUNCH: tile-extent-limits.cpp:[[@LINE-1]]:3: error: a tile of 1056 threads is launched here; a tiled_extent launched by parallel_for_each has at most 1024 threads per tile
#endif
  E1.tile<1024>();
  E2.tile<32, 32>();
  E3.tile<4, 16, 16>();
  E2.tile<1000, 1000>();
}

int main() {}
