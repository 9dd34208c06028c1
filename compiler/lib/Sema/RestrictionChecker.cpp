//===- RestrictionChecker.cpp - the rules of restrict(amp) --------------===//
//
// The walk: a queue of functions of amp code, kernels' call operators first
// (so that notes name the shortest chain from a kernel), then every other
// restrict(amp) function of the translation unit. Each function is handed to
// the rules once; its body is traversed once, collecting its callees (calls,
// constructions, destructions, lambdas written in it), which join the queue
// with a note of where they were first reached from. Callees that are not
// amp-callable are reported by the call rules and not walked; ampcc's own
// library and system headers are trusted and not walked either.
//
//===----------------------------------------------------------------------===//
#include "ampcc/Sema/RestrictionChecker.h"

#include "CheckContext.h"
#include "Rule.h"
#include "ampcc/Analysis/HostLibraryCode.h"
#include "ampcc/Sema/ClangFinding.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/MapVector.h"

#include <deque>

using namespace clang;

namespace ampcc {

namespace {

using RuleList = std::vector<std::unique_ptr<Rule>>;

/// The function whose definition is checked for \p FD.
const FunctionDecl *target(const FunctionDecl *FD) {
  if (const FunctionDecl *Def = FD->getDefinition())
    return Def;
  return FD->getCanonicalDecl();
}

/// Traverses one function body, handing every statement and declaration to
/// the rules and collecting callees.
class BodyWalker : public RecursiveASTVisitor<BodyWalker> {
public:
  using EdgeFn = std::function<void(const FunctionDecl *, SourceLocation)>;
  BodyWalker(CheckContext &C, const RuleList &Rules, EdgeFn Edge)
      : C(C), Rules(Rules), Edge(std::move(Edge)) {}

  bool shouldVisitImplicitCode() const { return true; }
  bool shouldWalkTypesOfTypeLocs() const { return false; }
  bool TraverseTypeLoc(TypeLoc) { return true; }

  // Unevaluated operands: no value of their types exists on the accelerator.
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) { return true; }
  bool TraverseCXXNoexceptExpr(CXXNoexceptExpr *) { return true; }
  bool TraverseCXXTypeidExpr(CXXTypeidExpr *E) { return WalkUpFromCXXTypeidExpr(E); }
  bool TraverseStaticAssertDecl(StaticAssertDecl *) { return true; }
  // The operands of asm statements are reported with the statement.
  bool TraverseGCCAsmStmt(GCCAsmStmt *S) { return WalkUpFromGCCAsmStmt(S); }
  bool TraverseMSAsmStmt(MSAsmStmt *S) { return WalkUpFromMSAsmStmt(S); }
  // Local classes, function declarations and lambda bodies are functions of
  // their own, walked when reached.
  bool TraverseCXXRecordDecl(CXXRecordDecl *) { return true; }
  bool TraverseRecordDecl(RecordDecl *) { return true; }
  bool TraverseFunctionDecl(FunctionDecl *) { return true; }
  // A default argument runs in the caller, but was bound where the function
  // was declared (spec 2.3.2): a call there to the wrong side is the
  // caller's error. RecursiveASTVisitor does not look inside it.
  bool TraverseCXXDefaultArgExpr(CXXDefaultArgExpr *E) {
    const ParmVarDecl *Saved = C.CpuBoundDefaultArg;
    if (CheckContext::defaultArgSide(E->getParam()) == Side::Cpu)
      C.CpuBoundDefaultArg = E->getParam();
    bool Ok = WalkUpFromCXXDefaultArgExpr(E) && TraverseStmt(E->getExpr());
    C.CpuBoundDefaultArg = Saved;
    return Ok;
  }
  bool TraverseLambdaExpr(LambdaExpr *LE) {
    WalkUpFromLambdaExpr(LE);
    Edge(LE->getCallOperator(), LE->getBeginLoc());
    for (Expr *Init : LE->capture_inits())
      if (Init)
        TraverseStmt(Init);
    return true;
  }

