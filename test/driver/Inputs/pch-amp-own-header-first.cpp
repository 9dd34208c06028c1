#include "pch-amp-own-header.h"
#include <amp.h>
#include <cstdio>
using namespace concurrency;

int main() {
  int Out = 0;
  array_view<int, 1> V(1, &Out);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = OWN_VALUE; });
  V.synchronize();
  std::printf("own header first: %d\n", Out);
  return 0;
}
