// A macro before <amp.h>: <windows.h> (through <amp.h>) leaves min and max
// to std under NOMINMAX, so this file must parse <amp.h> as written.
#define NOMINMAX
#include <amp.h>
#include <algorithm>
#include <cstdio>
using namespace concurrency;
using namespace std;

int main() {
  int Out = 0;
  array_view<int, 1> V(1, &Out);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = 2; });
  V.synchronize();
  std::printf("NOMINMAX first: std::min %d\n", min(Out, 5));
  return 0;
}
