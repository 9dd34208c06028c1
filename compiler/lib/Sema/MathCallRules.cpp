//===- MathCallRules.cpp - <cmath> and C math calls in amp code ---------===//
//
// The usual first mistake in a kernel: std::sqrt, sqrtf, pow. They are
// cpu functions (C's) or inline library wrappers over Clang builtins that
// have no device definition, so without this rule the error points into
// glibc's or libstdc++'s headers. Reported here at the user's call, with a
// note naming the C++ AMP function of the same name (spec 9, <amp_math.h>)
// and a fix-it, since the replacement is a plain rename. Runs before the
// call rules, which then see the location taken and stay quiet.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"
#include "Rule.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace ampcc {

namespace {

/// The names <amp_math.h> declares in precise_math (fast_math: the float
/// ones), which are also C or <cmath> names.
const llvm::StringSet<> &ampMathNames() {
  static const llvm::StringSet<> Names = [] {
    llvm::StringSet<> S;
    for (llvm::StringRef N :
         {"acos", "acosh", "asin", "asinh", "atan", "atanh", "cbrt", "ceil",
          "cos", "cosh", "erf", "erfc", "exp", "exp2", "exp10", "expm1",
          "fabs", "floor", "lgamma", "log", "log10", "log1p", "log2", "logb",
          "nearbyint", "rint", "round", "sin", "sinh", "sqrt", "tan", "tanh",
          "tgamma", "trunc", "atan2", "copysign", "fdim", "fmax", "fmin",
          "fmod", "hypot", "nextafter", "pow", "remainder"}) {
      S.insert(N);
      S.insert((N + "f").str());
    }
    for (llvm::StringRef N : {"fma", "isfinite", "isinf", "isnan", "isnormal",
                              "signbit", "ilogb", "ldexp", "frexp", "modf",
                              "remquo"})
      S.insert(N);
    return S;
  }();
  return Names;
}

bool takesFloatOnly(const FunctionDecl *FD) {
  if (FD->getNumParams() == 0)
    return false;
  for (const ParmVarDecl *P : FD->parameters())
    if (!P->getType()->isSpecificBuiltinType(BuiltinType::Float))
      return false;
  return true;
}

class MathCallRules : public Rule {
public:
  void checkStmt(const Stmt *S, CheckContext &C) override {
    // A call Clang accepted, or the bare reference: a call Clang rejected
    // (a cpu function from amp code) survives only as a recovery expression
    // around the reference.
    const DeclRefExpr *DRE = nullptr;
    if (const auto *CE = dyn_cast<CallExpr>(S))
      DRE = dyn_cast<DeclRefExpr>(CE->getCallee()->IgnoreParenImpCasts());
    else
      DRE = dyn_cast<DeclRefExpr>(S);
    if (DRE)
      reportMathCall(dyn_cast<FunctionDecl>(DRE->getDecl()), DRE->getLocation(),
                     DRE->getSourceRange(), C);
  }
};

} // namespace

bool reportMathCall(const FunctionDecl *FD, SourceLocation Loc, SourceRange R,
                    CheckContext &C) {
  if (!FD || !FD->getIdentifier() || !ampMathNames().count(FD->getName()))
    return false;
  // Only the C library's functions and <cmath>'s (std::), as declared in
  // system headers; a user's own sqrt is the user's business.
  const DeclContext *DC = FD->getDeclContext()->getRedeclContext();
  if (!(DC->isTranslationUnit() || DC->isStdNamespace()))
    return false;
  // C's functions are also Clang library builtins, whose first declaration
  // is implicit (no location): any declaration from a system header, or
  // the builtin itself, will do.
  bool System = FD->getBuiltinID() != 0;
  for (const FunctionDecl *D : FD->redecls())
    System |= D->getLocation().isValid() &&
              C.sm().isInSystemHeader(C.sm().getExpansionLoc(D->getLocation()));
  if (!System)
    return false;
  std::string Name = FD->getName().str();
  if (C.error(Loc, Diag::err_restrict_math_call, R) << DC->isStdNamespace()
                                                << FD->getName()) {
    DiagRef Note = C.note(Loc, Diag::note_restrict_math_alternative);
    Note << Name << takesFloatOnly(FD);
    // The callee as written (std::sqrt, sqrtf) becomes the AMP function:
    // a plain rename, unless it was spelt through a macro.
    if (R.isValid() && R.getBegin().isFileID() && R.getEnd().isFileID())
      Note << FixItHint::CreateReplacement(R, "concurrency::precise_math::" + Name);
  }
  return true;
}

std::unique_ptr<Rule> createMathCallRules() {
  return std::make_unique<MathCallRules>();
}

} // namespace ampcc
