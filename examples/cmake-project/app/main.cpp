// main.cpp - runs the library's kernels and a kernel of its own, and checks
// every result against the CPU reference.
#include <amp.h>
#include <ampex/affine.h>
#include <ampex/api.h>

#include "report.h"

#include <iostream>
#include <string>
#include <vector>

#ifndef AMPEX_N
#error "AMPEX_N is defined by target_compile_definitions in CMakeLists.txt"
#endif

using namespace concurrency;

int main() {
  const int n = AMPEX_N;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    // Multiples of 1/4 and 1/2: every result below is exact in float.
    x[i] = static_cast<float>(i % 101) * 0.25f - 5.0f;
    y[i] = static_cast<float>(i % 7) * 0.5f + 0.5f;
  }
  const ampex::Affine t{1.5f, -2.0f};

  std::wstring desc = accelerator().get_description();
  std::cout << "device: " << std::string(desc.begin(), desc.end()) << "\n";

  int errors = 0;

  // 1. The library's kernels.
  std::vector<float> got, want;
  ampex::affine_amp(t, x, got);
  ampex::affine_cpu(t, x, want);
  errors += report("affine", got, want, 1e-6f);
  errors += report("dot", ampex::dot_amp(x, y), ampex::dot_cpu(x, y), 1e-4);

  // 2. A kernel of the program, using the shared header too.
  std::vector<float> z(n);
  array_view<const float, 1> xv(n, x), yv(n, y);
  array_view<float, 1> zv(n, z);
  zv.discard_data();
  parallel_for_each(zv.extent, [=](index<1> i) restrict(amp) {
    zv[i] = ampex::apply(t, xv[i]) * yv[i];
  });
  zv.synchronize();
  std::vector<float> zref(n);
  for (int i = 0; i < n; ++i)
    zref[i] = ampex::apply(t, x[i]) * y[i];
  errors += report("affine*y", z, zref, 1e-6f);

  std::cout << (errors ? "FAILED: results differ from the CPU reference\n"
                       : "all results match the CPU reference\n");
  return errors ? 1 : 0;
}