  bool VisitStmt(Stmt *S) {
    for (const auto &R : Rules)
      R->checkStmt(S, C);
    return true;
  }
  bool VisitDecl(Decl *D) {
    for (const auto &R : Rules)
      R->checkDecl(D, C);
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    if (const CXXRecordDecl *RD = VD->getType()->getAsCXXRecordDecl())
      if (RD->hasDefinition() && !RD->hasTrivialDestructor())
        if (const CXXDestructorDecl *Dtor = RD->getDestructor())
          Edge(Dtor, VD->getLocation());
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    if (const FunctionDecl *FD = CE->getDirectCallee())
      Edge(FD, CE->getExprLoc());
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    if (E->getConstructor())
      Edge(E->getConstructor(), E->getLocation());
    return true;
  }
  bool VisitCXXBindTemporaryExpr(CXXBindTemporaryExpr *E) {
    if (const CXXDestructorDecl *Dtor = E->getTemporary()->getDestructor())
      Edge(Dtor, E->getBeginLoc());
    return true;
  }
  bool VisitCXXDefaultArgExpr(CXXDefaultArgExpr *E) { return TraverseStmt(E->getExpr()); }
  bool VisitCXXDefaultInitExpr(CXXDefaultInitExpr *E) { return TraverseStmt(E->getExpr()); }

private:
  CheckContext &C;
  const RuleList &Rules;
  EdgeFn Edge;
};

/// Every restrict(amp) and restrict(cpu, amp) function written in the
/// translation unit (explicitly, not Clang's implicit host-device ones), in
/// source order; template instantiations included, templates not.
class RootFinder : public UserCodeVisitor<RootFinder> {
public:
  explicit RootFinder(CheckContext &C) : C(C) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    add(FD);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    add(LE->getCallOperator());
    return true;
  }
  std::vector<const FunctionDecl *> Roots;

private:
  void add(const FunctionDecl *FD) {
    const auto *A = FD->getAttr<CUDADeviceAttr>();
    if (!A || A->isImplicit() || FD->isDependentContext() || FD->isInvalidDecl() ||
        C.isLibrary(FD))
      return;
    // Declarations of template members that were never instantiated have no
    // body: nothing uses them.
    if (!FD->hasBody() && FD->isTemplateInstantiation())
      return;
    Roots.push_back(FD);
  }
  CheckContext &C;
};

struct Node {
  const FunctionDecl *FD = nullptr;
  std::vector<std::pair<const FunctionDecl *, SourceLocation>> Callees;
};

/// Records every function declaration by its location. With \p SM, only
/// the declarations whose text holds \p Target are entered (a
/// declaration spanning files is entered too).
struct FunctionCollector : RecursiveASTVisitor<FunctionCollector> {
  explicit FunctionCollector(llvm::DenseMap<unsigned, const FunctionDecl *> &Out,
                             const SourceManager *SM = nullptr,
                             SourceLocation Target = SourceLocation())
      : Out(Out), SM(SM), Target(Target) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool TraverseDecl(Decl *D) {
    if (SM && D && !isa<TranslationUnitDecl>(D) && !mayHold(D))
      return true;
    return RecursiveASTVisitor<FunctionCollector>::TraverseDecl(D);
  }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    Out.try_emplace(FD->getLocation().getRawEncoding(), FD);
    return true;
  }

private:
  bool mayHold(const Decl *D) const {
    SourceRange R = D->getSourceRange();
    if (R.isInvalid())
      return true;
    SourceLocation B = SM->getExpansionLoc(R.getBegin()), E = SM->getExpansionLoc(R.getEnd());
    FileID File = SM->getFileID(B);
    if (File != SM->getFileID(E))
      return true;
    // The target, or the #include that brought its file in (math.h's
    // extern "C" block holds what mathcalls.h declares), in this file.
    for (SourceLocation L = SM->getExpansionLoc(Target); L.isValid();
         L = SM->getIncludeLoc(SM->getFileID(L)))
      if (SM->getFileID(L) == File) {
        unsigned At = SM->getFileOffset(L);
        return SM->getFileOffset(B) <= At && At <= SM->getFileOffset(E);
      }
    return false;
  }

  llvm::DenseMap<unsigned, const FunctionDecl *> &Out;
  const SourceManager *SM;
  SourceLocation Target;
};

class Checker {
public:
  Checker(ASTContext &Ctx, const std::vector<KernelSite> &Kernels,
          llvm::ArrayRef<ClangFinding *> Findings)
      : C(Ctx), Kernels(Kernels), Findings(Findings), Rules(createRules()) {
    C.OnClassUse = [this](const CXXRecordDecl *RD, SourceLocation UseLoc) {
      if (!(RD = RD->getDefinition()) || RD->isLambda() || isInAmpNamespace(RD) ||
          RD->isInvalidDecl() || !C.markClassChecked(RD))
        return;
      for (const auto &R : Rules)
        R->checkRecord(RD, UseLoc, C);
    };
  }

