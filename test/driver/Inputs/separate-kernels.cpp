// Helper for separate-compile.cpp: a second translation unit with its own
// kernel (a different element type and rank than the main file's).
#include <amp.h>
#include <vector>
using namespace concurrency;

void squareAll(std::vector<float> &Data, int Rows, int Cols) {
  array_view<float, 2> V(Rows, Cols, Data);
  parallel_for_each(V.extent, [=](index<2> I) restrict(amp) {
    V[I] = V[I] * V[I] + (float)I[0];
  });
  V.synchronize();
}
