// Visual C++ ignores a function-like macro's extra arguments, and
// Microsoft's samples write `assert(cond, "why")`: assert checks its first
// argument (glibc's message and abort when it is false), in <assert.h> and
// <cassert>, and does nothing under NDEBUG. -fno-ms-headers: glibc's
// one-parameter assert rejects the call.
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// RUN: %FileCheck --allow-empty --check-prefix=QUIET %s < %t.err
// RUN: %ampcc -DFAIL %s -o %t.fail && %not --crash %t.fail 2>&1 | %FileCheck --check-prefix=FAIL %s
// RUN: %ampcc -DFAIL -DNDEBUG %s -o %t.ndebug && %t.ndebug | %FileCheck %s
// RUN: %not %ampcc -fno-ms-headers %s -fsyntax-only 2>&1 | %FileCheck --check-prefix=OFF %s
// QUIET-NOT: {{warning|error}}
// CHECK: asserts passed
// FAIL: Assertion `Argc == 5' failed.
// OFF: error: {{.*}}'assert'
#include <amp.h>
#include <assert.h>
#include <cassert>
#include <cstdio>

int main(int Argc, char **) {
  assert(Argc == 1, "one argument");
  assert(Argc >= 1);
#ifdef FAIL
  assert(Argc == 5, "five arguments");
#endif
  std::printf("asserts passed\n");
  return 0;
}
