// Local classes inherit the restriction of the amp function that defines
// them (spec 2.2.1), but only for the members they write themselves: a
// member inherited from a base defined outside stays cpu code, and a member
// that spells restrict(cpu) keeps it. Classes local to cpu functions are
// unaffected.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error:
#include <amp.h>

struct Outside {
  int base() { return 1; }
};

int amp_fn() restrict(amp) {
  struct Local : Outside {
    int own() { return 2; }
    int cpu_only() restrict(cpu) { return 3; }
  };
  Local L;
  int R = L.own();
  R += L.base();
  // CHECK: local-class-restrictions.cpp:[[@LINE-1]]:10: error: 'base' is restrict(cpu) and cannot be called from restrict(amp) code
  R += L.cpu_only();
  // CHECK: local-class-restrictions.cpp:[[@LINE-1]]:10: error: 'cpu_only' is restrict(cpu) and cannot be called from restrict(amp) code
  return R;
}

int cpu_fn() {
  struct Local {
    int own() { return 2; }
  };
  return Local().own(); // cpu code calling cpu code
}

int main() {
  int R = cpu_fn();
  concurrency::array_view<int, 1> V(1, &R);
  concurrency::parallel_for_each(V.extent, [=](concurrency::index<1> I) restrict(amp) { V[I] = amp_fn(); });
}
