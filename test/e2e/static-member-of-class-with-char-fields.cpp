// A kernel that calls a static restrict(amp, cpu) member of a class whose
// fields amp code could not use (a pointer to a struct of unsigned chars,
// the image filter sample's ImgFilterBase): only the function is lowered,
// not the class, and nothing about the fields is reported. Checked against
// the same function on the CPU.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// RUN: %FileCheck --allow-empty --check-prefix=QUIET %s < %t.err
// RUN: %ampcc -emit-opencl %s 2>&1 | %FileCheck --check-prefix=CL %s
// QUIET-NOT: {{warning|error}}
// CHECK: clamped 16 mismatches 0
// CL-NOT: uchar R
// CL: uint Filter_fixIndex(int index, uint limit)
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

struct Pixel {
  unsigned char R, G, B;
};

class Filter {
public:
  int run(std::vector<unsigned int> &Out) {
    array_view<unsigned int, 1> V(int(Out.size()), Out);
    parallel_for_each(V.extent, [=](index<1> I) restrict(amp) {
      V[I] = fixIndex(I[0] - 4, 10);
    });
    V.synchronize();
    return int(Out.size());
  }
  static unsigned int fixIndex(int index, unsigned int limit) restrict(amp, cpu) {
    if (index < 0)
      return 0;
    if (unsigned(index) >= limit)
      return limit - 1;
    return unsigned(index);
  }

private:
  Pixel *Data = nullptr;
  unsigned int Width = 0, Height = 0;
};

int main() {
  std::vector<unsigned int> Out(16);
  Filter F;
  int N = F.run(Out);
  int Mismatches = 0;
  for (int I = 0; I < N; ++I)
    Mismatches += Out[I] != Filter::fixIndex(I - 4, 10);
  std::cout << "clamped " << N << " mismatches " << Mismatches << "\n";
  return Mismatches != 0;
}
