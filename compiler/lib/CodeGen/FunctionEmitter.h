//===- FunctionEmitter.h - one function body in OpenCL C ---------*- C++ -*-===//
//
// CodeGen's second step: prints the statements and expressions of one
// function clone (or of a kernel's body) as OpenCL C, reading the address
// spaces of its references and pointers, and the clones its calls call, from
// the clone's plan (ClonePlanner.h).
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_CODEGEN_FUNCTIONEMITTER_H
#define AMPCC_CODEGEN_FUNCTIONEMITTER_H

#include "ClonePlanner.h"
#include "CodeGenModule.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace ampcc {

/// A lowered call. A C++ call returning a (pointer-lowered) reference
/// becomes a C call returning a pointer: \c Text is that pointer, and the
/// C++ value is `*Text`. Callers that want the reference itself (its
/// address, or a discarded value) take \c Text, the others value().
struct Lowered {
  Lowered(std::string Text = "", bool IsAddress = false)
      : Text(std::move(Text)), IsAddress(IsAddress) {}
  Lowered(const char *Text) : Lowered(std::string(Text)) {}
  static Lowered address(std::string Text) { return Lowered(std::move(Text), true); }
  std::string value() const { return IsAddress ? "(*" + Text + ")" : Text; }
  std::string Text;
  bool IsAddress;
};

class AtomicOnlyViews;
class DomainIndexing;

class FunctionEmitter {
  friend class ExprPrinter;
  friend class StmtEmitter;
  friend class ViewMemberLowering;
  friend class WorkItemLoops;

public:
  /// The image kernel this function belongs to (CloneKey::ImageKernel).
  unsigned imageKernel() const { return Plan.Key.ImageKernel; }

  /// How a C++ variable is spelled in C, and (from the plan) where it
  /// points.
  struct VarInfo : VarPlace {
    std::string Name;
  };

  /// How `this` is spelled: a pointer (`_this`) for non-const members and
  /// constructors, the address of a by-value copy (`(&_self)`) for const
  /// ones. Where it points is the plan's ThisSpace.
  struct ThisInfo {
    bool Present = false;
    std::string Spelling;
  };

  FunctionEmitter(CodeGenModule &CG, const FunctionPlan &Plan)
      : CG(CG), Plan(Plan) {}

  /// A kernel's own body under robust access: element accesses in range
  /// by construction are printed with a guard the covered program variant
  /// drops (DomainIndexing.h).
  void setDomainIndexing(DomainIndexing *D) { Domain = D; }
  /// A host kernel's own body: atomics on a view the kernel updates only
  /// so, which may go to a thread's own copy (AtomicOnlyViews.h).
  void setAtomicOnlyViews(const AtomicOnlyViews *V) { AtomicOnly = V; }

  /// The C variable holding version \p N of the view variable \p Name
  /// (FunctionPlan::ViewVersion): `__` cannot occur in a C++ name.
  static std::string versionName(llvm::StringRef Name, unsigned N) {
    return (Name + "__" + llvm::Twine(N)).str();
  }
  /// The declaration that an assignment starting a version of a view
  /// variable prints instead of itself; "" for any other expression.
  std::string versionDeclaration(const clang::Expr *E);

