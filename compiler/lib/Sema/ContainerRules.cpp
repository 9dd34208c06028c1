//===- ContainerRules.cpp - element types of array and array_view -------===//
//
// concurrency::array and array_view hold amp-compatible elements (spec 5.1,
// 5.2): not a container (or a class holding one), not an empty class, and no
// virtual functions or virtual bases, whose layout the accelerator cannot
// share. Visual C++ rejects such a container where it is declared, kernel
// or not, so this rule looks at every specialization in the translation
// unit and reports at the point of instantiation.
//
//===----------------------------------------------------------------------===//
#include "Rule.h"
#include "ampcc/Analysis/HostLibraryCode.h"
#include "ampcc/Analysis/KernelFinder.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace ampcc {

namespace {

class Finder : public RecursiveASTVisitor<Finder> {
public:
  explicit Finder(CheckContext &C) : C(C) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  // Host library code holds no view but itself (HostLibraryCode.h).
  bool TraverseDecl(Decl *D) {
    if (!D || !isHostLibraryCode(D))
      return RecursiveASTVisitor::TraverseDecl(D);
    if (auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(D))
      VisitClassTemplateSpecializationDecl(Spec);
    return true;
  }

  bool VisitClassTemplateSpecializationDecl(ClassTemplateSpecializationDecl *Spec) {
    std::optional<ViewShape> Shape = viewShape(Spec);
    if (!Shape || !Spec->hasDefinition() || !Seen.insert(Spec).second)
      return true;
    QualType Elem = Shape->Element;
    if (Elem->isDependentType())
      return true;
    int Why = -1;
    const CXXRecordDecl *RD = Elem->getAsCXXRecordDecl();
    if (holdsAmpContainer(Elem))
      Why = 0;
    else if (RD && RD->hasDefinition() && RD->isEmpty())
      Why = 1;
    else if (RD && RD->hasDefinition() && RD->isPolymorphic())
      Why = 2;
    else if (RD && RD->hasDefinition() && RD->getNumVBases())
      Why = 3;
    // One report per element type: array<E> also instantiates views of
    // const E at the same place.
    if (Why < 0 || !Reported.insert(Elem.getCanonicalType().getUnqualifiedType().getAsOpaquePtr()).second)
      return true;
    SourceLocation Loc = Spec->getPointOfInstantiation();
    // Instantiations inside <amp.h> (views of a bad array) follow from the
    // user's own, which is reported.
    if (Loc.isInvalid() || C.sm().isInSystemHeader(C.sm().getExpansionLoc(Loc)))
      return true;
    C.error(Loc, Diag::err_restrict_container_element)
        << Elem << QualType(Spec->getTypeForDecl(), 0) << Why;
    return true;
  }

private:
  CheckContext &C;
  llvm::SmallPtrSet<const Decl *, 16> Seen;
  llvm::SmallPtrSet<void *, 16> Reported;
};

class ContainerRules : public Rule {
public:
  void checkTranslationUnit(CheckContext &C) override {
    Finder F(C);
    C.roots().traverse(F);
  }
};

} // namespace

std::unique_ptr<Rule> createContainerRules() { return std::make_unique<ContainerRules>(); }

} // namespace ampcc
