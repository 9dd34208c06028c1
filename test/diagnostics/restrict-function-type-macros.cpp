// A restriction on a function pointer parameter's type written through a
// header's macro, followed by an exception specification that is itself a
// macro from the command line (`int (*fp)() CPU_ONLY throw(int)`): the
// token pass cannot classify either name, so the preprocessor pass learns
// them, and the function type's restriction is dropped as usual (see
// restrict-function-types.cpp). Both spellings of the declaration parse,
// with and without the exception specification.
// RUN: %ampcc -fsyntax-only "-DEXC_SPEC=throw(int)" %s 2>&1 | %FileCheck %s --allow-empty --implicit-check-not=error:
// RUN: %ampcc -fsyntax-only -DEXC_SPEC= %s 2>&1 | %FileCheck %s --allow-empty --implicit-check-not=error:
#include <amp.h>
#include "Inputs/restrict-macros.h"

void take(int First, int (*Fp)() CPU_ONLY_IN_HEADER EXC_SPEC, char Last);
void take(int First, int (*Fp)() CPU_ONLY_IN_HEADER EXC_SPEC, char Last) { (void)First; }
void takeOne(int (*Fp)(int, int) CPU_ONLY_IN_HEADER EXC_SPEC) {}

int main() { return 0; }