  /// Names the parameter, capture or local \p D; its place is the plan's.
  void bindVar(const clang::ValueDecl *D, std::string Name) {
    VarInfo VI;
    if (const VarPlace *V = Plan.var(D))
      static_cast<VarPlace &>(VI) = *V;
    VI.Name = std::move(Name);
    Vars[D] = std::move(VI);
  }
  void setThis(ThisInfo Info) { This = Info; }
  void setIndent(unsigned N) { Indent = N; }
  /// Kernel bodies: tile_static variables are declared at kernel scope (as
  /// OpenCL 1.2 requires of __local variables) by appending to \p Decls.
  /// \p Names are declared in the kernel (captures, locals): hoisted
  /// tile_static storage must not take them, or a local would shadow it.
  void hoistTileStaticInto(std::string *Decls, llvm::StringSet<> Names) {
    HoistedDecls = Decls;
    ReservedNames = std::move(Names);
  }
  /// The name of \p VD's __local storage in this function: a kernel-scope
  /// variable in a kernel, a pointer parameter in a called function.
  std::string tileStaticStorage(const clang::VarDecl *VD);
  /// The bytes of the tile_static storage declared at kernel scope so far.
  uint64_t hoistedBytes() const { return HoistedBytes; }
  /// What to pass for a callee's tile_static \p VD.
  std::string tileStaticArgument(const clang::VarDecl *VD);
  /// How the tile_static \p VD is named in this function (its storage at
  /// kernel scope, or a pointer parameter in a called function).
  VarInfo tileStaticVar(const clang::VarDecl *VD);

  /// Emits \p S (with #line directives) into the output.
  void emitStmt(const clang::Stmt *S);
  /// The C expression for \p E.
  std::string expr(const clang::Expr *E);
  /// Writes one line of code at the current indentation.
  void line(const std::string &Text);

  std::string &output() { return Out; }
  /// Declarations of the temporaries the body needs (Cleanups.cpp), to be
  /// placed at the top of the function.
  const std::string &temporaryDecls() const { return TempDecls; }
  /// What `return;` prints: constructors return their object, destructors
  /// jump to the destruction of their members.
  void setVoidReturn(std::string Text) { VoidReturn = std::move(Text); }
  /// What a function returns when its thread aborted (direct3d_errorf,
  /// direct3d_abort): a zero value of its return type; "" prints
  /// `return;` as written.
  void setAbortReturn(std::string Text) { AbortReturn = std::move(Text); }
  bool usedVoidReturn() const { return UsedVoidReturn; }
  /// The statement that destroys the object at \p Address (a pointer into
  /// \p AS) of type \p T; "" when destroying it does nothing.
  std::string destroy(clang::QualType T, const std::string &Address,
                      AddrSpace AS, clang::SourceLocation Loc,
                      AddrSpace ViewData = AddrSpace::Global);

private:
  // Statements.
  void emitCompound(const clang::CompoundStmt *CS);
  /// A loop or if body, indented one level if it is not a block.
  void emitBody(const clang::Stmt *S);
  /// A loop's body: a scope that break and continue leave.
  void loopBody(const clang::Stmt *S);
  /// An expression whose value is unused (a statement, a for-increment).
  std::string discardedExpr(const clang::Expr *E);
  /// Declares \p VD and registers its destruction.
  void emitDecl(const clang::VarDecl *VD);
  void emitDeclCode(const clang::VarDecl *VD);
  void emitReturn(const clang::ReturnStmt *RS);
public:
  /// A constructor's member initializer, as an assignment through _this.
  void emitCtorInit(const clang::CXXCtorInitializer *Init,
                    const clang::CXXRecordDecl *Derived);
private:
  std::string condition(const clang::Stmt *Init, const clang::VarDecl *CondVar,
                        const clang::Expr *Cond);

