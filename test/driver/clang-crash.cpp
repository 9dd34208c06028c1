// A crash of Clang in the device pass is an internal compiler error naming
// the file, with a non-zero exit (not a crash: %not without --crash fails
// on one) and no stack dump, and no object is left.
// The program is Clang 19's crash in Sema::tryCaptureVariable (typo
// correction of `Half Half` inside a lambda within a lambda), which plain
// clang++-19 -fsyntax-only crashes on too (docs/reliability.md). A Clang
// without that bug fails this test (no such error): find another crash.
// ampcc-fuzz: not a seed (scripts/fuzz.sh: it would stop every run's first
// pass; the crash is known).
// RUN: rm -rf %t.dir && mkdir -p %t.dir/tmp
// RUN: %not %ampcc -emit-opencl %s 2>&1 | %FileCheck %s
// The host pass, which runs beside the device pass, would crash too: it
// is stopped, and any report of its crash goes to this test's folder.
// RUN: env TMPDIR=%t.dir/tmp %not %ampcc -c %s -o %t.dir/out.o 2>&1 | %FileCheck %s
// RUN: test ! -e %t.dir/out.o
// CHECK: ampcc: error: internal compiler error: Clang crashed ({{.+}}) in the device pass over '{{.*}}clang-crash.cpp'; please report this with the file
// CHECK-NOT: Stack dump
template <class... T> void parallel_for_each(T...);
   parallel_for_each([=] {
  parallel_for_each(
      InVextenttile0, [=] () {
        for (int Half Half )
          ;
      })
