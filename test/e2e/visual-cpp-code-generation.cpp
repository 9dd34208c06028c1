// Visual C++'s code generation, which programs written for it rely on
// (issue 44 item 2): a value-returning function that falls off its end
// warns and the program goes on (-fno-strict-return by default), and a
// type-punned store is seen by the read after it (-fno-strict-aliasing by
// default). With Clang's defaults the first path is unreachable: the
// program traps at -O0 and runs into whatever follows at -O2. The last
// RUN line shows the opt-out gives Clang's trap back.
// REQUIRES: opencl
// RUN: %ampcc -O0 %s -o %t0 2>%t0.err && %t0 | %FileCheck %s
// RUN: %FileCheck --check-prefix=WARN %s < %t0.err
// RUN: %ampcc -O2 %s -o %t2 2>/dev/null && %t2 | %FileCheck %s
// RUN: %ampcc -O0 -fstrict-return %s -o %tstrict 2>/dev/null && %not --crash %tstrict
// RUN: %ampcc -O2 -fstrict-aliasing %s -o %taliasing 2>/dev/null && %taliasing | %FileCheck --check-prefix=TBAA %s
// TBAA: punned: 1
// WARN: visual-cpp-code-generation.cpp:[[@LINE+12]]:1: warning: non-void function does not return a value in all control paths
// CHECK: missing return: survived
// CHECK-NEXT: punned: 0
// CHECK-NEXT: kernel: 0 wrong
// CHECK-NEXT: PASS
#include <amp.h>
#include <cstdio>
using namespace concurrency;

__attribute__((noinline)) int positiveTwice(int X) {
  if (X > 0)
    return 2 * X;
}

// Through an int and a float pointer to the same object: with type-based
// alias analysis the store through F cannot change *I, and 1 is returned.
__attribute__((noinline)) int punned(int *I, float *F) {
  *I = 1;
  *F = 0.0f;
  return *I;
}

int main(int Argc, char **) {
  volatile int Arg = -Argc;
  positiveTwice(Arg);
  std::printf("missing return: survived\n");
  int Word = 7;
  std::printf("punned: %d\n", punned(&Word, reinterpret_cast<float *>(&Word)));
  std::vector<int> V(64, 1);
  array_view<int, 1> AV(64, V);
  parallel_for_each(AV.extent, [=](index<1> I) restrict(amp) { AV[I] += I[0]; });
  int Wrong = 0;
  for (int I = 0; I < 64; ++I)
    Wrong += AV[I] != 1 + I;
  std::printf("kernel: %d wrong\n", Wrong);
  std::printf(Wrong ? "FAIL\n" : "PASS\n");
}
