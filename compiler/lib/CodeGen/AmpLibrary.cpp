//===- AmpLibrary.cpp - device lowering of array_view and intrinsics ----===//
//
// Most of <amp.h> is ordinary restrict(amp) C++ that the generic lowering
// handles. What C++ cannot express portably is lowered here: element access
// of array_view (a __global pointer plus the shape the runtime passes) and
// its extent. Each member becomes a small helper function per view type, so
// arguments are evaluated once and the output stays readable.
//
//===----------------------------------------------------------------------===//
#include "AtomicOnlyViews.h"
#include "DomainIndexing.h"
#include "FunctionEmitter.h"

#include "ImageLowering.h"
#include "Lowering.h"

#include "ampcc/Support/Diagnostics.h"

#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace ampcc {

/// fast_math / precise_math: OpenCL C has a built-in of the same name for
/// each, without C's "f" suffix for float.
std::string FunctionEmitter::mathCall(const FunctionDecl *FD,
                                      llvm::ArrayRef<const Expr *> Args,
                                      SourceLocation Loc) {
  static const llvm::StringSet<> Known = {
      "acos", "acosh", "asin", "asinh", "atan", "atanh", "cbrt", "ceil", "cos",
      "cosh", "cospi", "erf", "erfc", "exp", "exp2", "exp10", "expm1", "fabs",
      "floor", "lgamma", "log", "log10", "log1p", "log2", "logb", "rint",
      "round", "rsqrt", "sin", "sinh", "sinpi", "sqrt", "tan", "tanh", "tanpi",
      "tgamma", "trunc", "atan2", "copysign", "fdim", "fmax", "fmin", "fmod",
      "hypot", "nextafter", "pow", "remainder", "fma", "mad", "isfinite",
      "isinf", "isnan", "isnormal", "signbit", "ilogb", "ldexp", "frexp",
      "modf", "remquo", "sincos"};
  StringRef Name = FD->getName();
  if (!Known.contains(Name) && Name.ends_with("f") && Known.contains(Name.drop_back()))
    Name = Name.drop_back();
  std::string ArgText;
  for (unsigned I = 0; I < Args.size(); ++I)
    ArgText += (I ? ", " : "") + expr(Args[I]);
  // C++ AMP names with no OpenCL built-in of their own.
  if (Name == "nearbyint" || Name == "nearbyintf")
    return "rint(" + ArgText + ")";
  if (Name == "rcbrt" || Name == "rcbrtf")
    return "(1.0f / cbrt(" + ArgText + "))";
  // C++ AMP's sincos(x, &s, &c) stores both; OpenCL's returns the sine.
  if (Name == "sincos" && Args.size() == 3)
    return "((void)(*" + expr(Args[1]) + " = sincos(" + expr(Args[0]) + ", " +
           expr(Args[2]) + ")))";
  if (!Known.contains(Name)) {
    report(CG.getDiags(), Loc, Diag::err_amp_unsupported_expr)
        << ("math function '" + FD->getNameAsString() + "'");
    return "0";
  }
  return Name.str() + "(" + ArgText + ")";
}

/// The value atomic \p Name of C++ AMP stores, in terms of the element
/// `old` (of type \p T) and the operand `v`, where the read-modify-write is
/// done with plain instructions (private and, on the host, tile_static
/// memory; threads' own copies). Additions in unsigned arithmetic: an int's
/// wrapping is the atomic's (spec §6), where C's `old + v` would be
/// undefined overflow.
static std::string atomicUpdate(StringRef Name, const std::string &T) {
  std::string Wrapped = "(" + T + ")((uint)old ";
  return llvm::StringSwitch<std::string>(Name)
      .Case("atomic_exchange", "v")
      .Case("atomic_fetch_add", Wrapped + "+ (uint)v)")
      .Case("atomic_fetch_sub", Wrapped + "- (uint)v)")
      .Case("atomic_fetch_inc", Wrapped + "+ 1u)")
      .Case("atomic_fetch_dec", Wrapped + "- 1u)")
      .Case("atomic_fetch_max", "old > v ? old : v")
      .Case("atomic_fetch_min", "old < v ? old : v")
      .Case("atomic_fetch_and", "old & v")
      .Case("atomic_fetch_or", "old | v")
      .Case("atomic_fetch_xor", "old ^ v")
      .Default("");
}

