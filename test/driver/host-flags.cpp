// Host-only flags reach the host compile and/or the link as with clang++;
// the program still runs its kernel. Each is checked where it shows: a
// macro the host compile defines (-mavx2, -fopenmp), the linked binary
// (-s strips it, -Xlinker/-fuse-ld reach the linker), the -MJ fragment.
// REQUIRES: opencl
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: %ampcc -O2 -m64 -mavx2 -march=x86-64-v2 -fopenmp -I%S/Inputs %s -o omp
// RUN: ./omp | %FileCheck --check-prefix=OMP %s
// RUN: %ampcc -flto -I%S/Inputs %s -o lto && ./lto | %FileCheck %s
// RUN: %ampcc -flto -c -I%S/Inputs %s -o lto.o && %ampcc -flto lto.o -o lto2 && ./lto2 | %FileCheck %s
// RUN: %ampcc -s -fuse-ld=bfd -Xlinker --build-id=0x1234abcd -I%S/Inputs %s -o stripped
// RUN: ./stripped | %FileCheck %s
// RUN: readelf -n stripped | %FileCheck --check-prefix=BUILDID %s
// RUN: readelf -S stripped | %FileCheck --check-prefix=STRIPPED %s
// RUN: %ampcc -c -MJ frag.json -Xclang -fno-spell-checking -I%S/Inputs %s -o mj.o
// RUN: python3 -c "import json,sys; e=json.loads(open('frag.json').read().rstrip().rstrip(',')); print(e['file'])" | %FileCheck --check-prefix=MJ %s
// RUN: %ampcc -fsanitize=address -g -I%S/Inputs %s -o asan
// RUN: env ASAN_OPTIONS=detect_leaks=0 ./asan | %FileCheck --check-prefix=ASAN %s
// CHECK: host flags: 0 wrong
// OMP: host flags: 0 wrong, avx2 1, openmp 1
// BUILDID: Build ID: 1234abcd
// STRIPPED-NOT: .symtab
// MJ: host-flags.cpp
// ASAN: host flags: 0 wrong, {{.*}}asan 1
#include "fill-kernel.h"
#include <cstdio>

int main() {
  int Bad = fillAndCount(256, 9);
  int Avx2 = 0, OpenMP = 0, Asan = 0;
#ifdef __AVX2__
  Avx2 = 1;
#endif
#ifdef _OPENMP
  int Sum = 0;
#pragma omp parallel for reduction(+ : Sum)
  for (int I = 0; I < 100; ++I)
    Sum += 1;
  OpenMP = Sum == 100;
#endif
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
  Asan = 1;
#endif
#endif
  if (Avx2 || OpenMP)
    std::printf("host flags: %d wrong, avx2 %d, openmp %d\n", Bad, Avx2, OpenMP);
  else if (Asan)
    std::printf("host flags: %d wrong, asan %d\n", Bad, Asan);
  else
    std::printf("host flags: %d wrong\n", Bad);
  return Bad != 0;
}
