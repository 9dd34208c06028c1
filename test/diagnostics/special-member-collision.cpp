// An implicit destructor whose bases have destructors of different
// restrictions (one restrict(amp), one restrict(cpu)) cannot be called from
// either side (spec §2.3.2). Clang 19 crashed formatting its own message for
// a call from amp code; ampcc reports it in its own words, exits non-zero and
// never crashes. A class whose bases agree must give no diagnostic.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s
// CHECK: special-member-collision.cpp:22:8: error: 'Both::~Both' cannot be used in restrict(amp) code: it would call both restrict(cpu)-only and restrict(amp)-only members of its bases or fields
// CHECK-NOT: PLEASE submit
// CHECK-NOT: Stack dump
// CHECK: errors generated.
#include <amp.h>

struct AmpOnly { int I; ~AmpOnly() restrict(amp) {} };
struct CpuOnly { int I; ~CpuOnly() restrict(cpu) {} };
struct Either { int I; ~Either() restrict(cpu, amp) {} };
struct Both : AmpOnly, CpuOnly {};
struct Agree : AmpOnly, Either {};

void fine() restrict(amp) { Agree A; }

void bad() restrict(amp) {
  Both B;
}
int main() {}
