// More errors that ampcc repairs than Clang's error limit (20): every one
// is repaired and the program builds and runs. The errors that remain still
// obey -ferror-limit (the user's, or Clang's 20), with Clang's fatal line.
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// RUN: %FileCheck --check-prefix=WARN %s < %t.err
// RUN: %not %ampcc -DREAL_ERRORS -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=LIMIT %s
// RUN: %not %ampcc -DREAL_ERRORS -ferror-limit=3 -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=LIMIT3 %s
// CHECK: sum 100
// WARN-COUNT-25: warning: reference to 'array' is ambiguous
// WARN-NOT: error
// LIMIT-COUNT-20: error: use of undeclared identifier 'undeclared_
// LIMIT-NOT: 'undeclared_
// LIMIT: fatal error: too many errors emitted, stopping now [-ferror-limit=]
// LIMIT-NOT: failed
// LIMIT3-COUNT-3: error: use of undeclared identifier 'undeclared_
// LIMIT3-NOT: 'undeclared_
// LIMIT3: fatal error: too many errors emitted, stopping now [-ferror-limit=]
#include <amp.h>
#include <cstdio>
#include <memory>
using namespace std;
using namespace concurrency;

int main() {
  int Sum = 0;
  array<int, 1> A0(4); Sum += A0.extent[0];
  array<int, 1> A1(4); Sum += A1.extent[0];
  array<int, 1> A2(4); Sum += A2.extent[0];
  array<int, 1> A3(4); Sum += A3.extent[0];
  array<int, 1> A4(4); Sum += A4.extent[0];
  array<int, 1> A5(4); Sum += A5.extent[0];
  array<int, 1> A6(4); Sum += A6.extent[0];
  array<int, 1> A7(4); Sum += A7.extent[0];
  array<int, 1> A8(4); Sum += A8.extent[0];
  array<int, 1> A9(4); Sum += A9.extent[0];
  array<int, 1> A10(4); Sum += A10.extent[0];
  array<int, 1> A11(4); Sum += A11.extent[0];
  array<int, 1> A12(4); Sum += A12.extent[0];
  array<int, 1> A13(4); Sum += A13.extent[0];
  array<int, 1> A14(4); Sum += A14.extent[0];
  array<int, 1> A15(4); Sum += A15.extent[0];
  array<int, 1> A16(4); Sum += A16.extent[0];
  array<int, 1> A17(4); Sum += A17.extent[0];
  array<int, 1> A18(4); Sum += A18.extent[0];
  array<int, 1> A19(4); Sum += A19.extent[0];
  array<int, 1> A20(4); Sum += A20.extent[0];
  array<int, 1> A21(4); Sum += A21.extent[0];
  array<int, 1> A22(4); Sum += A22.extent[0];
  array<int, 1> A23(4); Sum += A23.extent[0];
  array<int, 1> A24(4); Sum += A24.extent[0];
#ifdef REAL_ERRORS
  Sum += undeclared_0;
  Sum += undeclared_1;
  Sum += undeclared_2;
  Sum += undeclared_3;
  Sum += undeclared_4;
  Sum += undeclared_5;
  Sum += undeclared_6;
  Sum += undeclared_7;
  Sum += undeclared_8;
  Sum += undeclared_9;
  Sum += undeclared_10;
  Sum += undeclared_11;
  Sum += undeclared_12;
  Sum += undeclared_13;
  Sum += undeclared_14;
  Sum += undeclared_15;
  Sum += undeclared_16;
  Sum += undeclared_17;
  Sum += undeclared_18;
  Sum += undeclared_19;
  Sum += undeclared_20;
  Sum += undeclared_21;
  Sum += undeclared_22;
  Sum += undeclared_23;
  Sum += undeclared_24;
#endif
  std::printf("sum %d\n", Sum);
  return 0;
}
