//===- TileStaticRules.cpp - where tile_static may appear ---------------===//
//
// tile_static (CUDA's shared attribute underneath) declares a variable that
// all threads of a tile share. It is allowed only on local variables of
// restrict(amp) functions (not restrict(cpu) or restrict(cpu, amp) ones; a
// lambda written inside amp code counts as amp code), without an
// initializer, and not of pointer or reference type. Checked over the whole
// translation unit, not only code reachable from a kernel: a tile_static at
// namespace scope is wrong wherever it is.
//
//===----------------------------------------------------------------------===//
#include "Rule.h"

#include "ampcc/Analysis/AmpModel.h"
#include "ampcc/Analysis/HostLibraryCode.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace ampcc {

namespace {

/// An initializer the user wrote (not the implicit default construction of a
/// class-type variable).
bool hasWrittenInit(const VarDecl *VD) {
  const Expr *Init = VD->getInit();
  if (!Init)
    return false;
  if (const auto *CE = dyn_cast<CXXConstructExpr>(Init->IgnoreImplicit()))
    return CE->getNumArgs() != 0 || CE->isListInitialization() ||
           CE->getParenOrBraceRange().isValid();
  return true;
}

class Finder : public UserCodeVisitor<Finder> {
public:
  explicit Finder(CheckContext &C) : C(C) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }

  bool VisitVarDecl(VarDecl *VD) {
    const auto *A = VD->getAttr<CUDASharedAttr>();
    if (!A || VD->getDeclContext()->isDependentContext() || C.isLibrary(VD))
      return true;
    SourceLocation Loc = VD->getLocation();
    // From the tile_static keyword on, so that Clang's own report of the same
    // problem (at the keyword) is recognized as covered.
    SourceRange Decl(C.sm().getExpansionLoc(A->getLocation()), VD->getEndLoc());
    if (!VD->isLocalVarDecl()) {
      C.error(Loc, Diag::err_restrict_tile_static_nonlocal, Decl)
          << VD << (VD->isStaticDataMember() ? 1 : 0);
      return true;
    }
    const auto *FD = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
    if (FD && CheckContext::sideOf(FD) != Side::Amp) {
      C.error(Loc, Diag::err_restrict_tile_static_not_amp, Decl)
          << (CheckContext::sideOf(FD) == Side::Cpu ? 0 : 1);
      return true;
    }
    QualType T = VD->getType();
    if (T->isPointerType() || T->isReferenceType()) {
      C.error(Loc, Diag::err_restrict_tile_static_type, Decl)
          << VD << (T->isReferenceType() ? 1 : 0) << T;
      return true;
    }
    // Since tile_static objects of classes with constructors are accepted
    // (no default construction, as in Visual C++), nothing else stops a
    // view or texture, which refers to global memory and cannot be shared
    // by a tile: Visual C++ rejects them, also inside a class or a union.
    if (holdsAmpContainer(T)) {
      C.error(Loc, Diag::err_restrict_tile_static_container, Decl) << VD << T;
      return true;
    }
    if (hasWrittenInit(VD))
      C.error(Loc, Diag::err_restrict_tile_static_init, VD->getInit()->getSourceRange())
          << VD;
    return true;
  }

private:
  CheckContext &C;
};

class TileStaticRules : public Rule {
public:
  void checkTranslationUnit(CheckContext &C) override {
    Finder F(C);
    C.roots().traverse(F);
  }
};

} // namespace

std::unique_ptr<Rule> createTileStaticRules() { return std::make_unique<TileStaticRules>(); }

} // namespace ampcc
