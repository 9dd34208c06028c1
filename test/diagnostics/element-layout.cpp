// Data that the host writes and a kernel reads must have one layout on both
// sides. ampcc prints classes as C structs, so the two places where the
// host's C++ ABI packs tighter than C (an empty base that takes no room, a
// derived member in a base's tail padding) are errors, never silently
// shifted data. Element types of views and by-value captures are checked;
// classes that stay inside the kernel are not.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error:
#include <amp.h>
#include <vector>
using namespace concurrency;

struct Empty {
  int one() const restrict(amp) { return 1; }
};
struct WithEmptyBase : Empty {
  int X;
};
struct NonPod {
  NonPod() restrict(cpu, amp) {}
  double D;
  int I;
};
struct InTailPadding : NonPod {
  int J;
};
// A POD base keeps its tail padding: the layouts agree.
struct Pod {
  double D;
  int I;
};
struct AfterPod : Pod {
  int J;
};
union Either {
  int I;
  float F;
};
struct HoldsUnion {
  int Tag;
  Either Value;
};

void launch(std::vector<WithEmptyBase> &A, std::vector<InTailPadding> &B,
            std::vector<AfterPod> &C, std::vector<HoldsUnion> &D) {
  array_view<WithEmptyBase, 1> AV(int(A.size()), A);
  // CHECK: element-layout.cpp:[[@LINE-1]]:32: error: element type 'WithEmptyBase' cannot be shared between the host and a kernel: empty base class 'Empty' of 'WithEmptyBase' takes no room on the host but one byte in OpenCL C
  array_view<InTailPadding, 1> BV(int(B.size()), B);
  // CHECK: element-layout.cpp:[[@LINE-1]]:32: error: element type 'InTailPadding' cannot be shared between the host and a kernel: member 'J' of 'InTailPadding' is placed in the tail padding of a base class on the host
  array_view<AfterPod, 1> CV(int(C.size()), C);
  array_view<HoldsUnion, 1> DV(int(D.size()), D);
  InTailPadding Captured;
  // CHECK: element-layout.cpp:[[@LINE-1]]:17: error: capture of 'Captured' cannot be passed to a kernel: member 'J' of 'InTailPadding' is placed in the tail padding of a base class on the host
  parallel_for_each(AV.get_extent(), [=](index<1> I) restrict(amp) {
    WithEmptyBase Local; // Stays in the kernel: no layout to share.
    Local.X = Local.one();
    AV[I].X = Local.X;
    BV[I].J = Captured.J;
    CV[I].J = 1;
    DV[I].Value.F = 2.0f;
  });
}