/// Spec §6 atomics onto OpenCL 1.2's atomic_* built-ins, which exist for
/// 32-bit ints on __global and __local memory. Private memory is seen by
/// one work-item only, so there a plain read-modify-write is atomic (C++
/// AMP allows atomics through any pointer; OpenCL's built-ins do not).
std::string FunctionEmitter::atomicCall(const FunctionDecl *FD,
                                        llvm::ArrayRef<const Expr *> Args,
                                        SourceLocation Loc) {
  StringRef Name = FD->getName();
  AddrSpace DestSpace = pointeeSpaceOf(Args[0]);
  bool Private = DestSpace == AddrSpace::Private;
  // Robust access: `&v[i]` outside v's buffer is null, and the atomic does
  // nothing and returns 0 (RobustAccess.cpp).
  bool MaybeNull = false;
  const Expr *Element = nullptr;
  if (CG.robustAccess() && DestSpace == AddrSpace::Global)
    if (const auto *UO = dyn_cast<UnaryOperator>(Args[0]->IgnoreParenImpCasts());
        UO && UO->getOpcode() == UO_AddrOf) {
      Element = UO->getSubExpr();
      MaybeNull = noteElementUse(Element, ElementUse::Atomic);
    }
  std::string Dest = expr(Args[0]);
  // An element of the domain (a _dom helper's address) is null only in the
  // guarded variant: the covered one tests nothing.
  bool NullOnlyGuarded =
      MaybeNull && Element && DomainSites.count(Element->IgnoreParenImpCasts());
  QualType Elem = Args[0]->getType()->getPointeeType().getUnqualifiedType();
  std::string T = CG.lowerType(Elem, Loc);
  std::string DestParam = std::string(Private ? "" : "volatile ") +
                          addrSpaceKeyword(DestSpace) + " " + T + " *dest";
  if (Name == "atomic_compare_exchange") {
    AddrSpace ExpSpace = pointeeSpaceOf(Args[1]);
    std::string Fn = std::string("ampcc_atomic_cas_") + T + "_" +
                     addrSpaceKeyword(DestSpace) + addrSpaceKeyword(ExpSpace) +
                     (MaybeNull ? "_robust" : "");
    std::string Old = Private     ? "*dest;\n  if (old == *expected)\n    *dest = value;\n"
                      : MaybeNull ? "dest ? atomic_cmpxchg(dest, *expected, value) : 0;\n"
                                  : "atomic_cmpxchg(dest, *expected, value);\n";
    CG.addHelper(Fn, "bool " + Fn + "(" + DestParam + ", " + addrSpaceKeyword(ExpSpace) +
                         " " + T + " *expected, " + T + " value) {\n"
                         "  " + T + " old = " + Old +
                         "  if (old == *expected)\n    return true;\n"
                         "  *expected = old;\n  return false;\n}\n\n");
    return Fn + "(" + Dest + ", " + expr(Args[1]) + ", " + expr(Args[2]) + ")";
  }
  // The OpenCL built-in of each.
  static const llvm::StringMap<const char *> Builtins = {
      {"atomic_exchange", "atomic_xchg"},   {"atomic_fetch_add", "atomic_add"},
      {"atomic_fetch_sub", "atomic_sub"},   {"atomic_fetch_max", "atomic_max"},
      {"atomic_fetch_min", "atomic_min"},   {"atomic_fetch_and", "atomic_and"},
      {"atomic_fetch_or", "atomic_or"},     {"atomic_fetch_xor", "atomic_xor"},
      {"atomic_fetch_inc", "atomic_inc"},   {"atomic_fetch_dec", "atomic_dec"}};
  auto It = Builtins.find(Name);
  if (It == Builtins.end()) {
    report(CG.getDiags(), Loc, Diag::err_amp_unsupported_expr)
        << ("atomic function '" + FD->getNameAsString() + "'");
    return "0";
  }
  std::string Callee = It->second;
  std::string Update = atomicUpdate(Name, T);
  // Host kernels: one thread runs a whole tile and switches work-items only
  // at barriers, so a tile_static read-modify-write is atomic as it is.
  if (DestSpace == AddrSpace::Local && CG.hostKernels()) {
    std::string Fn = "ampcc_" + Callee + "_local_" + T;
    bool HasValue = Args.size() > 1;
    CG.addHelper(Fn, T + " " + Fn + "(" + DestParam + (HasValue ? ", " + T + " v" : "") +
                         ") {\n#ifdef AMPCC_HOST\n  " + T + " old = *(" + T +
                         " *)dest;\n  *(" + T + " *)dest = " + Update +
                         ";\n  return old;\n#else\n  return " + It->second +
                         "(dest" + (HasValue ? ", v" : "") + ");\n#endif\n}\n\n");
    Callee = Fn;
  } else if (Private) {
    std::string Fn = "ampcc_" + Callee + "_private_" + T;
    bool HasValue = Args.size() > 1;
    CG.addHelper(Fn, T + " " + Fn + "(" + DestParam + (HasValue ? ", " + T + " v" : "") +
                         ") {\n  " + T + " old = *dest;\n  *dest = " + Update +
                         ";\n  return old;\n}\n\n");
    Callee = Fn;
  } else if (MaybeNull) {
    std::string Fn = "ampcc_" + Callee +
                     (NullOnlyGuarded ? "_robust_dom_" : "_robust_") + T;
    bool HasValue = Args.size() > 1;
    std::string Call = Callee + "(dest" + (HasValue ? ", v" : "") + ")";
    std::string Body = "  return dest ? " + Call + " : 0;\n";
    if (NullOnlyGuarded)
      Body = "#ifdef AMPCC_DOMAIN_COVERED\n  return " + Call + ";\n#else\n" + Body + "#endif\n";
    CG.addHelper(Fn, T + " " + Fn + "(" + DestParam + (HasValue ? ", " + T + " v" : "") +
                         ") {\n" + Body + "}\n\n");
    Callee = Fn;
  }
  std::string S = Callee + "(" + Dest;
  if (CG.hostKernels() && DestSpace == AddrSpace::Global && AtomicOnly &&
      AtomicOnly->isSite(Args[0]))
    S = ownedAtomic(Name, Callee, T, Update, DestParam, MaybeNull) + "(ampcc_it.owned, " + Dest;
  for (unsigned I = 1; I < Args.size(); ++I)
    S += ", " + expr(Args[I]);
  return S + ")";
}

