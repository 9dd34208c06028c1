// Visual C++ decorates a namespace-scope variable's linker name with its
// type, so `int *p` here and `float *p` in another file are two variables
// there and one symbol defined twice on Linux (issue 44 item 5). The link
// still fails, and ampcc says why, naming both files and both types; for
// an object it did not compile it says what to look for. A duplicate of
// one type (ns::q, an error under Visual C++ too) gets no note.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %not %ampcc %s %S/Inputs/typed-global-float.cpp -o %t/both 2>%t/both.err
// RUN: %FileCheck --check-prefix=BOTH %s < %t/both.err
// RUN: %ampcc -c %S/Inputs/typed-global-float.cpp -o %t/float.o
// RUN: %not %ampcc %s %t/float.o -o %t/obj 2>%t/obj.err
// RUN: %FileCheck --check-prefix=OBJ %s < %t/obj.err
// RUN: %not %ampcc -DSAME_TYPE %s %S/Inputs/typed-global-float.cpp -o %t/same 2>%t/same.err
// RUN: %FileCheck --check-prefix=SAME %s < %t/same.err
// BOTH: multiple definition of `p'
// BOTH: ampcc: note: 'int *p' ({{.*}}link-duplicate-variables.cpp:[[@LINE+18]]) and 'float *p' ({{.*}}typed-global-float.cpp:2) are one symbol on Linux: Visual C++ decorates a variable's linker name with its type and keeps them apart; give each file its own with 'static' or an unnamed namespace, or put them in different namespaces
// BOTH-NOT: note: {{.*}}ns::q
// OBJ: ampcc: note: if 'p' ('int *p' at {{.*}}link-duplicate-variables.cpp:[[@LINE+16]]) is a namespace-scope variable that two files define with different types, Visual C++ kept them apart
// SAME: multiple definition of `ns::q'
// SAME-NOT: ampcc: note: {{.*}}ns::q
#include <amp.h>

#ifdef SAME_TYPE
// Only ns::q clashes, with the same type in both files.
static int *p = nullptr;
#endif
namespace ns {
extern double q;
#ifdef SAME_TYPE
double q = 2.0;
#endif
}
#ifndef SAME_TYPE
int *p = nullptr;
#endif
int main() { return p ? 1 : int(ns::q); }