  void setRoots(const TranslationUnitRoots &Roots) { C.setRoots(Roots); }

  unsigned run() {
    // Every violation in one run: no "too many errors" stop.
    C.ast().getDiagnostics().setErrorLimit(0);
    for (const KernelSite &K : Kernels)
      if (K.CallOperator)
        enqueue(K.CallOperator, Reach{nullptr, SourceLocation(), &K});
    drain();
    C.OutsideKernels = true;
    RootFinder RF(C);
    C.roots().traverse(RF);
    // Functions written as amp code first, then restrict(cpu, amp) template
    // specializations, so that a specialization that amp code uses is
    // reached from it (its amp half is checked; see isAmpHalfUnused).
    for (bool Specializations : {false, true}) {
      for (const FunctionDecl *FD : RF.Roots)
        if (Specializations == (CheckContext::sideOf(FD) == Side::Both &&
                                FD->getTemplateInstantiationPattern() != nullptr))
          enqueue(FD, Reach());
      drain();
    }
    C.setCurrent(nullptr);
    for (const auto &R : Rules)
      R->checkTranslationUnit(C);
    checkRecursion();
    reportClangFindings();
    C.setCurrent(nullptr);
    return C.errorCount();
  }

private:
  void enqueue(const FunctionDecl *FD, Reach R) {
    if (FD->getBuiltinID() || !CheckContext::isAmpCallable(FD))
      return;
    const FunctionDecl *T = target(FD);
    if (Nodes.count(T))
      return;
    Nodes[T].FD = T;
    C.setReach(T, R);
    Queue.push_back(T);
  }

  void drain() {
    while (!Queue.empty()) {
      const FunctionDecl *FD = Queue.front();
      Queue.pop_front();
      process(FD);
    }
  }

