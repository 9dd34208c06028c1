// A stream compared with false, 0 or true (Visual C++ 2012's streams
// converted to 'void *', which compares with a null pointer constant;
// C++11's explicit operator bool does not convert there): repaired with a
// warning to a comparison of static_cast<bool>(stream), which has the old
// meaning, also in a template; other comparisons stay errors.
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// RUN: %FileCheck --check-prefix=WARN %s < %t.err
// RUN: %not %ampcc -DOTHER -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=OTHER %s
// CHECK: read 12: failed 0, then failed 1 1, good 0 0
// WARN-NOT: error
// OTHER: error: invalid operands to binary expression ('std::istringstream' {{.*}} and 'const char[2]')
#include <iostream>
#include <sstream>

template <typename Stream> bool failed(Stream &S) {
  // WARN: vc-stream-bool-comparison.cpp:[[@LINE+1]]:12: warning: stream compared with a bool, as Visual C++ 2012's streams allow
  return S == false;
}

int main() {
  std::istringstream In("12 x");
  int A = 0, B = 0;
  In >> A;
  bool First = failed(In);
  In >> B;
  // WARN: vc-stream-bool-comparison.cpp:[[@LINE+1]]:21: warning: stream compared with an integer
  bool Second = (In == 0), Third = failed(In);
  // WARN: vc-stream-bool-comparison.cpp:[[@LINE+1]]:21: warning: stream compared with a bool
  bool Good = (true == In), Good2 = (In != false);
#ifdef OTHER
  bool Bad = In == "x";
#endif
  std::cout << "read " << A << ": failed " << First << ", then failed " << Second << " "
            << Third << ", good " << Good << " " << Good2 << "\n";
  return 0;
}
