//===- BarrierQueries.cpp - where a tile waits, asked once ----------------===//
#include "BarrierQueries.h"

#include "Lowering.h"
#include "ampcc/Analysis/AmpModel.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace ampcc {

bool BarrierQueries::isBarrierCall(const Stmt *S) {
  const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(S);
  if (!MC || !MC->getMethodDecl())
    return false;
  return isAmpClass(MC->getMethodDecl()->getParent(), "tile_barrier");
}

static bool takesTileObject(const FunctionDecl *FD) {
  return llvm::any_of(FD->parameters(), [](const ParmVarDecl *P) {
    const CXXRecordDecl *RD = P->getType().getNonReferenceType()->getAsCXXRecordDecl();
    return RD && (isAmpClass(RD, "tile_barrier") || isAmpClass(RD, "tiled_index"));
  });
}

bool BarrierQueries::waits(const FunctionDecl *FD) {
  if (auto It = Waits.find(FD); It != Waits.end())
    return It->second;
  Waits[FD] = false; // A recursive call adds no barrier of its own.
  bool Result = false;
  const FunctionDecl *Def = nullptr;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      MD && isAmpClass(MD->getParent(), "tile_barrier")) {
    Result = true;
  } else if (isLibraryIntrinsic(FD, FD->getNumParams())) {
    Result = false; // Fences, atomics, math: no wait.
  } else if (!FD->hasBody(Def)) {
    Result = takesTileObject(FD); // Unknown: it may wait if it can.
  } else {
    struct Calls : RecursiveASTVisitor<Calls> {
      BarrierQueries &Q;
      bool Found = false;
      explicit Calls(BarrierQueries &Q) : Q(Q) {}
      bool VisitCallExpr(CallExpr *CE) {
        const FunctionDecl *Callee = CE->getDirectCallee();
        return !(Found = Callee && Q.waits(Callee));
      }
    } C(*this);
    C.TraverseStmt(Def->getBody());
    Result = C.Found;
  }
  return Waits[FD] = Result;
}

bool BarrierQueries::hasBarrier(const Stmt *S) {
  if (!S)
    return false;
  auto It = Barriers.find(S);
  if (It != Barriers.end())
    return It->second;
  const auto *CE = dyn_cast<CallExpr>(S);
  bool Has = CE && (isBarrierCall(CE) || (CE->getDirectCallee() && waits(CE->getDirectCallee())));
  for (const Stmt *Child : S->children())
    Has |= hasBarrier(Child);
  return Barriers[S] = Has;
}

} // namespace ampcc
