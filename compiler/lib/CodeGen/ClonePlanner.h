//===- ClonePlanner.h - address spaces decided before printing --*- C++ -*-===//
//
// The first of CodeGen's two steps. OpenCL C 1.2 has no generic address
// space, so every lowered reference and pointer must name the space it
// points into, and a function called with pointers into different spaces
// becomes one C function per combination (a clone). The planner walks a
// clone's body, callees first, and records everything the printer needs to
// know about spaces: where each variable points, which clone each call site
// calls, where a returned reference points, and which tile_static variables
// (its own and its callees') a function receives as parameters. The printer
// (FunctionEmitter) only reads the plan; nothing is learned by printing.
// The planner needs the AST and nothing of the printer: what a call or a
// destruction reaches comes from its own ReachAnalysis.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_CODEGEN_CLONEPLANNER_H
#define AMPCC_CODEGEN_CLONEPLANNER_H

#include "Lowering.h"
#include "ReachAnalysis.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/DenseMap.h"

#include <map>
#include <set>
#include <vector>

namespace ampcc {

/// Where a variable's lowered form points.
struct VarPlace {
  /// The C variable is a pointer standing for a C++ reference.
  bool IsRef = false;
  /// A reference to an array, lowered to a pointer to its first element:
  /// used as it is, since C arrays decay the same way.
  bool DecaysArray = false;
  /// A variable named through the closure of the lambda being lowered: a
  /// by-copy capture of a reference is a value there.
  bool Captured = false;
  /// For references and pointers: the space of the object pointed to.
  AddrSpace Space = AddrSpace::Private;
  /// For a reference to a pointer: where that pointer points.
  AddrSpace PointeeSpace = AddrSpace::Private;
  /// For an array_view (or a reference to one): where its elements live.
  AddrSpace ViewSpace = AddrSpace::Global;
};

/// Everything about one clone (or one kernel body) that depends on address
/// spaces, decided before any of it is printed.
struct FunctionPlan {
  CloneKey Key{};
  bool IsKernel = false;
  /// The function has no definition in this translation unit.
  bool Undefined = false;
  /// C++ returns a non-const reference: C returns a pointer.
  bool ReturnsPointer = false;
  /// Where a returned reference or pointer points.
  AddrSpace ReturnSpace = AddrSpace::Private;
  /// Where the views in the returned object live (for constructors, in
  /// the object constructed).
  AddrSpace ReturnViewSpace = AddrSpace::Global;
  /// The space `this` points into (private for by-value objects).
  AddrSpace ThisSpace = AddrSpace::Private;
  /// For members of array_view and of classes holding views: where the
  /// object's views' elements live.
  AddrSpace ThisViewSpace = AddrSpace::Global;
  /// Parameters, locals, captures and tile_static variables.
  llvm::DenseMap<const clang::ValueDecl *, VarPlace> Vars;
  /// The tile_static variables a called function receives as trailing
  /// __local pointer parameters: its own, then its callees', in the order
  /// first met. Empty for kernels, which declare them all at kernel scope.
  std::vector<const clang::VarDecl *> TileStatics;
  /// The clone each call site calls (calls, constructions).
  llvm::DenseMap<const clang::Expr *, CloneKey> Calls;
  /// Places where one C variable or return value would have to point into
  /// two spaces (a return statement unlike the first one, a view assigned a
  /// view of another space): reported when the clone is printed.
  struct Mixed {
    clang::SourceLocation Loc;
    /// What points, for the message: "returned reference or pointer",
    /// "array_view 'v'", "member 'm'".
    std::string What;
    AddrSpace Here, First;
  };
  std::vector<Mixed> MixedSpaces;
  /// Views of private or tile_static memory stored where only views of
  /// global memory fit (lambda captures).
  struct StoredView {
    clang::SourceLocation Loc;
    AddrSpace Space;
    std::string Where;
  };
  std::vector<StoredView> StoredViews;
  /// A local view given a view of another space by an assignment that is a
  /// statement of the block declaring it (`array_view<int> v(e, priv); v =
  /// global;`): one C variable cannot view two spaces, so from there on the
  /// variable is another C variable (version N > 0), which that assignment
  /// declares. Only for views named nowhere but as the object of their own
  /// members and operators or as a copy's source, so no reference or
  /// pointer can see the old version. A local pointer given a pointer into
  /// another space the same way (`float *q = &x; q = p;`) versions too,
  /// where it is named only to read, assign, increment or decrement it.
  struct ViewVersion {
    const clang::VarDecl *Var = nullptr;
    unsigned N = 0;
    AddrSpace Space = AddrSpace::Global;
  };
  /// The assignments that start a version (the operator= call).
  llvm::DenseMap<const clang::Expr *, ViewVersion> VersionAssigns;
  /// The names of a variable that denote a version after the first.
  llvm::DenseMap<const clang::DeclRefExpr *, ViewVersion> VersionRefs;

