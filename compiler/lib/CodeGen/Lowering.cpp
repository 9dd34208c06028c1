//===- Lowering.cpp - small rules shared by the code generator ----------===//
#include "Lowering.h"

#include "ampcc/Analysis/AmpModel.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/OperatorKinds.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include <cstdio>

using namespace clang;

namespace ampcc {

std::string intText(const llvm::APSInt &V) {
  return llvm::toString(V, 10, V.isSigned());
}

std::string coordinate(llvm::StringRef Object, unsigned Dim) {
  return (Object + "." + IndexStorageField + "[" + llvm::Twine(Dim) + "]").str();
}

std::string sanitizeIdentifier(llvm::StringRef S) {
  std::string Out;
  for (char C : S) {
    bool Ok = (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
              (C >= '0' && C <= '9') || C == '_';
    if (Ok)
      Out += C;
    else if (!Out.empty() && Out.back() != '_')
      Out += '_';
  }
  // Drop the separators that replaced trailing punctuation ("index<2>"),
  // not underscores the name really ends with ("float2_").
  if (!S.empty() && S.back() != '_')
    while (!Out.empty() && Out.back() == '_')
      Out.pop_back();
  if (Out.empty() || (Out[0] >= '0' && Out[0] <= '9'))
    Out = "_" + Out;
  return Out;
}

bool isReservedInOpenCL(llvm::StringRef Name) {
  static const llvm::StringSet<> Reserved = {
      // C99 and OpenCL C keywords.
      "auto", "break", "case", "char", "const", "continue", "default", "do",
      "double", "else", "enum", "extern", "float", "for", "goto", "if",
      "inline", "int", "long", "register", "restrict", "return", "short",
      "signed", "sizeof", "static", "struct", "switch", "typedef", "union",
      "unsigned", "void", "volatile", "while", "bool", "true", "false",
      "half", "uchar", "ushort", "uint", "ulong", "size_t", "ptrdiff_t",
      "intptr_t", "uintptr_t", "event_t", "sampler_t", "image1d_t",
      "image2d_t", "image3d_t", "kernel", "__kernel", "global", "__global",
      "local", "__local", "constant", "__constant", "private", "__private",
      "read_only", "write_only", "read_write", "complex", "imaginary",
      "generic", "__generic", "pipe", "image1d_array_t", "image2d_array_t",
      "image1d_buffer_t", "clk_event_t", "queue_t", "ndrange_t", "reserve_id_t",
      "vec_type_hint", "work_group_size_hint", "reqd_work_group_size",
      "nosvm", "uniform", "typeof",
      // OpenCL built-in functions a user function could be named after.
      "get_global_id", "get_local_id", "get_group_id", "get_global_size",
      "get_local_size", "get_num_groups", "get_work_dim", "barrier",
      "mem_fence", "read_mem_fence", "write_mem_fence", "abs", "abs_diff",
      "add_sat", "clamp", "clz", "mad24", "mad_hi", "mad_sat", "max", "min",
      "mul24", "mul_hi", "rotate", "sub_sat", "upsample", "popcount",
      "degrees", "mix", "radians", "sign", "smoothstep", "step", "cross",
      "dot", "distance", "length", "normalize", "fast_distance",
      "fast_length", "fast_normalize", "acos", "acosh", "acospi", "asin",
      "asinh", "asinpi", "atan", "atan2", "atanh", "atanpi", "atan2pi",
      "cbrt", "ceil", "copysign", "cos", "cosh", "cospi", "erfc", "erf",
      "exp", "exp2", "exp10", "expm1", "fabs", "fdim", "floor", "fma", "fmax",
      "fmin", "fmod", "fract", "frexp", "hypot", "ilogb", "ldexp", "lgamma",
      "lgamma_r", "log", "log2", "log10", "log1p", "logb", "mad", "maxmag",
      "minmag", "modf", "nan", "nextafter", "pow", "pown", "powr",
      "remainder", "remquo", "rint", "rootn", "round", "rsqrt", "sin",
      "sincos", "sinh", "sinpi", "sqrt", "tan", "tanh", "tanpi", "tgamma",
      "trunc", "isequal", "isnotequal", "isgreater", "isless", "isfinite",
      "isinf", "isnan", "isnormal", "signbit", "any", "all", "bitselect",
      "select", "vload", "vstore", "printf", "async_work_group_copy",
      "wait_group_events", "prefetch", "atomic_add", "atomic_sub",
      "atomic_xchg", "atomic_inc", "atomic_dec", "atomic_cmpxchg",
      "atomic_min", "atomic_max", "atomic_and", "atomic_or", "atomic_xor",
      "atom_add", "convert_int", "convert_float", "as_int", "as_float",
      "as_uint", "main"};
  if (Reserved.contains(Name))
    return true;
  // Vector types: float2, uint16, ...
  static const char *const Scalars[] = {"char", "uchar", "short", "ushort",
                                        "int", "uint", "long", "ulong",
                                        "float", "double", "half"};
  for (const char *S : Scalars) {
    llvm::StringRef Rest = Name;
    if (Rest.consume_front(S) &&
        (Rest == "2" || Rest == "3" || Rest == "4" || Rest == "8" || Rest == "16"))
      return true;
  }
  return false;
}

std::string escapeCString(llvm::StringRef S) {
  std::string Out;
  for (char C : S) {
    // Control characters as three-digit octal escapes, which end by
    // themselves (a hex escape would swallow the digits after it).
    if (static_cast<unsigned char>(C) < 0x20 || C == 0x7f) {
      char Buf[5];
      std::snprintf(Buf, sizeof Buf, "\\%03o", unsigned(static_cast<unsigned char>(C)));
      Out += Buf;
      continue;
    }
    if (C == '\\' || C == '"')
      Out += '\\';
    Out += C;
  }
  return Out;
}

std::string functionBaseName(const FunctionDecl *FD) {
  OverloadedOperatorKind OK = FD->getOverloadedOperator();
  if (OK == OO_None) {
    if (const IdentifierInfo *II = FD->getIdentifier())
      return II->getName().str();
    if (isa<CXXConversionDecl>(FD))
      return "conversion";
    if (isa<CXXDestructorDecl>(FD))
      return "dtor";
    return "function";
  }
  switch (OK) {
  case OO_Plus: return "operator_plus";
  case OO_Minus: return "operator_minus";
  case OO_Star: return "operator_mul";
  case OO_Slash: return "operator_div";
  case OO_Percent: return "operator_mod";
  case OO_PlusEqual: return "operator_add_assign";
  case OO_MinusEqual: return "operator_sub_assign";
  case OO_StarEqual: return "operator_mul_assign";
  case OO_SlashEqual: return "operator_div_assign";
  case OO_PercentEqual: return "operator_mod_assign";
  case OO_Equal: return "operator_assign";
  case OO_EqualEqual: return "operator_eq";
  case OO_ExclaimEqual: return "operator_ne";
  case OO_Less: return "operator_lt";
  case OO_Greater: return "operator_gt";
  case OO_LessEqual: return "operator_le";
  case OO_GreaterEqual: return "operator_ge";
  case OO_PlusPlus: return "operator_inc";
  case OO_MinusMinus: return "operator_dec";
  case OO_Subscript: return "operator_subscript";
  case OO_Call: return "operator_call";
  case OO_Exclaim: return "operator_not";
  case OO_Amp: return "operator_and";
  case OO_Pipe: return "operator_or";
  case OO_Caret: return "operator_xor";
  case OO_Tilde: return "operator_compl";
  case OO_LessLess: return "operator_shl";
  case OO_GreaterGreater: return "operator_shr";
  case OO_AmpAmp: return "operator_land";
  case OO_PipePipe: return "operator_lor";
  default: return "operator";
  }
}

const Expr *ignoreFullExprAndImplicitCasts(const Expr *E) {
  while (E) {
    E = E->IgnoreParens();
    if (const auto *FE = dyn_cast<FullExpr>(E))
      E = FE->getSubExpr();
    else if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E))
      E = ICE->getSubExpr();
    else
      return E;
  }
  return nullptr;
}

