//===- AmpModel.cpp - what the compiler knows about the AMP library -----===//
#include "ampcc/Analysis/AmpModel.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace ampcc {

bool isInAmpNamespace(const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getName() == "Concurrency" && NS->getParent()->isTranslationUnit())
        return true;
  return false;
}

bool isAmpMathFunction(const FunctionDecl *FD) {
  const auto *NS = dyn_cast<NamespaceDecl>(FD->getDeclContext());
  return NS && (NS->getName() == "fast_math" || NS->getName() == "precise_math") &&
         isInAmpNamespace(FD);
}

bool isKernelDiagnostic(const FunctionDecl *FD, llvm::StringRef Name) {
  if (!FD || !FD->getIdentifier() || !isa<NamespaceDecl>(FD->getDeclContext()) ||
      !isInAmpNamespace(FD) ||
      cast<NamespaceDecl>(FD->getDeclContext())->getName() != "Concurrency")
    return false;
  StringRef N = FD->getName();
  if (!Name.empty())
    return N == Name;
  return N == "direct3d_printf" || N == "direct3d_errorf" || N == "direct3d_abort";
}

bool isAmpClass(const CXXRecordDecl *RD, llvm::StringRef Name) {
  return RD && RD->getName() == Name && isInAmpNamespace(RD);
}

bool isTextureClass(const CXXRecordDecl *RD) {
  return isAmpClass(RD, "texture") || isAmpClass(RD, "texture_view") ||
         isAmpClass(RD, "writeonly_texture_view");
}

bool isViewClass(const CXXRecordDecl *RD) {
  // Textures are stored as arrays of their texels (docs/graphics.md).
  return isAmpClass(RD, "array_view") || isAmpClass(RD, "array") || isTextureClass(RD);
}

/// \p T's class template specialization named \p Name in the library.
static const ClassTemplateSpecializationDecl *ampSpecialization(QualType T,
                                                                llvm::StringRef Name) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  return Spec && isAmpClass(Spec, Name) ? Spec : nullptr;
}

/// The value of an integral template argument, or 0 for anything else.
static unsigned integralArg(const TemplateArgumentList &Args, unsigned I) {
  if (I >= Args.size() || Args.get(I).getKind() != TemplateArgument::Integral)
    return 0;
  return Args.get(I).getAsIntegral().getZExtValue();
}

std::optional<ViewShape> viewShape(const CXXRecordDecl *RD) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
  if (!Spec || !isViewClass(Spec))
    return std::nullopt;
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  if (Args.size() < 2 || Args.get(0).getKind() != TemplateArgument::Type)
    return std::nullopt;
  ViewShape S;
  S.Element = Args.get(0).getAsType();
  S.Rank = integralArg(Args, 1);
  S.IsArray = Spec->getName() == "array" || Spec->getName() == "texture";
  S.IsTexture = isTextureClass(Spec);
  if (S.Rank == 0)
    return std::nullopt;
  return S;
}

bool holdsAmpContainer(QualType T) {
  const CXXRecordDecl *RD =
      T.getNonReferenceType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
  if (!RD)
    return false;
  if (isViewClass(RD))
    return true;
  if (!RD->hasDefinition())
    return false;
  for (const CXXBaseSpecifier &B : RD->bases())
    if (holdsAmpContainer(B.getType()))
      return true;
  for (const FieldDecl *F : RD->fields())
    if (holdsAmpContainer(F->getType()))
      return true;
  return false;
}

bool isArrayOrTexture(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  // The texture views, like array_view, are captured by value (spec §10.2).
  return isAmpClass(RD, "array") || isAmpClass(RD, "texture");
}

unsigned indexRank(QualType T, llvm::StringRef Name) {
  const auto *Spec = ampSpecialization(T, Name);
  return Spec ? integralArg(Spec->getTemplateArgs(), 0) : 0;
}

std::optional<std::array<unsigned, 3>> tileDims(QualType T, llvm::StringRef Name) {
  const auto *Spec = ampSpecialization(T, Name);
  if (!Spec)
    return std::nullopt;
  std::array<unsigned, 3> Dims = {0, 0, 0};
  for (unsigned I = 0; I < 3; ++I)
    Dims[I] = integralArg(Spec->getTemplateArgs(), I);
  return Dims;
}

const Expr *throughCopies(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
      E = MTE->getSubExpr();
    else if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E))
      E = BTE->getSubExpr();
    else if (const auto *POE = dyn_cast<PseudoObjectExpr>(E))
      E = POE->getResultExpr();
    else if (const auto *OVE = dyn_cast<OpaqueValueExpr>(E); OVE && OVE->getSourceExpr())
      E = OVE->getSourceExpr();
    else if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
             CE && CE->getNumArgs() == 1 && CE->getConstructor()->isCopyOrMoveConstructor())
      E = CE->getArg(0);
    else
      return E;
  }
}

std::optional<IndexMemberCoordinate>
indexMemberCoordinate(const Expr *E, llvm::StringRef Member, const ASTContext &Ctx) {
  const auto *OCE = dyn_cast<CXXOperatorCallExpr>(E->IgnoreParenImpCasts());
  if (!OCE || OCE->getOperator() != OO_Subscript || OCE->getNumArgs() != 2)
    return std::nullopt;
  const auto *ME = dyn_cast<MemberExpr>(throughCopies(OCE->getArg(0)));
  if (!ME || !ME->getMemberDecl()->getIdentifier() || ME->getMemberDecl()->getName() != Member)
    return std::nullopt;
  const auto *Base = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
  Expr::EvalResult R;
  if (!Base || !OCE->getArg(1)->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return IndexMemberCoordinate{Base->getDecl(), ME, R.Val.getInt().getExtValue()};
}

} // namespace ampcc