  const VarPlace *var(const clang::ValueDecl *D) const {
    auto It = Vars.find(D);
    return It == Vars.end() ? nullptr : &It->second;
  }
};

/// Reports the places where \p P would need one C pointer into two spaces,
/// or a view of local memory where C has a view of global memory.
void reportMixedSpaces(clang::DiagnosticsEngine &Diags, const FunctionPlan &P);

class ClonePlanner {
public:
  ClonePlanner(clang::ASTContext &Ctx, clang::DiagnosticsEngine &Diags)
      : Ctx(Ctx), Diags(Diags), Reach(Ctx) {}

  /// What calls and destructions reach, which keys their clones; the
  /// printer asks it too.
  ReachAnalysis &reach() { return Reach; }

  /// The plan of the clone \p Key, planning it (and its callees) on first
  /// request.
  const FunctionPlan &plan(const CloneKey &Key, clang::SourceLocation CallLoc);
  /// The plan of a kernel's body: \p Op is the kernel's call operator, whose
  /// captures are values and whose tile_static variables live at kernel
  /// scope. \p ImageKernel: the image form of a kernel (CloneKey).
  FunctionPlan planKernel(const clang::CXXMethodDecl *Op, unsigned ImageKernel = 0);

  // Queries over a plan; pure functions of the plan and the AST.
  /// The space the lvalue \p E lives in.
  AddrSpace spaceOf(const FunctionPlan &P, const clang::Expr *E) const;
  /// The space the pointer \p E points into.
  AddrSpace pointeeSpaceOf(const FunctionPlan &P, const clang::Expr *E) const;
  /// The space the elements of the array_view (or array) \p E live in; \p E
  /// may also be a pointer to a view (`this` in the view's own members).
  AddrSpace viewSpaceOf(const FunctionPlan &P, const clang::Expr *E) const;
  /// The clone \p Parts calls: the spaces of what is bound to the callee's
  /// pointer-lowered parameters and `this`.
  CloneKey cloneKey(const FunctionPlan &P, const CallParts &Parts) const;

private:
  class Walker;
  /// Where a call's reference or pointer result points.
  AddrSpace callResultSpace(const FunctionPlan &P, const clang::CallExpr *CE) const;
  /// The plan of the clone that the call or construction \p Site runs;
  /// null where it runs none (the library's intrinsics, C struct copies).
  const FunctionPlan *calleePlan(const FunctionPlan &P, const clang::Expr *Site) const;
  /// Is \p E a call returning a reference whose clone returns a value (a
  /// const reference, or one into the callee's copy of a temporary)?
  bool callReturnsValue(const FunctionPlan &P, const clang::Expr *E) const;
  /// Binds parameters, `this` and lambda captures as \p P.Key says.
  void bindSignature(const clang::FunctionDecl *Def, FunctionPlan &P);
  /// Walks \p Def's body (and a constructor's initializers) into \p P,
  /// again while a pointer declared without a target learns its space
  /// after it was used.
  void walkBody(const clang::FunctionDecl *Def, FunctionPlan &P);

  clang::ASTContext &Ctx;
  clang::DiagnosticsEngine &Diags;
  /// A memo of AST facts: the queries stay const while they fill it.
  mutable ReachAnalysis Reach;
  std::map<CloneKey, FunctionPlan> Plans;
  /// Clones being planned: a request for one of them is a recursive call.
  std::set<CloneKey> InProgress;
};

} // namespace ampcc

#endif // AMPCC_CODEGEN_CLONEPLANNER_H