  // Destruction (Cleanups.cpp). C has no destructors: every scope keeps the
  // calls that end its objects' lifetimes, run where C++ runs them (scope
  // end, return, break, continue), and full-expressions destroy their
  // temporaries through comma expressions over function-level variables.
  struct Scope {
    std::vector<std::string> Cleanups; ///< Statements, in creation order.
    bool BreakTarget = false;
    bool ContinueTarget = false;
  };
  void pushScope(bool BreakTarget = false, bool ContinueTarget = false);
  /// Ends the innermost scope, printing its cleanups.
  void popScope();
  /// The cleanups a jump runs, innermost first, as one line of statements:
  /// for `return` every scope's, for break/continue up to their target's.
  std::string cleanupsForJump(bool Return, bool Continue);
  /// `break;` or `continue;` with the cleanups it runs.
  std::string jump(bool Continue);
  /// Registers the destruction of a declared variable, if it needs one.
  void noteDeclared(const clang::VarDecl *VD);
  /// A full-expression that creates temporaries needing destruction: their
  /// destructors run after its value is computed. \p Discarded when the
  /// value is unused. "" when it has no such temporaries.
  std::string fullExpr(const clang::ExprWithCleanups *E, bool Discarded);
  /// The address form of fullExpr, for full-expressions bound to references.
  std::string fullExprAddress(const clang::ExprWithCleanups *E);
  /// `(p = &lvalue, dtors, p)`: the address of \p LValue, computed before the
  /// destructor calls \p Dtors (", d1, d2") run.
  std::string addressThenDestroy(const clang::Expr *LValue, const std::string &Dtors);
  /// `return Value;` once the objects in scope are destroyed (\p Cleanups):
  /// through a temporary from \p MakeTemp when there are any.
  void returnAfterCleanups(const std::string &Value, const std::string &Cleanups,
                           llvm::function_ref<std::string()> MakeTemp);
  /// Collects the temporaries of \p S needing destruction, in the order
  /// they are created; reports those created conditionally (\p Conditional:
  /// 1 in a branch of ?:, 2 in the right operand of && or ||).
  void collectTemporaries(const clang::Stmt *S, unsigned Conditional,
                          llvm::SmallVectorImpl<const clang::CXXBindTemporaryExpr *> &Out);
  /// Clang binds every class prvalue with a destructor as a temporary
  /// (CXXBindTemporaryExpr), and its CodeGen decides which are objects of
  /// their own: those that initialize a variable, a return value, a member
  /// or an aggregate element are that object, not a temporary.
  void markResultObjects(const clang::Expr *E);
  /// The initializer being emitted of a variable, member or return value.
  void setResultInit(const clang::Expr *E) { ResultInit = E; }
  /// Names the temporaries of \p E; returns their destruction, in reverse
  /// order of creation, as ", d1, d2" for a comma expression.
  bool bindTemporaries(const clang::ExprWithCleanups *E, std::string &Dtors);
  /// A function-level variable for a temporary: of type \p T, or a pointer
  /// to \p T in \p AS when \p Pointer.
  std::string newTemporary(clang::QualType T, clang::SourceLocation Loc,
                           bool Pointer = false,
                           AddrSpace AS = AddrSpace::Private,
                           AddrSpace ViewData = AddrSpace::Global);
  std::string temporaryExpr(const clang::CXXBindTemporaryExpr *BTE);

