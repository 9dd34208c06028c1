//===- LocalClassInference.h - restrictions of local classes ----*- C++ -*-===//
//
// A class defined inside a restrict(amp) or restrict(cpu, amp) function
// takes that function's restrictions for its member functions that name none
// (spec §2.2.1, "auto-inference"; Visual C++ does the same). Clang knows
// nothing of it, so the device pass applies it as each class definition
// completes: after its inline member bodies are parsed, before the enclosing
// function's next statement can call one of them.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_SEMA_LOCALCLASSINFERENCE_H
#define AMPCC_SEMA_LOCALCLASSINFERENCE_H

#include "llvm/ADT/STLFunctionalExtras.h"

namespace clang {
class FunctionDecl;
class TagDecl;
} // namespace clang

namespace ampcc {

/// Gives the member functions of \p D (and of the classes nested in it) the
/// restrictions of the function \p D is local to, where they have none.
/// \p OnInferred (if given) hears of each, with whether cpu was added too.
void inferLocalClassRestrictions(
    clang::TagDecl *D,
    llvm::function_ref<void(const clang::FunctionDecl *, bool Cpu)> OnInferred = nullptr);

} // namespace ampcc

#endif // AMPCC_SEMA_LOCALCLASSINFERENCE_H