const ValueDecl *capturedVar(const FieldDecl *F) {
  const auto *RD = dyn_cast<CXXRecordDecl>(F->getParent());
  if (!RD || !RD->isLambda())
    return nullptr;
  llvm::DenseMap<const ValueDecl *, FieldDecl *> Captures;
  FieldDecl *ThisField = nullptr;
  RD->getCaptureFields(Captures, ThisField);
  for (auto &P : Captures)
    if (P.second == F)
      return P.first;
  return nullptr;
}

// --- Calls and what they bind -------------------------------------------------

bool holdsView(ASTContext &Ctx, QualType T) {
  T = T.getNonReferenceType();
  if (T->isPointerType())
    T = T->getPointeeType();
  const auto *RD = Ctx.getBaseElementType(T)->getAsCXXRecordDecl();
  // Lambdas inside amp code keep views of global memory (their captures
  // are checked where they are made).
  return RD && !RD->isLambda() && holdsAmpContainer(QualType(RD->getTypeForDecl(), 0));
}

bool callParts(const CallExpr *CE, CallParts &P) {
  P.FD = CE->getDirectCallee();
  if (!P.FD)
    return false;
  P.Args.assign(CE->arg_begin(), CE->arg_end());
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(CE)) {
    P.Object = MCE->getImplicitObjectArgument();
    if (const auto *ME = dyn_cast<MemberExpr>(MCE->getCallee()->IgnoreParens()))
      P.ObjectIsPointer = ME->isArrow();
  } else if (const auto *MD = dyn_cast<CXXMethodDecl>(P.FD);
             MD && MD->isInstance() && isa<CXXOperatorCallExpr>(CE)) {
    P.Object = P.Args.front();
    P.Args.erase(P.Args.begin());
  }
  return true;
}

