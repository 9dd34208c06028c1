//===- KernelFinder.cpp - find the kernels of a translation unit --------===//
#include "ampcc/Analysis/KernelFinder.h"

#include "ampcc/Analysis/HostLibraryCode.h"
#include "ampcc/Support/Diagnostics.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace ampcc {

namespace {

/// The restrict(amp) call operator of a kernel class, or null.
const CXXMethodDecl *findCallOperator(const CXXRecordDecl *RD) {
  if (RD->isLambda())
    return RD->getLambdaCallOperator();
  for (const CXXMethodDecl *M : RD->methods())
    if (M->getOverloadedOperator() == OO_Call && M->hasAttr<CUDADeviceAttr>())
      return M;
  return nullptr;
}

/// The compute domain of a C++ AMP parallel_for_each overload: the class
/// template specialization `extent<N>` or `tiled_extent<...>` that the
/// parameter before the kernel takes, or null. PPL's iterator overload
/// parallel_for_each(first, last, f) shares the name and namespace, and must
/// stay an ordinary host call.
const ClassTemplateSpecializationDecl *computeDomainOf(const FunctionDecl *FD) {
  if (FD->getNumParams() < 2)
    return nullptr;
  QualType DomainTy =
      FD->getParamDecl(FD->getNumParams() - 2)->getType().getNonReferenceType();
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      DomainTy->getAsCXXRecordDecl());
  if (!isAmpClass(Spec, "extent") && !isAmpClass(Spec, "tiled_extent"))
    return nullptr;
  return Spec;
}

