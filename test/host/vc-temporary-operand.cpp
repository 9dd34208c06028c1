// A temporary as the operand of an operator whose parameter is a non-const
// reference (`settings == ProcessingUnitSettings::Invalid()` for `bool
// operator==(ProcessingUnitSettings &)`, the AES sample): Visual C++ binds
// it (C4239), for member and non-member operators, on either side; ampcc
// passes it through bindTemporary, with a warning. An operand of another
// type stays an error.
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// RUN: %FileCheck --check-prefix=WARN %s < %t.err
// RUN: %not %ampcc -DOTHER -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=OTHER %s
// CHECK: member 1 0 non-member 1 0
// WARN-NOT: error
// OTHER: error: invalid operands to binary expression ('Settings' and 'int')
#include <iostream>

struct Settings {
  int Id;
  bool operator==(Settings &Other) { return Id == Other.Id; }
  static Settings invalid() { return Settings{-1}; }
};
struct Version {
  int Number;
};
bool operator<(Version &A, Version &B) { return A.Number < B.Number; }
Version make(int N) { return Version{N}; }

int main() {
  Settings S{-1}, T{3};
  Version V{2};
  // WARN: vc-temporary-operand.cpp:[[@LINE+2]]:18: warning: temporary bound to the non-const reference parameter of an operator, as Visual C++ allows
  // WARN: vc-temporary-operand.cpp:[[@LINE+1]]:50: warning: temporary bound
  bool A = (S == Settings::invalid()), B = (T == Settings::invalid());
  // WARN: vc-temporary-operand.cpp:[[@LINE+2]]:13: warning: temporary bound to the non-const reference parameter of an operator
  // WARN: vc-temporary-operand.cpp:[[@LINE+1]]:36: warning: temporary bound to the non-const reference parameter of an operator
  bool C = (make(1) < V), D = (V < make(0));
#ifdef OTHER
  bool E = S == 3;
#endif
  std::cout << "member " << A << " " << B << " non-member " << C << " " << D << "\n";
  return 0;
}
