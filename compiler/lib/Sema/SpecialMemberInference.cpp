//===- SpecialMemberInference.cpp - restrictions of implicit members ----===//
//
// See SpecialMemberInference.h. Restrictions are sets of sides (cpu, amp);
// a subobject offers the union over its overloads of the member, a class's
// implicit member the intersection over its subobjects. Trivial members
// offer both sides (they are plain copies in either). An empty intersection
// is left to Clang, whose invalid target the restriction checker reports.
//
//===----------------------------------------------------------------------===//
#include "ampcc/Sema/SpecialMemberInference.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"

#include <optional>

using namespace clang;

namespace ampcc {

Side declaredSides(const FunctionDecl *FD) {
  bool Host = FD->hasAttr<CUDAHostAttr>(), Device = FD->hasAttr<CUDADeviceAttr>();
  if (!Host && !Device)
    return Side::Cpu; // no restriction specifier: restrict(cpu)
  return (Host ? Side::Cpu : Side::None) | (Device ? Side::Amp : Side::None);
}

namespace {

enum class Kind { Default, Copy, Move, CopyAssign, MoveAssign, Dtor };

std::optional<Kind> kindOf(const Decl *D) {
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(D)) {
    if (Ctor->isDefaultConstructor())
      return Kind::Default;
    if (Ctor->isCopyConstructor())
      return Kind::Copy;
    if (Ctor->isMoveConstructor())
      return Kind::Move;
    return std::nullopt;
  }
  if (isa<CXXDestructorDecl>(D))
    return Kind::Dtor;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(D)) {
    if (MD->isCopyAssignmentOperator())
      return Kind::CopyAssign;
    if (MD->isMoveAssignmentOperator())
      return Kind::MoveAssign;
  }
  return std::nullopt;
}

bool isTrivial(const CXXRecordDecl *RD, Kind K) {
  switch (K) {
  case Kind::Default: return RD->hasTrivialDefaultConstructor();
  case Kind::Copy: return RD->hasTrivialCopyConstructor();
  case Kind::Move: return RD->hasTrivialMoveConstructor();
  case Kind::CopyAssign: return RD->hasTrivialCopyAssignment();
  case Kind::MoveAssign: return RD->hasTrivialMoveAssignment();
  case Kind::Dtor: return RD->hasTrivialDestructor();
  }
  return false;
}

Side implicitSides(const CXXRecordDecl *RD, Kind K, unsigned Depth);

/// The sides on which a subobject of type \p T has member \p K.
Side offered(QualType T, Kind K, unsigned Depth) {
  const CXXRecordDecl *RD = T->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || Depth > 32)
    return Side::Both;
  RD = RD->getDefinition();
  if (isTrivial(RD, K))
    return Side::Both;
  Side Found = Side::None;
  bool Declared = false;
  for (const Decl *D : RD->decls()) {
    const auto *MD = dyn_cast<CXXMethodDecl>(D);
    if (!MD || MD->isDeleted() || kindOf(MD) != K)
      continue;
    Declared = true;
    Found |= MD->isImplicit() ? implicitSides(RD, K, Depth + 1) : declaredSides(MD);
  }
  if (!Declared) {
    // Overload resolution falls back from a missing move to the copy.
    if (K == Kind::Move && RD->hasUserDeclaredCopyConstructor())
      return offered(T, Kind::Copy, Depth + 1);
    if (K == Kind::MoveAssign && RD->hasUserDeclaredCopyAssignment())
      return offered(T, Kind::CopyAssign, Depth + 1);
    return implicitSides(RD, K, Depth + 1); // not declared yet
  }
  return Found;
}

Side implicitSides(const CXXRecordDecl *RD, Kind K, unsigned Depth) {
  Side S = Side::Both;
  for (const CXXBaseSpecifier &B : RD->bases())
    S &= offered(B.getType(), K, Depth);
  for (const FieldDecl *F : RD->fields())
    if (!F->getType()->isReferenceType())
      S &= offered(F->getType(), K, Depth);
  return S;
}

} // namespace

void inferSpecialMemberRestrictions(const Decl *D) {
  const auto *MD = dyn_cast<CXXMethodDecl>(D);
  if (!MD || !MD->isImplicit() || MD->getParent()->isLambda())
    return;
  std::optional<Kind> K = kindOf(MD);
  if (!K)
    return;
  Side S = implicitSides(MD->getParent(), *K, 0);
  if (S == Side::None)
    return;
  auto *Mut = const_cast<CXXMethodDecl *>(MD);
  ASTContext &Ctx = Mut->getASTContext();
  Mut->dropAttr<CUDAInvalidTargetAttr>();
  Mut->dropAttr<CUDAHostAttr>();
  Mut->dropAttr<CUDADeviceAttr>();
  if (includes(S, Side::Cpu))
    Mut->addAttr(CUDAHostAttr::CreateImplicit(Ctx));
  if (includes(S, Side::Amp))
    Mut->addAttr(CUDADeviceAttr::CreateImplicit(Ctx));
}

void inferSpecialMemberRestrictions(const CXXRecordDecl *RD) {
  if (!RD->isThisDeclarationADefinition())
    return;
  for (const Decl *D : RD->decls())
    inferSpecialMemberRestrictions(D);
}

} // namespace ampcc
