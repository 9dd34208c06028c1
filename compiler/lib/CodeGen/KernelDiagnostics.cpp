//===- KernelDiagnostics.cpp - direct3d_printf, _errorf and _abort -------===//
//
// Visual C++'s debugging intrinsics of amp code (ampcc/kernel_diagnostics.h).
//
// direct3d_printf is OpenCL C 1.2's printf with the same arguments, except
// that a float is passed as a float: C++ promotes it to double for `...`,
// which would make every such kernel need cl_khr_fp64, and OpenCL's printf
// promotes it itself.
//
// direct3d_errorf and direct3d_abort end the calling thread and make the
// host throw. OpenCL C cannot unwind, so they reuse checked mode's channel
// (BoundsChecks.cpp, runtime/FaultChecks.cpp): a program that calls either
// passes every function the checking state and every kernel the fault
// buffer. The call records itself there (the first of the launch fills
// the record: its site, rank -3 for errorf and -2 for abort, and errorf's
// arguments as 64-bit words) and sets the thread's `aborted` flag; every
// statement that may reach such a call (mayAbort, through the functions it
// calls) is followed by a return when the flag is set, so the thread leaves
// each function on the way back to the kernel. A function with a value
// returns zero, which the rest of its statement may still use: the
// launch's results are not meant to be used after the host's exception.
// Destructors of the scopes left this way do not run. The host words the
// exception from the site's entry, which carries errorf's format and the
// kind of each argument.
//
//===----------------------------------------------------------------------===//
#include "FunctionEmitter.h"

#include "Lowering.h"
#include "ampcc/Analysis/AmpModel.h"
#include "ampcc/Support/Diagnostics.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace ampcc {

namespace {

bool endsThread(const FunctionDecl *FD) {
  return isKernelDiagnostic(FD, "direct3d_errorf") || isKernelDiagnostic(FD, "direct3d_abort");
}

/// Finds, in a statement, a call that may end the thread.
class AbortFinder : public RecursiveASTVisitor<AbortFinder> {
public:
  explicit AbortFinder(llvm::function_ref<bool(const FunctionDecl *)> MayAbort)
      : MayAbort(MayAbort) {}
  bool Found = false;
  bool VisitCallExpr(CallExpr *CE) {
    if (const FunctionDecl *FD = CE->getDirectCallee())
      Found = MayAbort(FD);
    return !Found;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
    Found = MayAbort(CE->getConstructor());
    return !Found;
  }

private:
  llvm::function_ref<bool(const FunctionDecl *)> MayAbort;
};

/// The argument as the user wrote it: without C++'s promotion of a float
/// to double for `...`, and a string literal without its decay.
const Expr *unpromoted(const Expr *A) {
  const Expr *Bare = A->IgnoreParenImpCasts();
  if (isa<StringLiteral>(Bare))
    return Bare;
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(A->IgnoreParens()))
    if (ICE->getCastKind() == CK_FloatingCast &&
        ICE->getSubExpr()->getType()->isSpecificBuiltinType(BuiltinType::Float))
      return ICE->getSubExpr();
  return A;
}

std::string quoted(const StringLiteral *SL) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  SL->outputString(OS);
  return S;
}

} // namespace

bool CodeGenModule::programAborts() {
  if (!Aborts) {
    // Only the declarations a call refers to are marked referenced.
    Aborts = false;
    IdentifierInfo &Concurrency = Ctx.Idents.get("Concurrency");
    for (const NamedDecl *ND : Ctx.getTranslationUnitDecl()->lookup(&Concurrency))
      if (const auto *NS = dyn_cast<NamespaceDecl>(ND))
        for (const char *Name : {"direct3d_errorf", "direct3d_abort"})
          for (const NamedDecl *F : NS->lookup(&Ctx.Idents.get(Name)))
            if (F->isReferenced())
              Aborts = true;
  }
  return *Aborts;
}

bool CodeGenModule::functionMayAbort(const FunctionDecl *FD) {
  if (endsThread(FD))
    return true;
  const FunctionDecl *Def = nullptr;
  // The library's own functions never end a thread.
  if (!FD->hasBody(Def) || isInAmpNamespace(Def))
    return false;
  auto [It, New] = AbortingFunctions.try_emplace(Def, false);
  if (!New)
    return It->second; // Known, or being looked at (no recursion in amp code).
  bool Result = mayAbort(Def->getBody());
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      Result = Result || mayAbort(Init->getInit());
  AbortingFunctions[Def] = Result;
  return Result;
}

bool CodeGenModule::mayAbort(const Stmt *S) {
  if (!S || !programAborts())
    return false;
  auto MayAbort = [this](const FunctionDecl *FD) { return functionMayAbort(FD); };
  AbortFinder Finder(MayAbort); // function_ref: the lambda must outlive it.
  Finder.TraverseStmt(const_cast<Stmt *>(S));
  return Finder.Found;
}

unsigned CodeGenModule::diagnosticSite(SourceLocation Loc, const std::string &Payload) {
  unsigned Site = checkSite(Loc, 0);
  CheckSites[Site] += "\x1f" + Payload;
  return Site;
}