/// An atomic on a view the kernel updates only so (AtomicOnlyViews.h),
/// through \p Inner, its helper or built-in: where the launch gave each
/// thread a copy of the view's buffer (`owned`), a plain read-modify-write
/// writing \p Update.
std::string FunctionEmitter::ownedAtomic(llvm::StringRef Name, const std::string &Inner,
                                         const std::string &T, const std::string &Update,
                                         const std::string &DestParam, bool MaybeNull) {
  bool HasValue = Name != "atomic_fetch_inc" && Name != "atomic_fetch_dec";
  std::string Fn = "ampcc_owned_" + llvm::StringRef(Inner).drop_front(
                                        llvm::StringRef(Inner).starts_with("ampcc_") ? 6 : 0).str();
  if (!llvm::StringRef(Fn).ends_with("_" + T))
    Fn += "_" + T;
  CG.addHelper(Fn, T + " " + Fn + "(int owned, " + DestParam + (HasValue ? ", " + T + " v" : "") +
                       ") {\n  if (owned) {\n" + (MaybeNull ? "    if (!dest)\n      return 0;\n" : "") +
                       "    " + T + " old = *(" + T + " *)dest;\n    *(" + T + " *)dest = " +
                       Update + ";\n    return old;\n  }\n  return " + Inner +
                       "(dest" + (HasValue ? ", v" : "") + ");\n}\n\n");
  return Fn;
}

/// A member of array_view or array that <amp.h> only declares: the
/// compiler implements it as a small helper function over the view struct
/// (data pointer and shape), added once per view type.
class ViewMemberLowering {
public:
  /// \p Space: where the object's elements live; views derived from it
  /// (sections, projections) view the same memory.
  ViewMemberLowering(FunctionEmitter &FE, const CXXMethodDecl *MD, std::string Obj,
                     AddrSpace Space, llvm::ArrayRef<const Expr *> Args,
                     SourceLocation Loc, FunctionEmitter::ElementUse Use,
                     bool InDomain = false)
      : FE(FE), CG(FE.CG), MD(MD), Shape(*viewShape(MD->getParent())), Space(Space),
        View(CG.lowerType(QualType(MD->getParent()->getTypeForDecl(), 0), Loc, Space)),
        Elem(CG.pointerTo(Shape.Element, Space, Loc)), Obj(std::move(Obj)), Args(Args),
        Loc(Loc), Use(Use), InDomain(InDomain) {}

  Lowered lower();

private:
  /// operator[] and operator(): an element's address, or a projection.
  Lowered element();
  /// The rank N-1 view of row Args[0] (spec §5.2.5).
  std::string projection();
  std::string section();
  std::string viewAs();
  std::string reinterpretAs();
  std::string extent();
  /// A texture view's levels from Args[0] on (graphics/mip.h).
  std::string mipLevel();
  /// The element offset of the index whose coordinates \p IndexOf spells.
  std::string linear(llvm::function_ref<std::string(unsigned)> IndexOf) const;

