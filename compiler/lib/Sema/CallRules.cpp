//===- CallRules.cpp - what amp code may call ---------------------------===//
//
// Amp code may call only functions whose restriction includes amp
// (restrict(amp) or restrict(cpu, amp); also Clang's builtins and constexpr
// functions, which are usable on both sides), and cpu code only functions
// whose restriction includes cpu. restrict(cpu, amp) code must satisfy both:
// a call to an amp-only function is fine there only when a cpu overload with
// the same parameters exists (the device pass sees the amp one); a template
// specialization's amp half that no amp code uses may call cpu-only functions
// (Visual C++ checks that half per use). Amp code may
// not call through function pointers or pointers to member functions, nor
// take the address of a function.
//
// Clang rejects many wrong-side calls while parsing (those diagnostics are
// reported again in these terms, see ClangFinding.h); this rule catches
// the ones it lets through in the device pass: calls from restrict(cpu,amp)
// functions that no device code emits, and member calls from cpu code to
// amp-only functions, which Clang would only reject in the host pass, worded
// for CUDA. For those, every cpu function of the translation unit is walked
// too (not ampcc's headers, not uninstantiated templates).
//
//===----------------------------------------------------------------------===//
#include "Rule.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace ampcc {

namespace {

/// Where Clang reports a reference to \p Callee: the name in the call.
SourceLocation calleeLoc(const CallExpr *CE) {
  const Expr *Callee = CE->getCallee()->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Callee))
    return DRE->getLocation();
  if (const auto *ME = dyn_cast<MemberExpr>(Callee); ME && ME->getMemberLoc().isValid())
    return ME->getMemberLoc(); // implicit conversions have none
  return CE->getExprLoc().isValid() ? CE->getExprLoc() : CE->getBeginLoc();
}

bool isAmpOnly(const FunctionDecl *FD) {
  return FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAHostAttr>() &&
         !FD->getBuiltinID();
}

/// Is there a cpu-callable overload of \p FD with the same parameters?
bool hasCpuTwin(const FunctionDecl *FD) {
  const FunctionDecl *Pattern = FD->getPrimaryTemplate()
                                    ? FD->getPrimaryTemplate()->getTemplatedDecl()
                                    : FD;
  // Conversion function templates are named by the type they convert to, so
  // lookup by name misses a cpu template beside an amp one: compare them by
  // kind instead. Each half converts through its own side's functions (both
  // passes rank a candidate's side first), so an amp `operator long` beside
  // a cpu `operator int` serves both halves of `int i = obj;`: any cpu
  // conversion to an arithmetic type is a twin of an amp one to an
  // arithmetic type, and the host pass checks the cpu half's conversion.
  if (const auto *Conv = dyn_cast<CXXConversionDecl>(FD)) {
    ASTContext &Ctx = FD->getASTContext();
    auto Arithmetic = [](const CXXConversionDecl *D) {
      return D->getConversionType().getNonReferenceType()->isArithmeticType();
    };
    for (const Decl *D : Conv->getParent()->decls()) {
      const auto *FTD = dyn_cast<FunctionTemplateDecl>(D);
      const auto *Other = dyn_cast_or_null<CXXConversionDecl>(
          FTD ? FTD->getTemplatedDecl() : D->getAsFunction());
      if (!Other || Other == FD || Other == Pattern || isAmpOnly(Other))
        continue;
      if (FTD || Ctx.hasSameType(Other->getConversionType(), Conv->getConversionType()) ||
          (Arithmetic(Conv) && Arithmetic(Other)))
        return true;
    }
  }
  for (const NamedDecl *ND : FD->getDeclContext()->getRedeclContext()->lookup(FD->getDeclName())) {
    const auto *Other = ND->getAsFunction();
    if (!Other || Other == FD || Other == Pattern || isAmpOnly(Other) ||
        Other->getNumParams() != FD->getNumParams())
      continue;
    return true;
  }
  return false;
}

/// The restriction of the function being checked (amp for kernels' roots).
Side callerSide(const CheckContext &C) {
  return C.current() ? CheckContext::sideOf(C.current()) : Side::Amp;
}

/// \p What: 0 a function, 1 a constructor, 2 a call operator, 3 a destructor.
void reportTarget(int What, const FunctionDecl *FD, Side CalleeSide, Side CallerSide,
                  SourceLocation Loc, SourceRange R, CheckContext &C) {
  // A cpu-only callee breaks only the amp half, which Visual C++ checks
  // where amp code uses it (the C++ AMP Algorithms Library's not1 builds a
  // restrict(cpu) unary_negate in a restrict(cpu, amp) template).
  if (CalleeSide == Side::Cpu && C.isAmpHalfUnused(C.current()))
    return;
  auto Name = [&](const DiagRef &D) -> const DiagRef & {
    if (What != 0)
      return D << C.ast().getRecordType(cast<CXXMethodDecl>(FD)->getParent());
    return D << FD;
  };
  if (Name(C.error(Loc, Diag::err_restrict_call_target, R) << What) << CalleeSide
                                                                    << CallerSide)
    Name(C.note(FD->getLocation(), Diag::note_restrict_callee_declared) << What)
        << (CalleeSide == Side::Cpu ? 0 : 1);
}

