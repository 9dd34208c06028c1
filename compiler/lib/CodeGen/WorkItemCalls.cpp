//===- WorkItemCalls.cpp - callees that wait, inlined into tile functions -===//
//
// A kernel that calls a function waiting at a barrier (the reduction's
// `tree(S, L, T.barrier)`) would otherwise run as fibers. C++ AMP puts
// barriers in uniform control flow, so such a call is a statement every
// work-item of the tile reaches together; it is printed inline: a
// WorkItemLoops over the callee's clone plan plans and prints the callee's
// body as the kernel's own (its barriers split it into work-item loops),
// and each parameter is bound to its argument by what the argument
// depends on:
// - alike for the whole tile (a capture, a constant, a tile_static array,
//   the tile_barrier): declared once, at the call;
// - the index alone (`T.local[0]`, a local computed from it): declared
//   again at the top of every work-item loop of the callee, as the
//   kernel's own such locals are, so accesses through it stay contiguous
//   and the loops vectorise;
// - any other arithmetic value: an array over the tile, which a
//   work-item loop fills at the call.
// A parameter the callee changes can only be such an array. References
// and pointers must point to the tile's objects (tile_static memory, the
// captures); anything else keeps the call, and the kernel its fibers.
// The callee's locals and parameters take a prefix of their own
// (`ampcc_i1_`): its work-item loops repeat its callers' declarations from
// the index, which they must not shadow.
//
//===----------------------------------------------------------------------===//
#include "CloneEmitter.h"
#include "WorkItemLoops.h"

#include "ampcc/Analysis/AmpModel.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace ampcc {

namespace {

/// Inlined callees inside inlined callees, at most: C++ AMP forbids
/// recursion, this bounds what a mistake would cost.
const unsigned MaxInlineDepth = 8;

} // namespace

WorkItemLoops::WorkItemLoops(WorkItemLoops &Caller, const FunctionPlan &Plan)
    : FE(Caller.FE.CG, Plan), Caller(&Caller),
      Tile{Caller.Tile[0], Caller.Tile[1], Caller.Tile[2]}, TileSize(Caller.TileSize) {
  FE.LocalPrefix = "ampcc_i" + std::to_string(++root().InlinedCount) + "_";
}

bool WorkItemLoops::waits(const FunctionDecl *FD) { return FE.CG.barriers().waits(FD); }

const CallExpr *WorkItemLoops::waitingCall(const Stmt *S) {
  // Plain calls only: a member function would bring its object along.
  const auto *CE = dyn_cast_or_null<CallExpr>(S);
  if (!CE || isa<CXXMemberCallExpr, CXXOperatorCallExpr>(CE) || !CE->getDirectCallee())
    return nullptr;
  return waits(CE->getDirectCallee()) ? CE : nullptr;
}

bool WorkItemLoops::planCall(const CallExpr *Call) {
  const FunctionDecl *FD = Call->getDirectCallee();
  const FunctionDecl *Def = nullptr;
  const CloneKey *Key = FE.plannedCall(Call);
  unsigned Depth = 0;
  for (WorkItemLoops *W = Caller; W; W = W->Caller)
    ++Depth;
  if (!Key || !FD->hasBody(Def) || Call->getNumArgs() != Def->getNumParams() ||
      Depth >= MaxInlineDepth)
    return false;
  const CloneInfo &Info = FE.CG.requestFunction(*Key, Call->getBeginLoc());
  auto Callee = std::unique_ptr<WorkItemLoops>(new WorkItemLoops(*this, *Info.Plan));
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    if (!Callee->bindParam(P, Call->getArg(I), argPassing(*Key, I, P->getType()),
                           Def->getBody()))
      return false;
  }
  if (!Callee->plan(Def->getBody()))
    return false;
  Callees[Call] = std::move(Callee);
  return true;
}

bool WorkItemLoops::uniformAddress(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    // A tile_static variable, or a capture of a kernel that cannot change
    // its own (a local or a loop counter is every work-item's own).
    return VD && (VD->hasAttr<CUDASharedAttr>() ||
                  (!ownParameter(VD) && !Locals.contains(VD) && Op && Op->isConst()));
  }
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    return uniformAddress(ASE->getBase()) && isUniform(ASE->getIdx());
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return !ME->isArrow() && uniformAddress(ME->getBase());
  return false;
}