  // Expressions.
  std::string cast(const clang::CastExpr *CE);
  Lowered call(const clang::CallExpr *CE);
  std::string construct(const clang::CXXConstructExpr *CE);
  std::string viewOverPointer(const clang::CXXConstructExpr *CE);
  std::string declRef(const clang::DeclRefExpr *DRE);
  std::string literal(const clang::Expr *E);
  std::string initList(const clang::InitListExpr *ILE, bool AsCompoundLiteral);
  std::string lambda(const clang::LambdaExpr *LE);
  /// A __declspec(property) access (PropertyLowering.cpp); \p Discarded
  /// when its value is not used (an expression statement).
  std::string pseudoObject(const clang::PseudoObjectExpr *POE, bool Discarded);
  /// The clone the planner chose for the call at \p Site.
  const CloneKey *plannedCall(const clang::Expr *Site) const {
    auto It = Plan.Calls.find(Site);
    return It == Plan.Calls.end() ? nullptr : &It->second;
  }
  /// Lowers a call to \p P.FD.
  Lowered callFunction(const CallParts &P, const clang::Expr *Site);
  /// A call to one of the library's intrinsics (isLibraryIntrinsic): view
  /// members <amp.h> only declares, atomics, math, barriers.
  Lowered ampLibraryCall(const clang::FunctionDecl *FD,
                         const clang::Expr *Object, bool ObjectIsPointer,
                         llvm::ArrayRef<const clang::Expr *> Args,
                         clang::SourceLocation Loc);
  std::string mathCall(const clang::FunctionDecl *FD,
                       llvm::ArrayRef<const clang::Expr *> Args,
                       clang::SourceLocation Loc);
  /// Checked mode (BoundsChecks.cpp): `a[i]` of a C array of known size
  /// (tile_static, private, a member), checked and skipped when outside;
  /// "" when it needs no check.
  std::string checkedSubscript(const clang::ArraySubscriptExpr *E);
  /// Robust buffer access (CodeGenModule::robustAccess): how the result of
  /// a view element call is used decides where an access outside the
  /// buffer goes: a write to the sink's write region, a read to its zeros,
  /// an atomic to nowhere (AmpLibrary.cpp).
  enum class ElementUse { Write, Read, Atomic };
  /// Records that the lvalue \p E (through member, C-array element and ?:
  /// lvalues) is only used as \p Use; the view element call it names, if
  /// any, reads it when printed. Unrecorded calls are writes. True when
  /// \p E names a call's result (robust access on).
  bool noteElementUse(const clang::Expr *E, ElementUse Use);
  /// Robust access: `a[i]` of a tile_static array with its index kept
  /// inside the array where nothing proves it is (RobustAccess.cpp); ""
  /// when it is no such element. \p AddressOnly: only its address is taken, so
  /// the index may also be the one past the end.
  std::string robustSubscript(const clang::ArraySubscriptExpr *E, bool AddressOnly = false);
  ElementUse elementUse(const clang::Expr *Site) const {
    auto It = ElementUses.find(Site);
    return It == ElementUses.end() ? ElementUse::Write : It->second;
  }
  /// Checked mode: a tile barrier that counts its arrivals (BoundsChecks.cpp).
  std::string checkedBarrier(clang::SourceLocation Loc);
  /// direct3d_printf, direct3d_errorf, direct3d_abort (KernelDiagnostics.cpp).
  std::string kernelDiagnosticCall(const clang::FunctionDecl *FD,
                                   llvm::ArrayRef<const clang::Expr *> Args,
                                   clang::SourceLocation Loc);
  /// After a statement that may abort: leave the function if it did.
  void emitAbortCheck(const clang::Stmt *S);
  std::string atomicCall(const clang::FunctionDecl *FD,
                         llvm::ArrayRef<const clang::Expr *> Args,
                         clang::SourceLocation Loc);
  /// The helper of an atomic on a view the kernel updates only so, over
  /// \p Inner, storing \p Update (AmpLibrary.cpp).
  std::string ownedAtomic(llvm::StringRef Name, const std::string &Inner,
                          const std::string &T, const std::string &Update,
                          const std::string &DestParam, bool MaybeNull);
  /// The C expression for the address of lvalue \p E.
  std::string addressOf(const clang::Expr *E);
  /// The value of conditional lvalue \p CO, read: nested conditionals
  /// select values too.
  std::string conditionalValue(const clang::ConditionalOperator *CO);
  /// Conditional lvalue \p CO as an object (assigned, bound to a
  /// reference): a selection between addresses, which one pointer can
  /// hold only when both lie in one address space (else an error).
  std::string conditionalObject(const clang::ConditionalOperator *CO);
  /// \p E where C++ reads the object it names whole (a struct copied,
  /// assigned or passed by value): a conditional lvalue gives its value.
  std::string valueOf(const clang::Expr *E);
  /// `p == q` (or `!=`) where p and q point into different address spaces
  /// (`this == &other` in a clone whose `this` is global and `other`
  /// private): OpenCL C rejects the comparison, and no object lives in
  /// two spaces, so its value is known; empty where the spaces agree.
  std::string disjointPointers(const clang::BinaryOperator *BO);
  std::string unsupported(const clang::Expr *E);

