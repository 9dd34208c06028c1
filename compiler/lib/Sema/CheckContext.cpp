//===- CheckContext.cpp - state shared by the restriction rules --------===//
#include "CheckContext.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace ampcc {

CheckContext::CheckContext(ASTContext &Ctx)
    : Ctx(Ctx), Roots(TranslationUnitRoots::whole(Ctx)) {}

CheckContext::~CheckContext() { flush(); }

void CheckContext::setCurrent(const FunctionDecl *FD) {
  flush();
  Current = FD;
}

const Reach *CheckContext::reachOf(const FunctionDecl *FD) const {
  auto It = Reaches.find(FD);
  return It == Reaches.end() ? nullptr : &It->second;
}

bool CheckContext::isAmpHalfUnused(const FunctionDecl *FD) const {
  // The first caller recorded is enough: a specialization reached from amp
  // code by any path was reached so before OutsideKernels, or by an amp-only
  // or non-template function whose own amp half instantiates it.
  for (unsigned Depth = 0; FD && Depth < 64; ++Depth) {
    if (!OutsideKernels || sideOf(FD) != Side::Both || !FD->getTemplateInstantiationPattern())
      return false;
    const Reach *R = reachOf(FD);
    if (!R || !R->Caller)
      return true;
    FD = R->Caller;
  }
  return false;
}

DiagRef CheckContext::error(SourceLocation Loc, Diag D, SourceRange Range) {
  flush();
  // Implicit code (conversions, destructors) may lack a location.
  if (Loc.isInvalid())
    Loc = Range.getBegin().isValid() ? Range.getBegin()
                                     : (Current ? Current->getLocation() : Loc);
  if (!ErrorLocs.insert(Loc.getRawEncoding()).second) {
    LastDropped = true;
    return DiagRef();
  }
  LastDropped = false;
  NoteLocs.clear();
  ChainPending = true;
  ++Errors;
  ErrorRanges.push_back(Range.isValid() ? Range : SourceRange(Loc, Loc));
  DiagnosticBuilder B = report(Ctx.getDiagnostics(), Loc, D);
  if (Range.isValid())
    B << Range;
  return DiagRef(std::move(B));
}

DiagRef CheckContext::note(SourceLocation Loc, Diag D) {
  if (LastDropped)
    return DiagRef();
  NoteLocs.push_back(Loc);
  return DiagRef(report(Ctx.getDiagnostics(), Loc, D));
}

void CheckContext::flush() {
  if (!ChainPending)
    return;
  ChainPending = false;
  emitChain();
}

bool CheckContext::coversLocation(SourceLocation Loc) const {
  if (ErrorLocs.count(Loc.getRawEncoding()))
    return true;
  SourceLocation L = sm().getExpansionLoc(Loc);
  for (SourceRange R : ErrorRanges) {
    SourceLocation B = sm().getExpansionLoc(R.getBegin());
    SourceLocation E = sm().getExpansionLoc(R.getEnd());
    if (L == B || L == E ||
        (sm().isBeforeInTranslationUnit(B, L) && sm().isBeforeInTranslationUnit(L, E)))
      return true;
  }
  return false;
}

namespace {

/// The innermost template instantiation that \p D lives in (a function
/// template specialization, a member of a class template specialization, or
/// the function around a lambda in either), with its point of instantiation.
std::pair<const NamedDecl *, SourceLocation> instantiationOf(const Decl *D) {
  for (const DeclContext *DC = dyn_cast<DeclContext>(D) ? cast<DeclContext>(D)
                                                        : D->getDeclContext();
       DC; DC = DC->getParent()) {
    if (const auto *FD = dyn_cast<FunctionDecl>(DC)) {
      if (FD->isTemplateInstantiation() && FD->getPointOfInstantiation().isValid())
        return {FD, FD->getPointOfInstantiation()};
    } else if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(DC)) {
      if (Spec->getPointOfInstantiation().isValid())
        return {Spec, Spec->getPointOfInstantiation()};
    }
  }
  return {nullptr, SourceLocation()};
}

