// A second crash of Clang 19 in Sema::tryCaptureVariable, at the same
// instruction as clang-crash.cpp's but without typo correction: a lambda
// with a capture-default, naming its own parameter, inside a template
// argument list left open in a parameter declaration (found by
// ampcc-fuzz, 2026-12-02, with the harness's -fno-spell-checking; plain
// clang++-19 -fsyntax-only crashes on these two lines too). ampcc reports
// it as an internal compiler error with a non-zero exit, not a crash. A
// Clang without the bug fails this test (no such error): find another
// crash, or drop this test if clang-crash.cpp still has one.
// ampcc-fuzz: not a seed (the crash is known).
// RUN: %not %ampcc -emit-opencl -fno-ms-headers %s 2>&1 | %FileCheck %s
// CHECK: ampcc: error: internal compiler error: Clang crashed ({{.+}}) in the device pass over '{{.*}}clang-crash-capture.cpp'; please report this with the file
// CHECK-NOT: Stack dump
template <class T> struct A;
void g(A< { [=](int T) { T; }