  // Checked mode (DeviceOptions::CheckBounds): helpers take the checking
  // state and a site number, and a bad index is recorded and skipped.
  bool checked() const { return CG.checksBounds(); }
  /// ", ampcc_checks *chk, int site" or "".
  std::string checkParams() const {
    return checked() ? ", ampcc_checks *chk, int site" : "";
  }
  /// ", ampcc_chk, <site>" for a checked access at Loc, or "".
  std::string checkArgs() const;
  /// Helper-body code that, when \p Bad holds, reports the first \p Rank
  /// coordinates \p IndexOf against the view's extent and runs \p OnFault.
  std::string faultIf(const std::string &Bad, unsigned Rank,
                      llvm::function_ref<std::string(unsigned)> IndexOf,
                      const std::string &OnFault) const;
  /// The scratch a skipped access of this view's space uses, as \p Ptr.
  std::string scratch(const std::string &Ptr) const;
  /// "(uint)(c0) >= (uint)v.shape.ext[0] || ...": an index outside.
  std::string outside(llvm::function_ref<std::string(unsigned)> IndexOf) const;
  /// The body of an element-access helper: the element's address (checked
  /// in checked mode) for the index whose coordinates \p IndexOf spells.
  std::string elementBody(llvm::function_ref<std::string(unsigned)> IndexOf) const;
  /// Checked mode: makes the helper's result `r` an empty view of scratch
  /// (rank \p Rank), whose every access faults again.
  std::string emptyView(unsigned Rank) const;
  // Robust access (RobustAccess.cpp): an offset outside the buffer gives
  // the sink, by how the element is used.
  bool robust() const { return CG.robustAccess() && Space == AddrSpace::Global; }
  /// The helper name's suffix for the use: "", "_rd" or "_atomic", after
  /// "_dom" for an access in the domain.
  std::string useSuffix() const;
  static std::string useSuffixOf(FunctionEmitter::ElementUse Use);
  /// The body of a robust element-access helper.
  std::string robustBody(llvm::function_ref<std::string(unsigned)> IndexOf) const;
  /// Host kernels read a robust scalar element through a helper that
  /// returns its value (0 outside the buffer) rather than an address that
  /// selects the sink: the load is then the vectoriser's contiguous
  /// (masked) load, where a selected address is a gather.
  bool readsValue() const {
    return CG.hostKernels() && robust() && !checked() &&
           Use == FunctionEmitter::ElementUse::Read && Shape.Element->isArithmeticType();
  }
  /// The element's value, for readsValue(): \p Fn is the address helper's
  /// name, \p Params and \p CallArgs its index parameters and arguments.
  Lowered valueRead(const std::string &Fn, const std::string &Params,
                    const std::string &CallArgs,
                    llvm::function_ref<std::string(unsigned)> IndexOf) const;
  /// Robust access: what the helper building view `r` from `v` adds so
  /// that `r` keeps the buffer's element count and sink.
  std::string keepSink() const {
    return robust() ? "  r.sink = v.sink;\n  r.lo = v.lo;\n" : "";
  }
  /// Robust reinterpret_as from elements of \p From bytes to \p To: `data`
  /// starts lo * From bytes into the buffer, which need not be a whole
  /// number of the new elements; lo rounds down and the count leaves out
  /// the remainder, so that an element is inside exactly when it was.
  std::string reinterpretBounds(const std::string &From, const std::string &To) const {
    return "  r.sink = v.sink;\n  long b = (long)v.lo * " + From + ";\n"
           "  r.lo = (int)(b / " + To + ");\n"
           "  r.shape.n = (int)(((long)v.shape.n * " + From + " - (b - (long)r.lo * " + To +
           ")) / " + To + ");\n";
  }
  std::string keepCount() const {
    return CG.robustAccess() ? "  r.shape.n = v.shape.n;\n" : "";
  }
  /// The C type of the view \p T over the object's memory.
  std::string viewType(QualType T) const { return CG.lowerType(T, Loc, Space); }
  /// The C type of argument \p I, as a value.
  std::string argType(unsigned I) const {
    return CG.lowerType(Args[I]->getType().getNonReferenceType().getUnqualifiedType(), Loc);
  }

  FunctionEmitter &FE;
  CodeGenModule &CG;
  const CXXMethodDecl *MD;
  ViewShape Shape;
  AddrSpace Space;
  std::string View, Elem, Obj;
  llvm::ArrayRef<const Expr *> Args;
  SourceLocation Loc;
  FunctionEmitter::ElementUse Use;
  /// An element access in range once the view covers the domain
  /// (DomainIndexing.h): its guard is compiled out of the covered program.
  bool InDomain;
};

std::string ViewMemberLowering::useSuffix() const {
  if (!robust())
    return "";
  if (InDomain)
    return "_dom" + useSuffixOf(Use);
  return useSuffixOf(Use);
}

std::string ViewMemberLowering::useSuffixOf(FunctionEmitter::ElementUse Use) {
  switch (Use) {
  case FunctionEmitter::ElementUse::Write:
    return "";
  case FunctionEmitter::ElementUse::Read:
    return "_rd";
  case FunctionEmitter::ElementUse::Atomic:
    return "_atomic";
  }
  return "";
}