/// The bodies of cpu functions (and cpu lambdas), looking for calls to
/// amp-only functions.
class HostWalker : public RecursiveASTVisitor<HostWalker> {
public:
  explicit HostWalker(CheckContext &C) : C(C) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldWalkTypesOfTypeLocs() const { return false; }
  bool TraverseTypeLoc(TypeLoc) { return true; }
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) { return true; }
  bool TraverseCXXNoexceptExpr(CXXNoexceptExpr *) { return true; }
  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      if (FD->isDependentContext())
        return true;
      if (FD->hasAttr<CUDADeviceAttr>()) {
        // Not cpu code, but a local class in it may have cpu members.
        for (Decl *Local : FD->decls())
          if (isa<CXXRecordDecl>(Local))
            TraverseDecl(Local);
        return true;
      }
    }
    if (!isa<TranslationUnitDecl>(D) && D->getLocation().isValid() && C.isLibrary(D))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  // A default argument runs in the caller, but was bound where the function
  // was declared (spec 2.3.2): a call there to the wrong side is the
  // caller's error. RecursiveASTVisitor does not look inside it.
  bool TraverseCXXDefaultArgExpr(CXXDefaultArgExpr *E) {
    const ParmVarDecl *Saved = AmpBound;
    // Written inside an amp-only function (a member of a local class
    // there): Visual C++ bound its calls among amp functions, whatever the
    // restriction of the function it belongs to.
    if (CheckContext::defaultArgSide(E->getParam()) == Side::Amp)
      AmpBound = E->getParam();
    bool Ok = WalkUpFromCXXDefaultArgExpr(E) && TraverseStmt(E->getExpr());
    AmpBound = Saved;
    return Ok;
  }
  bool TraverseLambdaExpr(LambdaExpr *LE) {
    if (!LE->getCallOperator()->hasAttr<CUDADeviceAttr>())
      return RecursiveASTVisitor::TraverseLambdaExpr(LE);
    for (Expr *Init : LE->capture_inits()) // evaluated on the host
      if (Init)
        TraverseStmt(Init);
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const Expr *Callee = CE->getCallee()->IgnoreParenImpCasts();
    Called.insert(Callee);
    const FunctionDecl *FD = CE->getDirectCallee();
    if (FD && AmpBound && !FD->hasAttr<CUDADeviceAttr>() && !FD->getBuiltinID() &&
        !C.isLibrary(FD)) {
      // Bound among amp functions: this cpu-only callee is not what Visual
      // C++ chose, and the amp one cannot run here.
      const auto *Owner = cast<FunctionDecl>(AmpBound->getDeclContext());
      if (C.error(calleeLoc(CE), Diag::err_restrict_default_arg_binding,
                  Callee->getSourceRange())
          << Owner << 0 << FD << 1)
        C.note(AmpBound->getDefaultArgRange().getBegin(),
               Diag::note_restrict_default_arg_here);
      return true;
    }
    if (FD && isAmpOnly(FD))
      reportTarget(0, FD, Side::Amp, Side::Cpu,
                   calleeLoc(CE), Callee->getSourceRange(), C);
    // Calling a captureless restrict(amp) lambda from cpu code goes through
    // its conversion to a function pointer, which Clang allows.
    if (const auto *Conv = dyn_cast<CXXMemberCallExpr>(Callee))
      if (const auto *CD = dyn_cast_or_null<CXXConversionDecl>(Conv->getMethodDecl()))
        if (CD->getParent()->isLambda() && isAmpOnly(CD->getParent()->getLambdaCallOperator()))
          reportTarget(2, CD->getParent()->getLambdaCallOperator(),
                       Side::Amp, Side::Cpu,
                       CE->getBeginLoc(), Callee->getSourceRange(), C);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    if (E->getConstructor() && isAmpOnly(E->getConstructor()))
      reportTarget(1, E->getConstructor(), Side::Amp,
                   Side::Cpu, E->getLocation(), E->getSourceRange(), C);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl());
    if (FD && isAmpOnly(FD) && !Called.count(DRE))
      reportTarget(0, FD, Side::Amp, Side::Cpu,
                   DRE->getLocation(), DRE->getSourceRange(), C);
    return true;
  }