ArgPassing argPassing(QualType PT) {
  if (PT->isReferenceType() && PT->getPointeeType()->isArrayType())
    return ArgPassing::ArrayDecay;
  if (isPointerLoweredRef(PT))
    return ArgPassing::Address;
  if (PT->isPointerType())
    return ArgPassing::Pointer;
  return ArgPassing::Value;
}

ArgPassing argPassing(const CloneKey &Key, unsigned I, QualType PT) {
  return I < Key.TempPointers.size() && Key.TempPointers[I] ? ArgPassing::Pointer
                                                            : argPassing(PT);
}

bool isTrivialAssignment(const CXXMethodDecl *MD) {
  return MD && MD->isTrivial() &&
         (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator());
}

bool isDeviceCallable(const FunctionDecl *FD) {
  return FD->hasAttr<CUDADeviceAttr>() || FD->isConstexpr() || FD->isImplicit();
}

bool isTemporary(const Expr *E) {
  for (;;) {
    E = E->IgnoreParens();
    const auto *ICE = dyn_cast<ImplicitCastExpr>(E);
    if (!ICE || ICE->getCastKind() != CK_NoOp)
      break;
    E = ICE->getSubExpr();
  }
  return isa<MaterializeTemporaryExpr>(E) || !E->isGLValue();
}

bool isTempPointer(QualType PT, const Expr *Arg) {
  return PT->isRValueReferenceType() && PT->getPointeeType()->isPointerType() &&
         isTemporary(Arg);
}

bool isLibraryIntrinsic(const FunctionDecl *FD, unsigned NumArgs) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (!MD) {
    if (!isInAmpNamespace(FD))
      return false;
    if (isAmpMathFunction(FD))
      return true;
    const auto *NS = dyn_cast<NamespaceDecl>(FD->getDeclContext());
    StringRef Space = NS ? NS->getName() : "";
    if (FD->getName().starts_with("atomic_"))
      return true;
    // The fences and direct3d_printf/errorf/abort, declared in <amp.h>.
    StringRef Name = FD->getName();
    if (Space == "Concurrency")
      return isKernelDiagnostic(FD) || Name == "all_memory_fence" ||
             Name == "global_memory_fence" || Name == "tile_static_memory_fence";
    // The one Concurrency::direct3d intrinsic that is only declared
    // (ampcc/direct3d_intrinsics.h); the others are ordinary inline C++.
    return Space == "direct3d" && FD->getName() == "countbits" && NumArgs == 1;
  }
  if (isAmpClass(MD->getParent(), "tile_barrier"))
    return true;
  // Members <amp.h> defines in C++ (the other section overloads, ...) are
  // lowered like any code; only the declarations are the compiler's to
  // implement. Assignment has a body for the host's reference counting but
  // is a struct copy on the device.
  return isViewClass(MD->getParent()) &&
         (!MD->isDefined() || MD->getOverloadedOperator() == OO_Equal);
}

bool constructsWithoutCall(const CXXConstructExpr *CE) {
  const CXXConstructorDecl *Ctor = CE->getConstructor();
  const CXXRecordDecl *RD = Ctor->getParent();
  if (CE->isElidable() && CE->getNumArgs() == 1)
    return true;
  if (Ctor->isCopyOrMoveConstructor() && Ctor->isTrivial())
    return true;
  if (isViewClass(RD) && CE->getNumArgs() == 1)
    if (const auto *Src = CE->getArg(0)->getType()->getAsCXXRecordDecl())
      if (isViewClass(Src))
        return true;
  if (viewedMemory(CE))
    return true;
  return Ctor->isDefaultConstructor() && Ctor->isTrivial() &&
         !CE->getType()->isArrayType();
}

const Expr *viewedMemory(const CXXConstructExpr *CE) {
  unsigned N = CE->getNumArgs();
  if (!isViewClass(CE->getConstructor()->getParent()) || N == 0)
    return nullptr;
  const Expr *Last = CE->getArg(N - 1);
  if (N >= 2 && Last->getType()->isPointerType())
    return Last;
  if (N == 1 && Last->getType()->isConstantArrayType())
    return Last;
  return nullptr;
}

CloneKey destructorKey(ASTContext &Ctx, QualType T, AddrSpace AS, AddrSpace ViewData,
                       unsigned ImageKernel) {
  CloneKey Key;
  Key.ImageKernel = ImageKernel;
  Key.FD = Ctx.getBaseElementType(T.getNonReferenceType())
               ->getAsCXXRecordDecl()
               ->getDestructor();
  Key.ThisSpace = AS;
  Key.ThisViewSpace = holdsView(Ctx, T) ? ViewData : AddrSpace::Global;
  return Key;
}

} // namespace ampcc