std::string ViewMemberLowering::robustBody(
    llvm::function_ref<std::string(unsigned)> IndexOf) const {
  // Compare, then select the address: cheaper on GPUs than a branch, and
  // the load or store itself is not duplicated.
  std::string Outside;
  switch (Use) {
  case FunctionEmitter::ElementUse::Write:
    Outside = "(" + Elem + ")v.sink";
    break;
  case FunctionEmitter::ElementUse::Read:
    Outside = "(" + Elem + ")(v.sink + AMPCC_SINK_BYTES)";
    break;
  case FunctionEmitter::ElementUse::Atomic:
    Outside = "(" + Elem + ")0"; // the atomic's helper tests for null
    break;
  }
  CG.noteRobustElement(CG.getContext().getTypeSizeInChars(Shape.Element).getQuantity());
  // `lo` is where `data` starts in the buffer: the offset inside it is
  // o + lo, computed unsigned (a negative o wraps to the right value).
  std::string Guarded = "  return (uint)o + (uint)v.lo < (uint)v.shape.n ? v.data + o : " +
                        Outside + ";\n";
  std::string Linear = linear(IndexOf);
  // Proved in range: the address exactly as without robust access, term by
  // term, so that the compiler folds the constant parts into addressing
  // (an int sum first, sign-extended once, left PoCL's blocked matrix
  // multiply 35 instructions longer).
  if (InDomain)
    return ") {\n#ifdef AMPCC_DOMAIN_COVERED\n  return v.data + " + Linear +
           ";\n#else\n  int o = " + Linear + ";\n" + Guarded + "#endif\n}\n\n";
  return ") {\n  int o = " + Linear + ";\n" + Guarded + "}\n\n";
}

Lowered ViewMemberLowering::valueRead(const std::string &Fn, const std::string &Params,
                                      const std::string &CallArgs,
                                      llvm::function_ref<std::string(unsigned)> IndexOf) const {
  std::string ValueFn = Fn + "v";
  std::string Guarded =
      "  return (uint)o + (uint)v.lo < (uint)v.shape.n ? v.data[o] : 0;\n";
  if (InDomain)
    Guarded = "#ifdef AMPCC_DOMAIN_COVERED\n  return v.data[o];\n#else\n" + Guarded + "#endif\n";
  std::string Value = CG.lowerType(Shape.Element.getUnqualifiedType(), Loc);
  CG.addHelper(ValueFn, Value + " " + ValueFn + "(" + View + " v" + Params + ") {\n  int o = " +
                            linear(IndexOf) + ";\n" + Guarded + "}\n\n");
  return ValueFn + "(" + Obj + CallArgs + ")";
}

std::string ViewMemberLowering::mipLevel() {
  // Levels follow one another in the buffer, each dense, every extent
  // halving (at least 1): skip k levels, then make the strides dense. The
  // level is clamped to the view's last, so a bad level reads inside the
  // texture; an image (one level, off < 0) is returned as it is.
  std::string Fn = View + "_mip";
  std::string Body = "  k = clamp(k, 0, v.shape.levels - 1);\n"
                     "  for (int l = 0; l < k; ++l) {\n    int n = 1;\n";
  for (unsigned I = 0; I < Shape.Rank; ++I)
    Body += "    n *= v.shape.ext[" + std::to_string(I) + "];\n";
  Body += "    v.shape.off += n;\n";
  for (unsigned I = 0; I < Shape.Rank; ++I) {
    std::string D = std::to_string(I);
    Body += "    v.shape.ext[" + D + "] = max(v.shape.ext[" + D + "] >> 1, 1);\n";
  }
  Body += "  }\n";
  for (unsigned I = Shape.Rank; I-- > 0;) {
    std::string D = std::to_string(I), Next = std::to_string(I + 1);
    Body += "  v.shape.stride[" + D + "] = " +
            (I + 1 == Shape.Rank ? std::string("1")
                                 : "v.shape.stride[" + Next + "] * v.shape.ext[" + Next + "]") +
            ";\n";
  }
  Body += "  v.shape.levels -= k;\n  return v;\n";
  CG.addHelper(Fn, View + " " + Fn + "(" + View + " v, int k) {\n" + Body + "}\n\n");
  return Fn + "(" + Obj + ", " + FE.expr(Args[0]) + ")";
}

std::string ViewMemberLowering::linear(
    llvm::function_ref<std::string(unsigned)> IndexOf) const {
  // The innermost stride is 1 in every view: sections and projections keep
  // whole rows, view_as and reinterpret_as need contiguous views, and every
  // shape the host or a kernel makes is dense in its last dimension. With
  // the kernel's offset folded into the pointer (KernelEmitter), a rank-1
  // access is then the hand-written 'p[i]': one IMAD.WIDE on NVIDIA's GPUs
  // (issue 31: untiled moving average 0.54x -> 0.96x CUDA, both changes).
  std::string S = "v.shape.off";
  for (unsigned I = 0; I < Shape.Rank; ++I)
    S += " + " + IndexOf(I) +
         (I + 1 == Shape.Rank ? "" : " * v.shape.stride[" + std::to_string(I) + "]");
  return S;
}

std::string ViewMemberLowering::checkArgs() const {
  if (!checked())
    return "";
  ASTContext &Ctx = CG.getContext();
  uint64_t Bytes = Ctx.getTypeSizeInChars(Shape.Element).getQuantity();
  return std::string(", ") + CheckStateName + ", " + std::to_string(CG.checkSite(Loc, Bytes));
}

std::string ViewMemberLowering::scratch(const std::string &Ptr) const {
  return CodeGenModule::scratch(Space, Ptr);
}