  void process(const FunctionDecl *FD) {
    if (C.isLibrary(FD) || FD->isInvalidDecl())
      return;
    C.setCurrent(FD);
    for (const auto &R : Rules)
      R->checkFunction(FD, C);
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD)) {
      if (MD->getParent()->isLambda()) {
        for (const auto &R : Rules)
          R->checkLambda(MD->getParent(), C);
      } else if (C.OnClassUse && MD->isInstance()) {
        // A member function uses its class through `this`; a static one
        // does not, so the class's other members (a std::vector a static
        // restrict(amp, cpu) helper never touches) are not amp code's
        // business.
        C.OnClassUse(MD->getParent(), FD->getLocation());
      }
    }
    if (!FD->doesThisDeclarationHaveABody())
      return;
    std::vector<std::pair<const FunctionDecl *, SourceLocation>> Callees;
    BodyWalker W(C, Rules, [&](const FunctionDecl *Callee, SourceLocation Loc) {
      Callees.emplace_back(Callee, Loc);
    });
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
      for (CXXCtorInitializer *Init : Ctor->inits())
        W.TraverseConstructorInitializer(Init);
    W.TraverseStmt(FD->getBody());
    C.flush();
    llvm::SmallPtrSet<const FunctionDecl *, 16> Seen;
    std::vector<std::pair<const FunctionDecl *, SourceLocation>> Edges;
    for (auto [Callee, Loc] : Callees) {
      if (!CheckContext::isAmpCallable(Callee) || Callee->getBuiltinID())
        continue;
      if (Seen.insert(target(Callee)).second)
        Edges.emplace_back(Callee, Loc);
    }
    for (auto [Callee, Loc] : Edges)
      enqueue(Callee, Reach{FD, Loc, nullptr});
    for (auto &[Callee, Loc] : Edges)
      Callee = target(Callee);
    Nodes[FD].Callees = std::move(Edges);
  }

  // --- Recursion ---------------------------------------------------------------
  void checkRecursion() {
    llvm::DenseMap<const FunctionDecl *, int> Color; // 0 new, 1 on stack, 2 done
    std::vector<const FunctionDecl *> Stack;
    std::vector<SourceLocation> EdgeLocs;
    std::function<void(const FunctionDecl *)> Visit = [&](const FunctionDecl *U) {
      Color[U] = 1;
      Stack.push_back(U);
      auto Done = [&] {
        Stack.pop_back();
        Color[U] = 2;
      };
      auto It = Nodes.find(U);
      if (It == Nodes.end())
        return Done();
      std::vector<std::pair<const FunctionDecl *, SourceLocation>> Out = It->second.Callees;
      for (auto [V, Loc] : Out) {
        if (C.isLibrary(V))
          continue;
        int &Col = Color[V];
        if (Col == 1) {
          reportCycle(Stack, EdgeLocs, V, Loc);
        } else if (Col == 0) {
          EdgeLocs.push_back(Loc);
          Visit(V);
          EdgeLocs.pop_back();
        }
      }
      Done();
    };
    std::vector<const FunctionDecl *> All;
    for (auto &[FD, N] : Nodes)
      All.push_back(FD);
    for (const FunctionDecl *FD : All)
      if (!C.isLibrary(FD) && Color[FD] == 0)
        Visit(FD);
  }

  void reportCycle(const std::vector<const FunctionDecl *> &Stack,
                   const std::vector<SourceLocation> &EdgeLocs, const FunctionDecl *V,
                   SourceLocation Loc) {
    const FunctionDecl *U = Stack.back();
    C.setCurrent(U);
    if (!(C.error(Loc, Diag::err_restrict_recursion) << V))
      return;
    size_t I = std::find(Stack.begin(), Stack.end(), V) - Stack.begin();
    for (; I + 1 < Stack.size(); ++I)
      C.note(EdgeLocs[I], Diag::note_restrict_recursion_edge) << Stack[I] << Stack[I + 1];
  }

  // --- Clang's own findings ------------------------------------------------------
  const FunctionDecl *containingFunction(SourceLocation Loc) {
    SourceManager &SM = C.sm();
    SourceLocation L = SM.getExpansionLoc(Loc);
    const FunctionDecl *Best = nullptr;
    unsigned BestSize = ~0u;
    for (auto &[FD, N] : Nodes) {
      if (!FD->doesThisDeclarationHaveABody() || C.isLibrary(FD))
        continue;
      SourceLocation B = SM.getExpansionLoc(FD->getBeginLoc());
      SourceLocation E = SM.getExpansionLoc(FD->getEndLoc());
      if (SM.getFileID(B) != SM.getFileID(L) || SM.getFileID(E) != SM.getFileID(L))
        continue;
      unsigned BO = SM.getFileOffset(B), EO = SM.getFileOffset(E), LO = SM.getFileOffset(L);
      if (BO <= LO && LO <= EO && EO - BO < BestSize) {
        Best = FD;
        BestSize = EO - BO;
      }
    }
    return Best;
  }

  /// The function declared at \p Loc (a candidate Clang named by location).
  const FunctionDecl *functionAt(SourceLocation Loc) {
    if (!DeclsByLoc) {
      // The file's declarations first (the traversal scope: its roots when
      // <amp.h> came precompiled, TranslationUnitRoots.h).
      DeclsByLoc.emplace();
      FunctionCollector Col(*DeclsByLoc);
      Col.TraverseAST(C.ast());
      WalkedAll = C.ast().getTraversalScope() ==
                  std::vector<Decl *>{C.ast().getTranslationUnitDecl()};
    }
    if (const FunctionDecl *FD = DeclsByLoc->lookup(Loc.getRawEncoding()))
      return FD;
    if (WalkedAll)
      return nullptr;
    // A candidate in the header: first only the declarations whose text
    // holds it (every declaration read back from the header was a sixth
    // of the fuzzer's time on mutated calls), then, should a declaration
    // lie outside the text of those around it, all of them, once.
    auto [Known, New] = HeaderDeclAt.try_emplace(Loc.getRawEncoding(), nullptr);
    if (!New)
      return Known->second;
    std::vector<Decl *> Scope = C.ast().getTraversalScope();
    C.ast().setTraversalScope({C.ast().getTranslationUnitDecl()});
    llvm::DenseMap<unsigned, const FunctionDecl *> Found;
    FunctionCollector Near(Found, &C.sm(), Loc);
    Near.TraverseDecl(C.ast().getTranslationUnitDecl());
    const FunctionDecl *FD = Found.lookup(Loc.getRawEncoding());
    if (!FD && !WalkedAll) {
      WalkedAll = true;
      FunctionCollector All(*DeclsByLoc);
      All.TraverseDecl(C.ast().getTranslationUnitDecl());
      FD = DeclsByLoc->lookup(Loc.getRawEncoding());
    }
    C.ast().setTraversalScope(Scope);
    return HeaderDeclAt[Loc.getRawEncoding()] = FD;
  }

  void reportClangFindings() {
    for (ClangFinding *F : Findings) {
      if (C.coversLocation(F->Loc)) {
        F->Handled = true;
        continue;
      }
      const FunctionDecl *Fn = containingFunction(F->Loc);
      SourceRange R = F->Ranges.empty() ? SourceRange() : F->Ranges.front().getAsRange();
      if (F->Kind == ClangFinding::Other) {
        // In ampcc's words where the table has them; else printed as Clang
        // reported it, with CUDA terms replaced.
        C.setCurrent(Fn);
        if (F->ClangID == diag::err_cuda_device_exceptions &&
            (F->Construct == "try" || F->Construct == "throw"))
          C.error(F->Loc, Diag::err_restrict_construct, R) << (F->Construct == "try" ? 2 : 3);
        else if (F->ClangID == diag::err_va_arg_in_device)
          C.error(F->Loc, Diag::err_restrict_construct, R) << 9;
        else if (F->ClangID == diag::err_cuda_host_shared)
          C.error(F->Loc, Diag::err_restrict_tile_static_not_amp, R)
              << (F->CallerSide == Side::Cpu ? 0 : 1);
        else
          continue;
        F->Handled = true;
        continue;
      }
      if (F->Kind != ClangFinding::CallTarget && F->Kind != ClangFinding::NoViable)
        continue;
      C.setCurrent(Fn);
      int What = F->What;
      if (!F->Decl && !F->Name && F->Type.isNull() && !F->Candidates.empty())
        if (const FunctionDecl *Cand = functionAt(F->Candidates.front())) {
          F->Decl = Cand;
          What = isa<CXXConstructorDecl>(Cand) ? 1 : 0;
        }
      // sqrtf, fabs: name the <amp_math.h> function instead.
      const FunctionDecl *Callee = dyn_cast_or_null<FunctionDecl>(F->Decl);
      if (!Callee && !F->Candidates.empty())
        Callee = functionAt(F->Candidates.front());
      if (reportMathCall(Callee, F->Loc, R, C)) {
        F->Handled = true;
        continue;
      }
      auto Name = [&](const DiagRef &D) -> const DiagRef & {
        if (F->Decl)
          return D << F->Decl;
        if (F->Name)
          return D << F->Name;
        return D << F->Type;
      };
      if (F->Decl || F->Name || !F->Type.isNull()) {
        if (!(Name(C.error(F->Loc, Diag::err_restrict_call_target, R) << What)
              << F->CalleeSide << F->CallerSide))
          continue;
      } else if (!(C.error(F->Loc, Diag::err_restrict_no_viable_target, R)
                   << F->Original.front().getMessage().str() << F->CallerSide)) {
        continue;
      }
      int Fix = F->CalleeSide == Side::Cpu ? 0 : 1;
      if (F->Decl)
        Name(C.note(F->Decl->getLocation(), Diag::note_restrict_callee_declared) << What)
            << Fix;
      else if (F->Name || !F->Type.isNull())
        for (SourceLocation Cand : F->Candidates)
          Name(C.note(Cand, Diag::note_restrict_callee_declared) << What) << Fix;
      if (!Fn)
        for (const StoredDiagnostic &N : F->ContextNotes)
          C.ast().getDiagnostics().Report(N);
      F->Handled = true;
    }
  }

  CheckContext C;
  const std::vector<KernelSite> &Kernels;
  llvm::ArrayRef<ClangFinding *> Findings;
  RuleList Rules;
  std::deque<const FunctionDecl *> Queue;
  llvm::MapVector<const FunctionDecl *, Node> Nodes;
  std::optional<llvm::DenseMap<unsigned, const FunctionDecl *>> DeclsByLoc;
  /// Whether DeclsByLoc holds every declaration, the header's too.
  bool WalkedAll = false;
  /// functionAt's answers for candidates in the header.
  llvm::DenseMap<unsigned, const FunctionDecl *> HeaderDeclAt;
};

} // namespace

unsigned checkRestrictions(ASTContext &Ctx, const std::vector<KernelSite> &Kernels,
                           llvm::ArrayRef<ClangFinding *> Findings,
                           const TranslationUnitRoots *Roots) {
  Checker Check(Ctx, Kernels, Findings);
  if (Roots)
    Check.setRoots(*Roots);
  return Check.run();
}

} // namespace ampcc