class Finder : public UserCodeVisitor<Finder> {
public:
  explicit Finder(ASTContext &Ctx) : Ctx(Ctx) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }

  // A generic lambda's call operator, instantiated for each argument type,
  // is not below the expression (which holds the template): a kernel
  // there, launched once the lambda is called with a type (given to
  // std::for_each, say), is in those specializations.
  bool TraverseLambdaExpr(LambdaExpr *LE) {
    if (!RecursiveASTVisitor::TraverseLambdaExpr(LE))
      return false;
    if (FunctionTemplateDecl *T = LE->getLambdaClass()->getDependentLambdaCallOperator())
      for (FunctionDecl *Spec : T->specializations())
        if (!TraverseDecl(Spec))
          return false;
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD || FD->getName() != "parallel_for_each" || !isInAmpNamespace(FD))
      return true;
    if (CE->isTypeDependent() || CE->isValueDependent())
      return true;
    const ClassTemplateSpecializationDecl *Spec = computeDomainOf(FD);
    if (!Spec)
      return true;
    const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs();
    if (!Args || Args->size() == 0)
      return true;
    QualType KernelTy = Args->get(Args->size() - 1).getAsType();
    const CXXRecordDecl *RD = KernelTy.isNull() ? nullptr : KernelTy->getAsCXXRecordDecl();
    if (!RD || !Seen.insert(RD).second)
      return true;

    KernelSite Site;
    Site.Call = CE;
    Site.KernelType = RD;
    Site.CallOperator = findCallOperator(RD);
    if (!Site.CallOperator) {
      report(Ctx.getDiagnostics(), CE->getBeginLoc(),
             Diag::err_amp_kernel_no_call_operator)
          << KernelTy;
      return true;
    }
    // The compute domain is the parameter before the kernel.
    QualType Domain(Spec->getTypeForDecl(), 0);
    if (Spec->getName() == "extent" && isPreviewTiledForm(FD)) {
      // parallel_for_each<D0, D1>(extent<2>, kernel), the preview form: the
      // tile extents are the call's leading template arguments.
      Site.Tiled = true;
      Site.Rank = indexRank(Domain, "extent");
      for (unsigned I = 0; I + 1 < Args->size() && I < 3; ++I)
        Site.Tile[I] = Args->get(I).getAsIntegral().getZExtValue();
    } else if (Spec->getName() == "extent") {
      Site.Rank = indexRank(Domain, "extent");
    } else {
      // tiled_extent<D0, D1 = 0, D2 = 0>: the rank is the number of
      // non-zero tile dimensions.
      Site.Tiled = true;
      std::array<unsigned, 3> Dims = *tileDims(Domain, "tiled_extent");
      for (unsigned I = 0; I < 3; ++I) {
        Site.Tile[I] = Dims[I];
        if (Dims[I])
          Site.Rank = I + 1;
      }
    }
    if (Site.Tiled) {
      // Visual C++ rejects a launch whose tile has more than 1024 threads
      // (C3574); naming such a tiled_extent without launching it is fine.
      uint64_t Threads = 1;
      for (unsigned I = 0; I < Site.Rank && I < 3; ++I)
        Threads *= uint64_t(Site.Tile[I]);
      if (Threads > 1024) {
        report(Ctx.getDiagnostics(), CE->getBeginLoc(), Diag::err_amp_tile_too_large)
            << std::to_string(Threads);
        return true;
      }
    }
    if (!takesIndex(Site)) {
      const ParmVarDecl *P = Site.CallOperator->getNumParams()
                                 ? Site.CallOperator->getParamDecl(0)
                                 : nullptr;
      report(Ctx.getDiagnostics(), CE->getBeginLoc(), Diag::err_amp_kernel_index_mismatch)
          << (P ? "'" + P->getType().getAsString() + "'" : std::string("no parameter"))
          << QualType(Spec->getTypeForDecl(), 0) << indexName(Site);
      return true;
    }
    Sites.push_back(Site);
    return true;
  }

  /// parallel_for_each<D0, ...>(extent<N>, kernel): the template's extent
  /// parameter names a fixed rank (the ordinary form's is extent<N>).
  static bool isPreviewTiledForm(const FunctionDecl *FD) {
    const FunctionTemplateDecl *T = FD->getPrimaryTemplate();
    if (!T)
      return false;
    for (const ParmVarDecl *P : T->getTemplatedDecl()->parameters()) {
      const CXXRecordDecl *RD = P->getType().getNonReferenceType()->getAsCXXRecordDecl();
      if (RD && RD->getName() == "extent")
        return !P->getType()->isDependentType();
    }
    return false;
  }

  /// The index type the runtime passes: index<N>, or tiled_index<D0...>.
  static std::string indexName(const KernelSite &S) {
    if (!S.Tiled)
      return "Concurrency::index<" + std::to_string(S.Rank) + ">";
    std::string N = "Concurrency::tiled_index<";
    for (unsigned I = 0; I < S.Rank; ++I)
      N += (I ? ", " : "") + std::to_string(S.Tile[I]);
    return N + ">";
  }

  /// Does the call operator take exactly that index (by value or reference)?
  static bool takesIndex(const KernelSite &S) {
    const CXXMethodDecl *Op = S.CallOperator;
    if (Op->getNumParams() != 1)
      return false;
    QualType P = Op->getParamDecl(0)->getType().getNonReferenceType();
    if (P->isDependentType())
      return true; // a generic lambda: left to Clang
    if (!S.Tiled)
      return indexRank(P, "index") == S.Rank;
    std::optional<std::array<unsigned, 3>> Dims = tileDims(P, "tiled_index");
    if (!Dims)
      return false;
    for (unsigned I = 0; I < 3; ++I)
      if ((*Dims)[I] != S.Tile[I])
        return false;
    return true;
  }

  std::vector<KernelSite> Sites;

private:
  ASTContext &Ctx;
  llvm::SmallPtrSet<const CXXRecordDecl *, 8> Seen;
};

} // namespace

std::vector<KernelSite> findKernels(ASTContext &Ctx) {
  return findKernels(TranslationUnitRoots::whole(Ctx));
}

std::vector<KernelSite> findKernels(const TranslationUnitRoots &Roots) {
  if (Roots.decls().empty())
    return {};
  Finder F(Roots.decls().front()->getASTContext());
  Roots.traverse(F);
  return std::move(F.Sites);
}

std::string typeInfoName(ASTContext &Ctx, const CXXRecordDecl *RD) {
  std::unique_ptr<MangleContext> MC(
      ItaniumMangleContext::create(Ctx, Ctx.getDiagnostics()));
  std::string S;
  llvm::raw_string_ostream OS(S);
  MC->mangleCXXRTTIName(QualType(RD->getTypeForDecl(), 0), OS);
  return llvm::StringRef(OS.str()).drop_front(4).str(); // "_ZTS"
}

} // namespace ampcc
