//===- CaptureRules.cpp - what a restrict(amp) lambda may capture -------===//
//
// A lambda whose call operator is amp code (a kernel, a restrict(amp)
// lambda, or any lambda written inside amp code) captures by value; only
// concurrency::array and texture objects may be captured by reference, as the
// runtime knows how to pass those. Captured pointers and 'this' (a pointer)
// are rejected too: a host address means nothing on the accelerator.
// '*this' (a copy) is fine. The types of captured values are checked like
// any other type of amp code, which covers array_view<char,1> captures.
//
//===----------------------------------------------------------------------===//
#include "Rule.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/LambdaCapture.h"

using namespace clang;

namespace ampcc {

namespace {

class CaptureRules : public Rule {
public:
  void checkLambda(const CXXRecordDecl *Closure, CheckContext &C) override {
    for (const LambdaCapture &Cap : Closure->captures()) {
      SourceLocation Loc = Cap.getLocation();
      if (Cap.capturesThis()) {
        if (Cap.getCaptureKind() == LCK_This)
          C.error(Loc, Diag::err_restrict_capture_this);
        continue;
      }
      if (!Cap.capturesVariable())
        continue;
      const auto *V = dyn_cast<VarDecl>(Cap.getCapturedVar());
      if (!V)
        continue;
      QualType T = V->getType();
      if (Cap.getCaptureKind() == LCK_ByRef || (V->isInitCapture() && T->isReferenceType())) {
        if (CheckContext::isArrayOrTexture(T))
          continue;
        if (C.error(Loc, Diag::err_restrict_capture_by_ref) << V)
          C.note(Loc, Diag::note_restrict_capture_by_value);
        continue;
      }
      T = T.getNonReferenceType();
      if (T->isPointerType()) {
        C.error(Loc, Diag::err_restrict_capture_pointer) << V;
        continue;
      }
      C.checkType(T, Loc);
    }
  }
};

} // namespace

std::unique_ptr<Rule> createCaptureRules() { return std::make_unique<CaptureRules>(); }

} // namespace ampcc
