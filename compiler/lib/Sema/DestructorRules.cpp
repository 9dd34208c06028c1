//===- DestructorRules.cpp - a destructor serves every constructor -----===//
//
// A class has one destructor, and it must be able to destroy every object
// its constructors make (spec 2.2.2): where a constructor is restrict(amp),
// the destructor must include amp; where one is cpu, cpu. Visual C++
// rejects the class where it is defined, used or not, so every class of the
// translation unit is looked at (not the libraries'). Implicit destructors
// take their restriction from the class's members instead (see
// SpecialMemberInference.h).
//
//===----------------------------------------------------------------------===//
#include "Rule.h"
#include "ampcc/Analysis/HostLibraryCode.h"
#include "ampcc/Sema/SpecialMemberInference.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace ampcc {

namespace {

class Finder : public UserCodeVisitor<Finder> {
public:
  explicit Finder(CheckContext &C) : C(C) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCXXRecordDecl(CXXRecordDecl *RD) {
    if (!RD->isThisDeclarationADefinition() || RD->isDependentContext() ||
        RD->isLambda() || C.isLibrary(RD))
      return true;
    const CXXDestructorDecl *Dtor = RD->getDestructor();
    if (!Dtor || Dtor->isImplicit() || Dtor->isDeleted())
      return true;
    Side Has = declaredSides(Dtor);
    Side Needed = Side::None;
    const CXXConstructorDecl *Witness = nullptr;
    for (const CXXConstructorDecl *Ctor : RD->ctors()) {
      // Clang makes constexpr constructors host-device on its own; only a
      // restriction the user wrote asks anything of the destructor.
      const auto *Dev = Ctor->getAttr<CUDADeviceAttr>();
      if (Ctor->isImplicit() || Ctor->isDeleted() || (Dev && Dev->isImplicit()))
        continue;
      Side S = declaredSides(Ctor);
      if (S - Has != Side::None && !Witness)
        Witness = Ctor;
      Needed |= S;
    }
    Side Missing = Needed - Has;
    if (Missing == Side::None || !Witness)
      return true;
    // The side the destructor lacks (amp first, when it lacks both).
    Side Lacks = includes(Missing, Side::Amp) ? Side::Amp : Side::Cpu;
    if (C.error(Dtor->getLocation(), Diag::err_restrict_destructor_sides) << RD << Lacks)
      C.note(Witness->getLocation(), Diag::note_restrict_constructor_side) << Lacks;
    return true;
  }

private:
  CheckContext &C;
};

class DestructorRules : public Rule {
public:
  void checkTranslationUnit(CheckContext &C) override {
    Finder F(C);
    C.roots().traverse(F);
  }
};

} // namespace

std::unique_ptr<Rule> createDestructorRules() {
  return std::make_unique<DestructorRules>();
}

} // namespace ampcc
