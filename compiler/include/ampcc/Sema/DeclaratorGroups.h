//===- DeclaratorGroups.h - C++11's declarator groups -----------*- C++ -*-===//
//
// C++11 let a function declarator with a trailing return type share a
// declaration with other declarators (`auto decl1 = 3, f() -> int, decl2 =
// 3;`), and Visual C++, the compiler C++ AMP programs were written for,
// accepts it (conformance: 2_1_1_Func_Decl_Synt/Simple/Test.02). C++14 made
// it ill-formed, and Clang reports it in every language mode. Clang's error
// only reports: every declarator of the group is built as it would be
// alone, so accepting the group is turning the error off. Both passes do.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_SEMA_DECLARATORGROUPS_H
#define AMPCC_SEMA_DECLARATORGROUPS_H

namespace clang {
class DiagnosticsEngine;
} // namespace clang

namespace ampcc {

/// Accepts functions with a trailing return type (or a deduced one) in a
/// declaration of several declarators; call before parsing starts.
void acceptFunctionsInDeclaratorGroups(clang::DiagnosticsEngine &Diags);

} // namespace ampcc

#endif // AMPCC_SEMA_DECLARATORGROUPS_H
