//===- CaptureRules.cpp - what a restrict(amp) lambda may capture -------===//
//
// A restrict(amp) lambda written in cpu code (a kernel, or a helper lambda
// defined on the host) captures by value: its closure is copied to the
// accelerator. Only concurrency::array and texture objects may be captured by
// reference, as the runtime knows how to pass those. Captured pointers and
// 'this' (a pointer) are rejected too: a host address means nothing on the
// accelerator; '*this' (a copy) is fine. A lambda written inside amp code
// never leaves the accelerator, so it may capture locals by reference (ampcc
// lowers such captures to pointers), but, as in Visual C++, no pointer by
// value. The types of captured values are
// checked like any other type of amp code, which covers array_view<char,1>
// captures.
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
    const auto *Outer = dyn_cast_or_null<FunctionDecl>(Closure->getParentFunctionOrMethod());
    bool InAmpCode = Outer && CheckContext::sideOf(Outer) != Side::Cpu;
    for (const LambdaCapture &Cap : Closure->captures()) {
      SourceLocation Loc = Cap.getLocation();
      if (Cap.capturesThis()) {
        if (Cap.getCaptureKind() == LCK_This && !InAmpCode)
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
        if (isArrayOrTexture(T) || InAmpCode)
          continue;
        // Views are values: a kernel gets a copy (spec §10.2), and the
        // generic wording below would suggest exactly that, but name the
        // class so that texture users see the texture rule.
        if (const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
            RD && isTextureClass(RD)) {
          if (C.error(Loc, Diag::err_restrict_capture_texture_view_by_ref)
              << RD->getName() << V)
            C.note(V->getLocation(), Diag::note_restrict_declared_here) << V;
          continue;
        }
        if (C.error(Loc, Diag::err_restrict_capture_by_ref) << V) {
          C.note(Loc, Diag::note_restrict_capture_by_value);
          C.note(V->getLocation(), Diag::note_restrict_declared_here) << V;
        }
        continue;
      }
      T = T.getNonReferenceType();
      if (isArrayOrTexture(T)) {
        // The closure would hold a copy of the whole array, made on the
        // host: C++ AMP passes arrays and textures to amp lambdas by
        // reference only.
        Diag Which = isAmpClass(T->getAsCXXRecordDecl(), "texture")
                         ? Diag::err_restrict_capture_texture_by_value
                         : Diag::err_restrict_capture_array_by_value;
        if (C.error(Loc, Which) << V)
          C.note(V->getLocation(), Diag::note_restrict_declared_here) << V;
        continue;
      }
      // By value, also inside amp code: Visual C++ rejects a pointer in any
      // amp lambda's closure (a by-reference capture is the way there).
      if (T->isPointerType() && Cap.getCaptureKind() == LCK_ByCopy) {
        if (C.error(Loc, Diag::err_restrict_capture_pointer) << V)
          C.note(V->getLocation(), Diag::note_restrict_declared_here) << V;
        continue;
      }
      unsigned Before = C.errorCount();
      C.checkType(T, Loc);
      if (C.errorCount() != Before)
        C.note(V->getLocation(), Diag::note_restrict_declared_here) << V;
    }
  }
};

} // namespace

std::unique_ptr<Rule> createCaptureRules() { return std::make_unique<CaptureRules>(); }

} // namespace ampcc
