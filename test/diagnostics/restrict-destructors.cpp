// One destructor destroys what every constructor makes (spec 2.2.2): its
// restriction includes each side a constructor has. Checked on every class
// of the file, used in a kernel or not; implicit destructors are inferred
// instead, and matching ones are fine.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error:
#include <amp.h>

class AmpCtorCpuDtor {
public:
  AmpCtorCpuDtor() {}
  AmpCtorCpuDtor() restrict(amp) {}
  ~AmpCtorCpuDtor();
  // CHECK: restrict-destructors.cpp:[[@LINE-1]]:3: error: destructor of 'AmpCtorCpuDtor' must include 'amp' in its restriction specifier: a constructor of 'AmpCtorCpuDtor' is amp
  // CHECK: restrict-destructors.cpp:[[@LINE-3]]:3: note: constructor with 'amp' in its restriction declared here
};

struct CpuCtorAmpDtor {
  CpuCtorAmpDtor(int) {}
  ~CpuCtorAmpDtor() restrict(amp) {}
  // CHECK: restrict-destructors.cpp:[[@LINE-1]]:3: error: destructor of 'CpuCtorAmpDtor' must include 'cpu' in its restriction specifier: a constructor of 'CpuCtorAmpDtor' is cpu
  // CHECK: restrict-destructors.cpp:[[@LINE-3]]:3: note: constructor with 'cpu' in its restriction declared here
};

struct Matching {
  Matching() restrict(cpu, amp) {}
  Matching(int) restrict(amp) {}
  ~Matching() restrict(cpu, amp) {}
};

// Clang makes a constexpr constructor host-device by itself; the user wrote
// no restriction, so the cpu destructor serves it.
struct ConstexprCtor {
  constexpr ConstexprCtor() {}
  ~ConstexprCtor() {}
  int X = 0;
};

struct ImplicitDtor {
  ImplicitDtor() restrict(amp) {}
};

template <typename T> struct Templated {
  Templated() restrict(cpu, amp) {}
  ~Templated() restrict(cpu, amp) {}
  T Value;
};
Templated<int> Instance;