  // Address spaces, as planned.
  AddrSpace spaceOf(const clang::Expr *LValue) const {
    return CG.planner().spaceOf(Plan, LValue);
  }
  AddrSpace viewSpaceOf(const clang::Expr *View) const {
    return CG.planner().viewSpaceOf(Plan, View);
  }
  AddrSpace pointeeSpaceOf(const clang::Expr *Pointer) const {
    return CG.planner().pointeeSpaceOf(Plan, Pointer);
  }

  CodeGenModule &CG;
  const FunctionPlan &Plan;
  llvm::DenseMap<const clang::ValueDecl *, VarInfo> Vars;
  ThisInfo This;
  std::string Out;
  unsigned Indent = 1;
  unsigned LastLine = 0;
  std::string *HoistedDecls = nullptr;
  llvm::StringSet<> HoistedNames;
  uint64_t HoistedBytes = 0;
  llvm::StringSet<> ReservedNames;
  llvm::DenseMap<const clang::VarDecl *, std::string> TileStaticNames;
  std::vector<Scope> Scopes;
  llvm::DenseMap<const clang::CXXBindTemporaryExpr *, std::string> Temporaries;
  llvm::SmallPtrSet<const clang::CXXBindTemporaryExpr *, 4> NotDestroyedHere;
  const clang::Expr *ResultInit = nullptr;
  llvm::SmallPtrSet<const clang::ExprWithCleanups *, 8> WithoutTemporaries;
  std::string TempDecls;
  unsigned TempCount = 0;
  llvm::DenseMap<const clang::Expr *, ElementUse> ElementUses;
  DomainIndexing *Domain = nullptr;
  const AtomicOnlyViews *AtomicOnly = nullptr;
  /// View accesses (their calls) printed with the _dom helpers, which in
  /// the covered variant never return the null of a dropped atomic.
  llvm::DenseSet<const clang::Expr *> DomainSites;
  /// Host work-item loops (WorkItemLoops.h): locals that are arrays over
  /// the tile, by the array's name; their declarations assign the work-item's
  /// element (`ampcc_wi_sum[ampcc_wi] = 0.0f;`). A MapVector: its order,
  /// unlike a hash map's of pointers, is the same on every compile.
  llvm::MapVector<const clang::VarDecl *, std::string> Replicated;
  /// Host work-item loops: replicated array locals whose every use is one
  /// element (`acc[i][j]`), laid out with the work-item last
  /// (`ampcc_wi_acc[4][4][256]`, printed `ampcc_wi_acc[i][j][ampcc_wi]`),
  /// so a work-item loop reads and writes them contiguously.
  llvm::DenseSet<const clang::VarDecl *> TileMajor;
  /// \p E is one element of a TileMajor array: its subscripts end with the
  /// work-item's.
  bool isTileMajorElement(const clang::ArraySubscriptExpr *E) const;
  /// Host work-item loops: locals computed from the index alone, declared
  /// again at the top of every work-item loop (so the vectoriser sees how
  /// they follow the loop variable); their own declarations print nothing.
  llvm::DenseSet<const clang::VarDecl *> Rematerialized;
  bool DeclaringRematerialized = false;
  /// Host work-item loops: Replicated locals that are the tile's alike
  /// (WorkItemLoops::tileValue), kept as one scalar each: their
  /// declarations print an assignment where DeclaringTileScalars is set
  /// (once for the tile, before the work-item loop), nothing elsewhere.
  llvm::DenseSet<const clang::VarDecl *> TileScalars;
  bool DeclaringTileScalars = false;
  /// Host work-item loops: a function inlined into a tile function names
  /// its locals with a prefix of its own, so that they shadow none of its
  /// callers' (whose declarations its work-item loops repeat).
  std::string LocalPrefix;
  /// The call being lowered by ampLibraryCall.
  const clang::Expr *LibrarySite = nullptr;
  std::string VoidReturn = "return;";
  std::string AbortReturn;
  bool UsedVoidReturn = false;
};

} // namespace ampcc

#endif // AMPCC_CODEGEN_FUNCTIONEMITTER_H