void FunctionEmitter::emitAbortCheck(const Stmt *S) {
  if (!CG.mayAbort(S))
    return;
  std::string Return = AbortReturn;
  if (Return.empty()) {
    UsedVoidReturn = true;
    Return = VoidReturn;
  }
  line(std::string("if (") + CheckStateName + "->aborted) " + Return);
}

std::string FunctionEmitter::kernelDiagnosticCall(const FunctionDecl *FD,
                                                  llvm::ArrayRef<const Expr *> Args,
                                                  SourceLocation Loc) {
  StringRef Name = FD->getName();
  // The thread's record: the first abort of the launch takes it.
  const char *Claim = "ampcc_claim_abort";
  if (Name != "direct3d_printf")
    CG.addHelper(Claim, std::string("int ") + Claim +
                            "(ampcc_checks *chk, int site, int kind) {\n"
                            "  __global int *f = chk->fault;\n"
                            "  chk->aborted = 1;\n"
                            "  atomic_inc(f);\n"
                            "  if (atomic_cmpxchg(f + 1, 0, 1) != 0)\n    return 0;\n"
                            "  f[2] = site; f[3] = kind;\n  return 1;\n}\n\n");
  if (Name == "direct3d_abort")
    return std::string("(void)") + Claim + "(" + CheckStateName + ", " +
           std::to_string(CG.diagnosticSite(Loc, "")) + ", -2)";

  const auto *Format = Args.empty() ? nullptr
                                    : dyn_cast<StringLiteral>(Args[0]->IgnoreParenImpCasts());
  if (!Format || !Format->isOrdinary()) {
    report(CG.getDiags(), Args.empty() ? Loc : Args[0]->getBeginLoc(),
           Diag::err_amp_printf_format)
        << FD;
    return "0";
  }
  if (Name == "direct3d_printf") {
    std::string Call = "printf(" + quoted(Format);
    for (const Expr *A : Args.drop_front()) {
      const Expr *U = unpromoted(A);
      if (const auto *SL = dyn_cast<StringLiteral>(U)) {
        Call += ", " + quoted(SL);
        continue;
      }
      if (!U->getType()->isScalarType()) {
        report(CG.getDiags(), A->getBeginLoc(), Diag::err_amp_printf_argument)
            << U->getType() << FD << A->getSourceRange();
        return "0";
      }
      Call += ", " + expr(U);
    }
    return Call + ")";
  }

  // direct3d_errorf: a helper per call, which prints, claims the record
  // and stores the arguments for the host's message (runtime/FaultChecks.cpp
  // reads the kinds: i, u, f, d, s).
  if (Args.size() > 8) {
    report(CG.getDiags(), Loc, Diag::err_amp_errorf_arguments) << unsigned(Args.size() - 1);
    return "0";
  }
  std::string Params = "ampcc_checks *chk", CallArgs = CheckStateName, Print, Store,
              Kinds, Strings;
  unsigned Word = 0;
  for (const Expr *A : Args.drop_front()) {
    const Expr *U = unpromoted(A);
    if (const auto *SL = dyn_cast<StringLiteral>(U)) {
      Print += ", " + quoted(SL);
      Kinds += 's';
      Strings += "\x1f" + SL->getString().str();
      continue;
    }
    QualType T = U->getType();
    if (!T->isIntegralOrEnumerationType() && !T->isRealFloatingType()) {
      report(CG.getDiags(), A->getBeginLoc(), Diag::err_amp_printf_argument)
          << T << FD << A->getSourceRange();
      return "0";
    }
    std::string P = "a" + std::to_string(Word);
    Params += ", " + CG.lowerType(T, A->getBeginLoc()) + " " + P;
    CallArgs += ", " + expr(U);
    Print += ", " + P;
    std::string Bits;
    if (T->isSpecificBuiltinType(BuiltinType::Float)) {
      Kinds += 'f';
      Bits = "(long)as_uint(" + P + ")";
    } else if (T->isRealFloatingType()) {
      Kinds += 'd';
      Bits = "as_long(" + P + ")";
    } else {
      Kinds += T->isSignedIntegerOrEnumerationType() ? 'i' : 'u';
      Bits = "(long)" + P;
    }
    Store += "    w[" + std::to_string(Word++) + "] = " + Bits + ";\n";
  }
  std::string Fmt = Format->getString().str();
  unsigned Site = CG.diagnosticSite(Loc, Kinds + "\x1f" + Fmt + Strings);
  std::string Fn = "ampcc_errorf_" + std::to_string(Site);
  std::string Record = std::string(Claim) + "(chk, " + std::to_string(Site) + ", -3)";
  if (Store.empty())
    Record = "  (void)" + Record + ";\n";
  else
    Record = "  if (" + Record + ") {\n    __global long *w = (__global long *)(chk->fault + 16);\n" +
             Store + "  }\n";
  CG.addHelper(Fn, "void " + Fn + "(" + Params + ") {\n  printf(" + quoted(Format) + Print +
                       ");\n" + Record + "}\n\n");
  return Fn + "(" + CallArgs + ")";
}

} // namespace ampcc
