// A small kernel shared by the driver tests: fills a vector with
// I * Factor on the default accelerator and counts the wrong elements.
#include <amp.h>
#include <vector>

inline int fillAndCount(int N, int Factor) {
  std::vector<int> A(N, -1);
  Concurrency::array_view<int, 1> AV(N, A);
  Concurrency::parallel_for_each(
      AV.extent, [=](Concurrency::index<1> I) restrict(amp) {
        AV[I] = I[0] * Factor;
      });
  AV.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    Bad += A[I] != I * Factor;
  return Bad;
}
