//===- FunctionRules.cpp - declarators of amp functions -----------------===//
//
// A function of amp code cannot be variadic, virtual, or have a dynamic
// exception specification (throw(...), including throw(): suggest noexcept).
// Parameter and return types are checked by the type rules; recursion by the
// checker's call-graph walk.
//
//===----------------------------------------------------------------------===//
#include "Rule.h"

#include "clang/AST/DeclCXX.h"

using namespace clang;

namespace ampcc {

namespace {

class FunctionRules : public Rule {
public:
  void checkFunction(const FunctionDecl *FD, CheckContext &C) override {
    if (FD->isVariadic())
      C.error(FD->getLocation(), Diag::err_restrict_variadic) << FD;
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->isVirtual())
      C.error(FD->getLocation(), Diag::err_restrict_virtual_function) << 1 << MD->getParent()
                                                                     << FD;
    const auto *FPT = FD->getType()->getAs<FunctionProtoType>();
    if (!FPT)
      return;
    ExceptionSpecificationType EST = FPT->getExceptionSpecType();
    if (EST != EST_Dynamic && EST != EST_DynamicNone)
      return;
    SourceRange R = FD->getExceptionSpecSourceRange();
    if (!(C.error(R.isValid() ? R.getBegin() : FD->getLocation(),
                  Diag::err_restrict_exception_spec, R)
          << FD))
      return;
    if (EST == EST_DynamicNone && R.isValid() && !R.getBegin().isMacroID())
      C.note(R.getBegin(), Diag::note_restrict_use_noexcept)
          << FixItHint::CreateReplacement(R, "noexcept");
  }
};

} // namespace

std::unique_ptr<Rule> createFunctionRules() { return std::make_unique<FunctionRules>(); }

} // namespace ampcc