std::string ViewMemberLowering::outside(
    llvm::function_ref<std::string(unsigned)> IndexOf) const {
  std::string S;
  for (unsigned I = 0; I < Shape.Rank; ++I)
    S += std::string(I ? " || " : "") + "(uint)(" + IndexOf(I) + ") >= (uint)v.shape.ext[" +
         std::to_string(I) + "]";
  return S;
}

std::string ViewMemberLowering::faultIf(
    const std::string &Bad, unsigned Rank, llvm::function_ref<std::string(unsigned)> IndexOf,
    const std::string &OnFault) const {
  // The record holds three coordinates; higher ranks report their first three.
  std::string Report = CG.faultReporter() + "(chk, site, " + std::to_string(Rank);
  for (unsigned I = 0; I < 3; ++I)
    Report += ", " + (I < Rank ? IndexOf(I) : std::string("0"));
  for (unsigned I = 0; I < 3; ++I)
    Report += I < Rank ? ", v.shape.ext[" + std::to_string(I) + "]" : ", 0";
  return "  if (" + Bad + ") {\n    " + Report + ");\n" + OnFault + "  }\n";
}

std::string ViewMemberLowering::elementBody(
    llvm::function_ref<std::string(unsigned)> IndexOf) const {
  if (robust())
    return robustBody(IndexOf);
  std::string Check = checked() ? faultIf(outside(IndexOf), Shape.Rank, IndexOf,
                                          "    return " + scratch(Elem) + ";\n")
                                : "";
  return ") {\n" + Check + "  return v.data + " + linear(IndexOf) + ";\n}\n\n";
}

std::string ViewMemberLowering::emptyView(unsigned Rank) const {
  std::string S = "    r.data = " + scratch(Elem) + ";\n    r.shape.off = 0;\n";
  for (unsigned I = 0; I < Rank; ++I)
    S += "    r.shape.ext[" + std::to_string(I) + "] = 0;\n";
  return S;
}

Lowered ViewMemberLowering::lower() {
  OverloadedOperatorKind OK = MD->getOverloadedOperator();
  StringRef Name = MD->getIdentifier() ? MD->getName() : "";
  if (OK == OO_Equal && Args.size() == 1)
    return "(" + Obj + " = " + FE.expr(Args[0]) + ")"; // Views copy as structs.
  if (isImageIntrinsic(MD))
    return lowerImageIntrinsic(FE, CG, MD, Obj, Args, Loc);
  // The texture classes' one element accessor; their public members are
  // C++ over it (include/ampcc/graphics/texture.h).
  if (OK == OO_Subscript || OK == OO_Call ||
      ((Name == "_M_ref" || Name == "get_ref") && Args.size() == 1))
    return element();
  // section(origin, extent); the other forms are <amp.h> code calling it.
  if (Name == "section" && Args.size() == 2)
    return section();
  if (Name == "data" && Args.empty())
    return "(" + Obj + ".data + " + Obj + ".shape.off)";
  if (Name == "view_as" && Args.size() == 1)
    return viewAs();
  if (Name == "reinterpret_as" && Args.empty())
    return reinterpretAs();
  if (Name == "get_extent")
    return extent();
  // Mipmap levels of texture_view<const T,N> (graphics/mip.h).
  if (Shape.IsTexture && Name == "_M_mip_levels" && Args.empty())
    return "(" + Obj + ".shape.levels)";
  // bits_per_scalar_element, for writes that round to the format.
  if (Shape.IsTexture && Name == "_M_format_bits" && Args.empty())
    return "(" + Obj + ".shape.bits)";
  if (Shape.IsTexture && Name == "_M_mip" && Args.size() == 1)
    return mipLevel();
  report(CG.getDiags(), Loc, Diag::err_amp_unsupported_expr)
      << ("array_view::" + MD->getNameAsString());
  return "0";
}

Lowered ViewMemberLowering::element() {
  if (Args.size() == 1 && Args[0]->getType()->getAsCXXRecordDecl()) {
    std::string Fn = View + "_at" + useSuffix();
    if (readsValue())
      return valueRead(Fn, ", " + argType(0) + " i", ", " + FE.expr(Args[0]),
                       [](unsigned I) { return coordinate("i", I); });
    CG.addHelper(Fn, Elem + Fn + "(" + View + " v, " + argType(0) + " i" + checkParams() +
                         elementBody([](unsigned I) { return coordinate("i", I); }));
    return Lowered::address(Fn + "(" + Obj + ", " + FE.expr(Args[0]) + checkArgs() + ")");
  }
  if (Args.size() == 1 && Shape.Rank > 1)
    return projection();
  if (Args.size() != Shape.Rank) {
    report(CG.getDiags(), Loc, Diag::err_amp_unsupported_expr)
        << ("array_view::" + MD->getNameAsString() + " with " +
            std::to_string(Args.size()) + " arguments");
    return "0";
  }
  std::string Fn = View + "_at" + std::to_string(Shape.Rank) + useSuffix();
  std::string Params, CallArgs;
  for (unsigned I = 0; I < Shape.Rank; ++I) {
    Params += ", int i" + std::to_string(I);
    CallArgs += ", " + FE.expr(Args[I]);
  }
  if (readsValue())
    return valueRead(Fn, Params, CallArgs, [](unsigned I) { return "i" + std::to_string(I); });
  CG.addHelper(Fn, Elem + Fn + "(" + View + " v" + Params + checkParams() +
                       elementBody([](unsigned I) { return "i" + std::to_string(I); }));
  return Lowered::address(Fn + "(" + Obj + CallArgs + checkArgs() + ")");
}