/// The function whose body contains \p S (for a parallel_for_each call).
const FunctionDecl *enclosingFunction(ASTContext &Ctx, const Stmt *S) {
  DynTypedNodeList Parents = Ctx.getParents(*S);
  while (!Parents.empty()) {
    const DynTypedNode &P = Parents[0];
    if (const auto *FD = P.get<FunctionDecl>())
      return FD;
    if (const auto *PS = P.get<Stmt>())
      Parents = Ctx.getParents(*PS);
    else if (const auto *PD = P.get<Decl>())
      Parents = Ctx.getParents(*PD);
    else
      break;
  }
  return nullptr;
}

} // namespace

void CheckContext::emitChain() {
  if (!Current)
    return;
  DiagnosticsEngine &DE = Ctx.getDiagnostics();
  auto [Inst, POI] = instantiationOf(Current);
  const Reach *First = reachOf(Current);
  // The call that instantiated the template is the first "called from" note
  // anyway.
  // A kernel's own instantiation is named after the kernel note.
  bool IsKernel = First && !First->Caller && First->Kernel;
  if (Inst && !IsKernel && !(First && First->CallLoc == POI))
    report(DE, POI, Diag::note_restrict_instantiation) << Inst;
  llvm::SmallPtrSet<const FunctionDecl *, 8> Seen;
  for (const FunctionDecl *F = Current; F && Seen.insert(F).second;) {
    const Reach *R = reachOf(F);
    if (!R)
      break;
    if (R->Caller) {
      if (!llvm::is_contained(NoteLocs, R->CallLoc))
        report(DE, R->CallLoc, Diag::note_restrict_called_from);
      F = R->Caller;
      continue;
    }
    if (R->Kernel && R->Kernel->Call) {
      report(DE, R->Kernel->Call->getBeginLoc(), Diag::note_restrict_kernel_here);
      if (const FunctionDecl *Launcher = enclosingFunction(Ctx, R->Kernel->Call)) {
        auto [KInst, KPOI] = instantiationOf(Launcher);
        if (KInst && (KInst != Inst || IsKernel))
          report(DE, KPOI, Diag::note_restrict_instantiation) << KInst;
      }
    }
    break;
  }
}

Side CheckContext::sideOf(const FunctionDecl *FD) {
  bool Dev = FD->hasAttr<CUDADeviceAttr>();
  bool Host = FD->hasAttr<CUDAHostAttr>() || !Dev;
  // Lambdas and constexpr functions that Clang made host-device implicitly
  // inherit amp from the code they are used in.
  if (Dev && Host && FD->getAttr<CUDAHostAttr>() && FD->getAttr<CUDAHostAttr>()->isImplicit())
    return Side::Amp;
  return Dev ? (Host ? Side::Both : Side::Amp) : Side::Cpu;
}

std::optional<Side> CheckContext::defaultArgSide(const ParmVarDecl *P) {
  const auto *Fn = dyn_cast<FunctionDecl>(P->getDeclContext());
  if (!Fn)
    return std::nullopt;
  for (const DeclContext *DC = Fn->getLexicalDeclContext(); DC;
       DC = DC->getLexicalParent())
    if (const auto *Outer = dyn_cast<FunctionDecl>(DC))
      return sideOf(Outer);
  if (Fn->isImplicit() || isInAmpNamespace(Fn))
    return std::nullopt;
  return Side::Cpu;
}

bool CheckContext::isAmpCallable(const FunctionDecl *FD) {
  return FD->hasAttr<CUDADeviceAttr>() || FD->getBuiltinID() != 0;
}

bool CheckContext::isLibrary(const Decl *D) const {
  if (isInAmpNamespace(D))
    return true;
  SourceLocation L = D->getLocation();
  return L.isValid() && sm().isInSystemHeader(sm().getExpansionLoc(L));
}

} // namespace ampcc
