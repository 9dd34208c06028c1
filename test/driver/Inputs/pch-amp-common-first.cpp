#include "pch-amp-common.h"
#include <cstdio>
using namespace concurrency;

int main() {
  std::vector<int> Out(1);
  array_view<int, 1> V(1, Out);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = 4; });
  V.synchronize();
  std::printf("common header first: %d\n", Out[0] + commonValue());
  return 0;
}
