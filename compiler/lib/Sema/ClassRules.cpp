//===- ClassRules.cpp - classes used in amp code ------------------------===//
//
// A class is amp-compatible when its bases and data members are, it has no
// virtual bases, no virtual functions and no bit-fields, and it holds no
// pointers or references (except references to concurrency::array and
// textures). Checked once per class, at the first use by amp code, for user
// classes (ampcc's own library classes are known to comply). Each error is
// reported at the offending member, with a note at the use.
//
// Not enforced: the spec's requirement that members sit at offsets that are
// multiples of 4 bytes. ampcc lowers classes member by member with the host
// layout (checked at run time against sizeof), so bool members work.
//
//===----------------------------------------------------------------------===//
#include "Rule.h"

#include "clang/AST/DeclCXX.h"

using namespace clang;

namespace ampcc {

namespace {

/// Why a class of a system header (the standard library) is not
/// amp-compatible: a %select index of err_restrict_library_class, or -1.
/// The classes it holds that are not the library's (std::pair of the
/// user's classes, of array_views) are checked as classes used at
/// \p UseLoc, by their own rules, not as the library's.
int libraryProblem(const CXXRecordDecl *RD, QualType &Bad, CheckContext &C,
                   SourceLocation UseLoc, unsigned Depth = 0) {
  if (!RD || !(RD = RD->getDefinition()) || Depth > 8)
    return -1;
  if (isInAmpNamespace(RD))
    return -1;
  if (!C.isLibrary(RD)) {
    if (C.OnClassUse)
      C.OnClassUse(RD, UseLoc);
    return -1;
  }
  if (RD->isPolymorphic())
    return 0;
  for (const CXXBaseSpecifier &B : RD->bases()) {
    if (B.isVirtual())
      return 1;
    if (int P = libraryProblem(B.getType()->getAsCXXRecordDecl(), Bad, C, UseLoc, Depth + 1);
        P >= 0)
      return P;
  }
  for (const FieldDecl *F : RD->fields()) {
    if (F->isBitField())
      return 2;
    QualType T = F->getType();
    if (T->isPointerType() || T->isReferenceType() || T->isMemberPointerType())
      return 3;
    QualType E = QualType(T->getBaseElementTypeUnsafe(), 0);
    if (const auto *BT = E->getAs<BuiltinType>()) {
      switch (BT->getKind()) {
      case BuiltinType::Bool: case BuiltinType::Int: case BuiltinType::UInt:
      case BuiltinType::Long: case BuiltinType::ULong: case BuiltinType::Float:
      case BuiltinType::Double:
        continue;
      default:
        Bad = E;
        return 4;
      }
    }
    if (int P = libraryProblem(E->getAsCXXRecordDecl(), Bad, C, UseLoc, Depth + 1); P >= 0)
      return P;
  }
  return -1;
}

class ClassRules : public Rule {
public:
  void checkRecord(const CXXRecordDecl *RD, SourceLocation UseLoc,
                   CheckContext &C) override {
    if (C.isLibrary(RD)) {
      // Errors inside the standard library's headers would not help: report
      // the use.
      QualType Bad;
      int P = libraryProblem(RD, Bad, C, UseLoc);
      if (P >= 0)
        C.error(UseLoc, Diag::err_restrict_library_class)
            << C.ast().getRecordType(RD) << P << Bad;
      return;
    }
    auto Used = [&] { C.note(UseLoc, Diag::note_restrict_class_used_here) << RD; };
    for (const CXXBaseSpecifier &B : RD->bases()) {
      if (B.isVirtual()) {
        if (C.error(B.getBeginLoc(), Diag::err_restrict_virtual_base, B.getSourceRange())
            << RD << B.getType())
          Used();
        continue;
      }
      if (const CXXRecordDecl *Base = B.getType()->getAsCXXRecordDecl())
        if (C.OnClassUse)
          C.OnClassUse(Base, UseLoc);
    }
    for (const CXXMethodDecl *M : RD->methods()) {
      if (!M->isVirtual() || M->isImplicit())
        continue;
      if (C.error(M->getLocation(), Diag::err_restrict_virtual_function) << 0 << RD << M)
        Used();
      break; // one is enough to make the class unusable
    }
    for (const FieldDecl *F : RD->fields()) {
      if (F->isBitField()) {
        if (C.error(F->getLocation(), Diag::err_restrict_bitfield, F->getSourceRange()) << F)
          Used();
        continue;
      }
      QualType T = F->getType();
      bool IsRef = T->isReferenceType();
      if ((T->isPointerType() || IsRef) &&
          !isArrayOrTexture(T->getPointeeType())) {
        if (C.error(F->getLocation(), Diag::err_restrict_pointer_member, F->getSourceRange())
            << (IsRef ? 1 : 0) << F)
          Used();
        continue;
      }
      unsigned Before = C.errorCount();
      C.checkType(T, F->getLocation(), F->getSourceRange(), /*IsMember=*/true);
      if (C.errorCount() != Before && !T->getBaseElementTypeUnsafe()->getAsCXXRecordDecl())
        Used(); // a member of class type has its own note
    }
  }
};

} // namespace

std::unique_ptr<Rule> createClassRules() { return std::make_unique<ClassRules>(); }

} // namespace ampcc