private:
  CheckContext &C;
  llvm::SmallPtrSet<const Expr *, 32> Called;
  const ParmVarDecl *AmpBound = nullptr; ///< See TraverseCXXDefaultArgExpr.
};

/// In a default argument bound in cpu context, Visual C++ resolved the call
/// among cpu functions: an amp-only callee (the device pass's choice) or a
/// lambda written there (a cpu lambda) cannot run in amp code.
bool isCpuBoundCallToAmp(const FunctionDecl *FD) {
  if (isInAmpNamespace(FD) || FD->getBuiltinID())
    return false;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->getParent()->isLambda()) {
    const auto *Host = FD->getAttr<CUDAHostAttr>();
    return !Host || Host->isImplicit();
  }
  return isAmpOnly(FD);
}

class CallRules : public Rule {
public:
  void checkDecl(const Decl *D, CheckContext &C) override {
    // Locals are destroyed at the end of their scope, by amp code.
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD))
      return;
    const CXXRecordDecl *RD = VD->getType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition() || RD->hasTrivialDestructor() || isInAmpNamespace(RD))
      return;
    const CXXDestructorDecl *Dtor = RD->getDestructor();
    if (Dtor && !CheckContext::isAmpCallable(Dtor))
      reportTarget(3, Dtor, Side::Cpu,
                   callerSide(C),
                   VD->getLocation(), VD->getSourceRange(), C);
  }

  void checkStmt(const Stmt *S, CheckContext &C) override {
    if (const auto *CE = dyn_cast<CallExpr>(S))
      return checkCall(CE, C);
    if (const auto *CCE = dyn_cast<CXXConstructExpr>(S)) {
      const CXXConstructorDecl *Ctor = CCE->getConstructor();
      if (Ctor && !Ctor->isTrivial() && !CheckContext::isAmpCallable(Ctor))
        reportTarget(1, Ctor, Side::Cpu,
                     callerSide(C),
                     CCE->getLocation(), CCE->getSourceRange(), C);
      return;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl());
      if (!FD || C.Callees.count(DRE))
        return;
      bool Member = isa<CXXMethodDecl>(FD) && !cast<CXXMethodDecl>(FD)->isStatic();
      C.error(DRE->getLocation(), Diag::err_restrict_function_address, DRE->getSourceRange())
          << (Member ? 1 : 0) << FD;
    }
  }

  void checkTranslationUnit(CheckContext &C) override {
    HostWalker F(C);
    C.roots().traverse(F);
  }

private:
  void checkCall(const CallExpr *CE, CheckContext &C) {
    const Expr *Callee = CE->getCallee()->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Callee))
      C.Callees.insert(DRE);
    if (const FunctionDecl *FD = CE->getDirectCallee()) {
      if (C.CpuBoundDefaultArg && isCpuBoundCallToAmp(FD)) {
        const auto *Owner = cast<FunctionDecl>(C.CpuBoundDefaultArg->getDeclContext());
        bool Lambda = isa<CXXMethodDecl>(FD) && cast<CXXMethodDecl>(FD)->getParent()->isLambda();
        if (C.error(calleeLoc(CE), Diag::err_restrict_default_arg_binding,
                    Callee->getSourceRange())
            << Owner << (Lambda ? 1 : 0) << FD << 0)
          C.note(C.CpuBoundDefaultArg->getDefaultArgRange().getBegin(),
                 Diag::note_restrict_default_arg_here);
        return;
      }
      Side CallerSide = callerSide(C);
      if (!CheckContext::isAmpCallable(FD))
        reportTarget(0, FD, Side::Cpu, CallerSide, calleeLoc(CE),
                     Callee->getSourceRange(), C);
      else if (CallerSide == Side::Both && isAmpOnly(FD) &&
               !isInAmpNamespace(FD) && !hasCpuTwin(FD))
        reportTarget(0, FD, Side::Amp, CallerSide, calleeLoc(CE),
                     Callee->getSourceRange(), C);
      return;
    }
    if (isa<CXXPseudoDestructorExpr>(Callee) || CE->isTypeDependent())
      return;
    if (const auto *BO = dyn_cast<BinaryOperator>(Callee); BO && BO->isPtrMemOp()) {
      C.error(BO->getOperatorLoc(), Diag::err_restrict_indirect_call, CE->getSourceRange())
          << 1;
      return;
    }
    C.error(CE->getBeginLoc(), Diag::err_restrict_indirect_call, Callee->getSourceRange())
        << 0;
  }

};

} // namespace

std::unique_ptr<Rule> createCallRules() { return std::make_unique<CallRules>(); }

} // namespace ampcc
