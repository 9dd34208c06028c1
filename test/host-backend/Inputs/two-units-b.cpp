// The second translation unit of two-units.cpp: its own `square` (another
// body) and its own kernel, in the same program.
#include <amp.h>
using namespace concurrency;

static float square(float X) restrict(amp) { return X * X + 1.0f; }

void unitB(array_view<float, 1> V) {
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = square(V[I]); });
  V.synchronize();
}
