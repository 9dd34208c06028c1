//===- VisualCppRankRepairs.cpp - unsigned ranks deduced from int --------===//
//
// Code written for Visual C++ declares a rank template parameter `unsigned`
// (`template <typename T, unsigned N> void f(array_view<T, N>)`) and has
// it deduced from a C++ AMP class whose parameter is an `int`, which C++17
// refuses ([temp.deduct.type]/18): a failed deduction, or partial
// specializations Clang finds ambiguous. Such a parameter is declared
// `int` in the user's text, at the end of the translation unit.
//
//===----------------------------------------------------------------------===//
#include "ampcc/Frontend/VisualCppRepairs.h"
#include "RepairSites.h"

#include "ampcc/Analysis/AmpModel.h"
#include "ampcc/Support/Diagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace ampcc {

namespace {

/// Is \p P used as an argument of a C++ AMP class template at a position
/// whose parameter is an `int` (the rank of array, array_view, index,
/// extent; the tile sizes of tiled_extent, tiled_index)?
class RankUseFinder : public RecursiveASTVisitor<RankUseFinder> {
public:
  explicit RankUseFinder(const NonTypeTemplateParmDecl *P) : P(P) {}
  bool VisitTemplateSpecializationType(TemplateSpecializationType *T) {
    const TemplateDecl *TD = T->getTemplateName().getAsTemplateDecl();
    if (!TD || !isInAmpNamespace(TD))
      return true;
    const TemplateParameterList *Params = TD->getTemplateParameters();
    llvm::ArrayRef<TemplateArgument> Args = T->template_arguments();
    for (unsigned I = 0; I < Args.size() && I < Params->size(); ++I) {
      const auto *Param = dyn_cast<NonTypeTemplateParmDecl>(Params->getParam(I));
      if (!Param || !Param->getType()->isSpecificBuiltinType(BuiltinType::Int) ||
          Args[I].getKind() != TemplateArgument::Expression)
        continue;
      const auto *Ref = dyn_cast<DeclRefExpr>(Args[I].getAsExpr()->IgnoreParenImpCasts());
      if (Ref && Ref->getDecl() == P)
        Found = true;
    }
    return true;
  }
  const NonTypeTemplateParmDecl *P;
  bool Found = false;
};

} // namespace

void VisualCppRepairs::finishRankParameters(ASTContext &Ctx, const RepairSites &Sites) {
  if (RankRequests.empty() && PartialSpecRequests.empty())
    return;
  DiagnosticsEngine &Diags = Ctx.getDiagnostics();
  const SourceManager &SM = Ctx.getSourceManager();
  // `template <typename T, unsigned N> void f(array_view<T, N>)`: Visual C++
  // deduces N from array_view<T, 2>, whose parameter is an int; C++17 does
  // not ([temp.deduct.type]/18). Declare such a parameter `int`, padded
  // with blanks so that every column stays where it was.
  auto RetypeRanks = [&](const TemplateParameterList *Params,
                         llvm::function_ref<void(RankUseFinder &)> FindUses) {
    for (const NamedDecl *ND : *Params) {
      const auto *P = dyn_cast<NonTypeTemplateParmDecl>(ND);
      if (!P || !P->getType()->isIntegralType(Ctx) ||
          P->getType()->isSpecificBuiltinType(BuiltinType::Int))
        continue;
      RankUseFinder Uses(P);
      FindUses(Uses);
      CharSourceRange Spelled = typeText(P->getTypeSourceInfo(), SM, Ctx.getLangOpts());
      if (!Uses.Found || Spelled.isInvalid())
        continue;
      unsigned Length = SM.getFileOffset(Spelled.getEnd()) -
                        SM.getFileOffset(Spelled.getBegin());
      std::string Text = "int";
      if (Length > Text.size())
        Text.append(Length - Text.size(), ' ');
      if (!replaceType(SM, Spelled, Text))
        continue;
      if (firstTime(P->getLocation()))
        report(Diags, P->getLocation(), Diag::warn_vc_rank_parameter_type)
            << P << P->getType();
    }
  };
  for (SourceLocation Loc : RankRequests) {
    for (const FunctionTemplateDecl *FTD : Sites.Templates) {
      const FunctionDecl *FD = FTD->getTemplatedDecl();
      if (FD->getLocation() != Loc)
        continue;
      RetypeRanks(FTD->getTemplateParameters(), [&](RankUseFinder &Uses) {
        for (const ParmVarDecl *Parm : FD->parameters())
          Uses.TraverseType(Parm->getType());
      });
    }
  }
  // `template <typename T, unsigned N> struct is_view<array_view<T, N>>` and
  // `<array_view<const T, N>>`: Visual C++ orders the two partial
  // specializations (the second is more specialized); with an unsigned N
  // deduced from array_view's int rank Clang finds them ambiguous.
  for (const ClassTemplateDecl *CTD : PartialSpecRequests) {
    for (const CXXRecordDecl *RD : Sites.Records) {
      const auto *PS = dyn_cast<ClassTemplatePartialSpecializationDecl>(RD);
      if (!PS || PS->getSpecializedTemplate()->getCanonicalDecl() != CTD->getCanonicalDecl())
        continue;
      RetypeRanks(PS->getTemplateParameters(), [&](RankUseFinder &Uses) {
        if (const ASTTemplateArgumentListInfo *Args = PS->getTemplateArgsAsWritten())
          for (const TemplateArgumentLoc &A : Args->arguments())
            if (A.getArgument().getKind() == TemplateArgument::Type)
              Uses.TraverseType(A.getArgument().getAsType());
      });
    }
  }
  PartialSpecRequests.clear();
  RankRequests.clear();
}


} // namespace ampcc