std::string ViewMemberLowering::projection() {
  std::string Sub = viewType(MD->getReturnType());
  std::string Fn = View + "_project_" + Sub; // const arrays give const views
  std::string Body = "  " + Sub + " r;\n  r.data = v.data;\n"
                     "  r.shape.off = v.shape.off + i * v.shape.stride[0];\n" +
                     keepCount() + keepSink();
  for (unsigned I = 0; I + 1 < Shape.Rank; ++I) {
    std::string D = std::to_string(I), S = std::to_string(I + 1);
    Body += "  r.shape.ext[" + D + "] = v.shape.ext[" + S + "];\n"
            "  r.shape.stride[" + D + "] = v.shape.stride[" + S + "];\n";
  }
  if (checked()) {
    // A bad row gives an empty view of scratch: its accesses fault too.
    Body += faultIf("(uint)i >= (uint)v.shape.ext[0]", 1,
                    [](unsigned) { return std::string("i"); }, emptyView(Shape.Rank - 1));
  }
  CG.addHelper(Fn, Sub + " " + Fn + "(" + View + " v, int i" + checkParams() + ") {\n" +
                       Body + "  return r;\n}\n\n");
  return Fn + "(" + Obj + ", " + FE.expr(Args[0]) + checkArgs() + ")";
}

std::string ViewMemberLowering::section() {
  // The result is an array_view even when the object is an array (a
  // different struct with the same fields).
  std::string Ret = viewType(MD->getReturnType());
  // Not View + "_section": that is the name of <amp.h>'s own section()
  // overloads lowered from their bodies.
  std::string Fn = View + "_make_section" + (Ret == View ? "" : "_" + Ret);
  std::string Body = "  " + Ret + " r;\n  r.data = v.data;\n  r.shape = v.shape;\n" + keepSink();
  for (unsigned I = 0; I < Shape.Rank; ++I) {
    std::string D = std::to_string(I);
    Body += "  r.shape.off += " + coordinate("o", I) + " * v.shape.stride[" + D + "];\n"
            "  r.shape.ext[" + D + "] = " + coordinate("e", I) + ";\n";
  }
  if (checked()) {
    // A section reaching outside the view: an empty view of scratch.
    std::string Bad;
    for (unsigned I = 0; I < Shape.Rank; ++I) {
      std::string O = coordinate("o", I), E = coordinate("e", I);
      Bad += (I ? " || " : "") + O + " < 0 || " + E + " < 0 || " + O + " + " + E +
             " > v.shape.ext[" + std::to_string(I) + "]";
    }
    Body += faultIf(Bad, Shape.Rank, [](unsigned I) { return coordinate("o", I); },
                    emptyView(Shape.Rank));
  }
  CG.addHelper(Fn, Ret + " " + Fn + "(" + View + " v, " + argType(0) + " o, " +
                       argType(1) + " e" + checkParams() + ") {\n" + Body +
                       "  return r;\n}\n\n");
  return Fn + "(" + Obj + ", " + FE.expr(Args[0]) + ", " + FE.expr(Args[1]) + checkArgs() +
         ")";
}

std::string ViewMemberLowering::viewAs() {
  // A rank-1 contiguous view seen as a dense rank-K view (spec §5.2.8).
  std::string To = viewType(MD->getReturnType());
  unsigned K = viewShape(MD->getReturnType())->Rank;
  std::string Fn = View + "_view_as_" + To;
  std::string Body = "  " + To + " r;\n  r.data = v.data;\n"
                     "  r.shape.off = v.shape.off;\n  int stride = 1;\n" +
                     keepCount() + keepSink();
  for (int I = int(K) - 1; I >= 0; --I) {
    std::string D = std::to_string(I);
    Body += "  r.shape.ext[" + D + "] = " + coordinate("e", I) + ";\n"
            "  r.shape.stride[" + D + "] = stride;\n"
            "  stride *= " + coordinate("e", I) + ";\n";
  }
  CG.addHelper(Fn, To + " " + Fn + "(" + View + " v, " + argType(0) + " e) {\n" +
                       Body + "  return r;\n}\n\n");
  return Fn + "(" + Obj + ", " + FE.expr(Args[0]) + ")";
}

