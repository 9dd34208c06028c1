// dot_amp.cpp - a kernel that does not use the shared header: each work-item
// sums AMPEX_CHUNK products (the chunk size comes from CMake).
#include <amp.h>
#include <ampex/api.h>

#ifndef AMPEX_CHUNK
#error "AMPEX_CHUNK is defined by target_compile_definitions in CMakeLists.txt"
#endif

using namespace concurrency;

double ampex::dot_amp(const std::vector<float> &a, const std::vector<float> &b) {
  const int n = static_cast<int>(a.size());
  const int parts = (n + AMPEX_CHUNK - 1) / AMPEX_CHUNK;
  std::vector<float> partial(parts);
  array_view<const float, 1> av(n, a);
  array_view<const float, 1> bv(n, b);
  array_view<float, 1> pv(parts, partial);
  pv.discard_data();
  parallel_for_each(pv.extent, [=](index<1> i) restrict(amp) {
    int begin = i[0] * AMPEX_CHUNK;
    int end = begin + AMPEX_CHUNK < n ? begin + AMPEX_CHUNK : n;
    float sum = 0.0f;
    for (int k = begin; k < end; ++k)
      sum += av[k] * bv[k];
    pv[i] = sum;
  });
  pv.synchronize();
  double total = 0.0;
  for (float p : partial)
    total += p;
  return total;
}