bool WorkItemLoops::bindParam(const ParmVarDecl *P, const Expr *Arg, ArgPassing Passing,
                              const Stmt *Body) {
  Param B{Param::Uniform, P, Arg, Passing, FE.LocalPrefix + "p_" +
                                               CodeGenModule::safeLocalName(P->getName())};
  QualType T = P->getType().getNonReferenceType();
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  bool Changed = mayChange(Body, P);
  if (Passing == ArgPassing::Address || Passing == ArgPassing::ArrayDecay) {
    if (!Caller->uniformAddress(Arg))
      return false;
  } else if (RD && isAmpClass(RD, "tile_barrier")) {
    // The tile's barrier: nothing of a work-item's own.
  } else if (!Changed && Caller->isUniform(Arg)) {
  } else if (!Changed && Caller->fromIndex(Arg)) {
    B.Kind = Param::FromIndex;
  } else if (Passing == ArgPassing::Value && T->isArithmeticType()) {
    B.Kind = Param::Replicated;
    B.Name = "ampcc_wi_" + B.Name;
  } else {
    return false;
  }
  if (B.Kind == Param::Uniform)
    UniformVars.insert(P);
  if (B.Kind == Param::FromIndex)
    IndexVars.insert(P);
  FE.bindVar(P, B.Kind == Param::Replicated ? B.Name + "[ampcc_wi]" : B.Name);
  Params.push_back(std::move(B));
  return true;
}

std::string WorkItemLoops::argument(const Param &P) {
  if (P.Passing == ArgPassing::Address)
    return FE.addressOf(P.Arg);
  FE.noteElementUse(P.Arg, FunctionEmitter::ElementUse::Read); // a copy
  return FE.expr(P.Arg); // Arrays decay to their first element.
}

void WorkItemLoops::emitParams(WorkItemLoops &Callee) {
  // The callee's loops begin as this function's do (the index and the
  // values computed from it), then compute the parameters that follow it.
  std::string Own = std::move(FE.Out);
  FE.Out.clear();
  declareFromIndex();
  Callee.IndexPrologue = IndexPrologue + FE.Out;
  FE.Out = std::move(Own);
  std::vector<const Param *> Filled;
  for (const Param &P : Callee.Params) {
    if (P.Kind == Param::Replicated) {
      QualType T = P.Decl->getType().getNonReferenceType().getUnqualifiedType();
      root().ExtraDecls +=
          "  " +
          FE.CG.declare(T, P.Name + "[" + std::to_string(TileSize) + "]",
                        P.Decl->getLocation()) +
          ";\n";
      Filled.push_back(&P);
      continue;
    }
    std::string Decl = parameterDeclaration(FE.CG, Callee.FE.Plan, P.Decl, P.Name) + " = " +
                       argument(P) + ";";
    FE.line(Decl); // Work-item 0's, for the code that runs once a tile.
    if (P.Kind == Param::FromIndex)
      Callee.IndexPrologue += std::string(FE.Indent + 1, ' ') + Decl + "\n";
  }
  if (Filled.empty())
    return;
  // Arguments are evaluated before the call: every work-item's, in a loop
  // of this function's.
  openLoop(llvm::none_of(Filled, [](const Param *P) { return mayUpdateShared(P->Arg); }));
  for (const Param *P : Filled)
    FE.line(P->Name + "[ampcc_wi] = " + argument(*P) + ";");
  closeLoop();
}

void WorkItemLoops::emitCall(const CallExpr *Call) {
  WorkItemLoops &Callee = *Callees.at(Call);
  FE.line("{");
  ++FE.Indent;
  emitParams(Callee);
  // The tile_static variables of the callee and its callees: what a call
  // would pass for their pointer parameters.
  for (const VarDecl *VD : Callee.FE.Plan.TileStatics)
    Callee.FE.TileStaticNames[VD] = "(" + FE.tileStaticArgument(VD) + ")";
  Callee.FE.Indent = FE.Indent;
  Callee.FE.TempCount = FE.TempCount; // Temporaries share the tile function.
  Callee.declareFromIndex();          // Work-item 0's, as print() does.
  Callee.emitLevel(Callee.Body);
  FE.Out += Callee.FE.Out;
  FE.TempCount = Callee.FE.TempCount;
  root().ExtraDecls += Callee.replicatedDecls() + Callee.FE.temporaryDecls();
  --FE.Indent;
  FE.line("}");
  FE.LastLine = 0; // The next statement says where it is again.
}

} // namespace ampcc
