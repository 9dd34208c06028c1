// restrict(...) is a keyword in Visual C++: a file that includes no C++ AMP
// header can still declare and overload amp functions (and the rules still
// apply). A cpu,amp function may use a conversion that is a cpu template
// beside an amp template of the same class: each side has its own.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error:
struct X {};

struct D {
  template <typename T> operator T() restrict(cpu) { return T(); }
  template <typename T> operator T() restrict(amp) { return T(); }
};

int twice(int V) restrict(amp) { return 2 * V; }
int twice(int V) restrict(cpu) { return V + V; }

X both(D Obj) restrict(cpu, amp) {
  X I = Obj; // operator X from the template of each side
  return I;
}

int cpuOnly() { return 1; }

int ampOnly() restrict(amp) {
  return twice(3) + cpuOnly();
  // CHECK: restrict-without-header.cpp:[[@LINE-1]]:21: error: 'cpuOnly' is restrict(cpu) and cannot be called from restrict(amp) code
}

int main() { return twice(1) + (both(D()), 0); }