std::string ViewMemberLowering::reinterpretAs() {
  // The same bytes as elements of another type: offset and extent scale
  // by the size ratio (rounded down, as on the host).
  QualType ToElem = viewShape(MD->getReturnType())->Element;
  ASTContext &Ctx = CG.getContext();
  std::string From = std::to_string(Ctx.getTypeSizeInChars(Shape.Element).getQuantity());
  std::string ToSize = std::to_string(Ctx.getTypeSizeInChars(ToElem).getQuantity());
  std::string To = viewType(MD->getReturnType());
  std::string Fn = View + "_reinterpret_as_" + To;
  CG.addHelper(Fn, To + " " + Fn + "(" + View + " v) {\n  " + To + " r;\n"
                   "  r.data = (" + CG.pointerTo(ToElem, Space, Loc) +
                   ")v.data;\n"
                   "  r.shape.off = v.shape.off * " + From + " / " + ToSize + ";\n"
                   "  r.shape.ext[0] = v.shape.ext[0] * " + From + " / " + ToSize + ";\n"
                   "  r.shape.stride[0] = 1;\n" +
                   (robust() ? reinterpretBounds(From, ToSize)
                    : CG.robustAccess() ? "  r.shape.n = (int)((long)v.shape.n * " + From +
                                              " / " + ToSize + ");\n"
                                        : "") +
                   "  return r;\n}\n\n");
  return Fn + "(" + Obj + ")";
}

std::string ViewMemberLowering::extent() {
  std::string ExtTy = CG.lowerType(MD->getReturnType(), Loc);
  std::string Fn = View + "_extent";
  std::string Body = "  " + ExtTy + " e;\n";
  for (unsigned I = 0; I < Shape.Rank; ++I)
    Body += "  " + coordinate("e", I) + " = v.shape.ext[" + std::to_string(I) + "];\n";
  CG.addHelper(Fn, ExtTy + " " + Fn + "(" + View + " v) {\n" + Body +
                       "  return e;\n}\n\n");
  return Fn + "(" + Obj + ")";
}

Lowered FunctionEmitter::ampLibraryCall(const FunctionDecl *FD, const Expr *Object,
                                        bool ObjectIsPointer,
                                        llvm::ArrayRef<const Expr *> Args,
                                        SourceLocation Loc) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (!MD) {
    const auto *NS = dyn_cast<NamespaceDecl>(FD->getDeclContext());
    if (NS && (NS->getName() == "fast_math" || NS->getName() == "precise_math"))
      return mathCall(FD, Args, Loc);
    if (FD->getName().starts_with("atomic_"))
      return atomicCall(FD, Args, Loc);
    if (isKernelDiagnostic(FD))
      return kernelDiagnosticCall(FD, Args, Loc);
    // The fences of spec §8.3: mem_fence orders the thread's own accesses.
    if (FD->getName() == "all_memory_fence")
      return "mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)";
    if (FD->getName() == "global_memory_fence")
      return "mem_fence(CLK_GLOBAL_MEM_FENCE)";
    if (FD->getName() == "tile_static_memory_fence")
      return "mem_fence(CLK_LOCAL_MEM_FENCE)";
    // direct3d::countbits: OpenCL 1.2 has it as an instruction.
    return "popcount(" + expr(Args[0]) + ")";
  }
  if (isAmpClass(MD->getParent(), "tile_barrier")) {
    if (CG.checksBounds())
      return checkedBarrier(Loc);
    // C++ AMP's wait() fences both memories; the named variants one each.
    StringRef Name = MD->getName();
    if (Name == "wait_with_global_memory_fence")
      return "barrier(CLK_GLOBAL_MEM_FENCE)";
    if (Name == "wait_with_tile_static_memory_fence")
      return "barrier(CLK_LOCAL_MEM_FENCE)";
    return "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)";
  }
  // Robust access: how this call's element is used, read before the
  // object's own calls are printed.
  ElementUse Use = elementUse(LibrarySite);
  // Views are passed by value: `this` inside <amp.h>'s own members is a
  // pointer to the view.
  std::string Obj = ObjectIsPointer ? "(*" + expr(Object) + ")" : expr(Object);
  AddrSpace Space = viewSpaceOf(Object);
  bool InDomain = false;
  if (Domain && CG.robustAccess() && Space == AddrSpace::Global && !ObjectIsPointer &&
      (MD->getOverloadedOperator() == OO_Subscript || MD->getOverloadedOperator() == OO_Call))
    if (std::optional<ViewShape> Shape = viewShape(MD->getParent()); Shape && !Shape->IsTexture)
      InDomain = Domain->noteAccess(LibrarySite, Object, Args, Shape->Rank);
  if (InDomain)
    DomainSites.insert(LibrarySite);
  return ViewMemberLowering(*this, MD, std::move(Obj), Space, Args, Loc, Use, InDomain)
      .lower();
}

} // namespace ampcc
