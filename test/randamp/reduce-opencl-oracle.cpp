// The oracle of `reduce.py --opencl` (tools/randamp/README.md): a
// candidate OpenCL C is interesting when PoCL's optimised build gets the
// same output wrong and its -cl-opt-disable build gets it right, the
// program's own checks judging both (AMPCC_REPLACE_CL). PoCL defines
// __OPTIMIZE__ only in its optimised builds, which fakes an optimiser's
// bug: OPT_BUG below. The program reports as randamp's programs do.
// REQUIRES: opencl
// RUN: %ampcc -fno-host-kernels %s -o %t
// RUN: %ampcc -emit-opencl %s -o %t.cl
// RUN: printf '#ifdef __OPTIMIZE__\n#define OPT_BUG 1\n#else\n#define OPT_BUG 0\n#endif\n' > %t.prelude
// The optimiser's bug: interesting.
// RUN: cat %t.prelude %t.cl | sed 's/12345/(12345 + OPT_BUG)/' > %t.bug.cl
// RUN: python3 %src_root/tools/randamp/reduce.py --check-cl %t.bug.cl --exe %t --want fail:out0
// Not the output that was wrong: not interesting.
// RUN: %not python3 %src_root/tools/randamp/reduce.py --check-cl %t.bug.cl --exe %t --want fail:out1
// No bug: not interesting.
// RUN: %not python3 %src_root/tools/randamp/reduce.py --check-cl %t.cl --exe %t --want fail:out0
// Wrong in both builds (a candidate that broke the kernel): not interesting.
// RUN: sed 's/12345/12346/' %t.cl > %t.both.cl
// RUN: %not python3 %src_root/tools/randamp/reduce.py --check-cl %t.both.cl --exe %t --want fail:out0
// A candidate that reads an uninitialised variable (to no effect: times
// zero): not interesting.
// RUN: sed 's/^__kernel.*{$/&\n  int ampcc_test_uninit; if (ampcc_test_uninit * 0) return;/' %t.bug.cl > %t.uninit.cl
// RUN: %not python3 %src_root/tools/randamp/reduce.py --check-cl %t.uninit.cl --exe %t --want fail:out0
// RUN: grep -c ampcc_test_uninit %t.uninit.cl | %FileCheck --check-prefix=UNINIT %s
// UNINIT: 1
// A candidate that no longer calls a work-item function the program's
// OpenCL C called (C-Reduce replaced one by a constant once, making two
// work-items race): not interesting, though it fails the same way.
// RUN: python3 %src_root/tools/randamp/reduce.py --check-cl %t.bug.cl --exe %t --want fail:out0 --ids 'get_global_id(0)'
// RUN: %not python3 %src_root/tools/randamp/reduce.py --check-cl %t.bug.cl --exe %t --want fail:out0 --ids 'get_global_id(0);get_local_id(1)'
#include <amp.h>
#include <cstdio>
#include <vector>

using namespace concurrency;

int main() {
  std::vector<int> A(64);
  array_view<int, 1> V(64, A);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = I[0] + 12345; });
  V.synchronize();
  int Bad = 0, Sum = 0;
  for (int I = 0; I < 64; ++I) {
    Bad += A[I] != I + 12345;
    Sum += A[I];
  }
  if (Bad)
    std::printf("mismatch out0: %d of 64 elements\n", Bad);
  std::printf("checksum %d\nverdict %s %d\n", Sum, Bad ? "FAIL" : "PASS", Bad ? 1 : 0);
  return Bad ? 1 : 0;
}
