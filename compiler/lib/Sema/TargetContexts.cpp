//===- TargetContexts.cpp - the restriction of code outside bodies -------===//
//
// See TargetContexts.h. Every token the parser receives passes through
// onToken(), which (1) follows the trailing return type of a declaration
// that began with `auto restrict(...)` and the operands of decltype and
// sizeof, (2) gives a lambda without a restriction the one of the function
// it is written in, once Clang has given it its implicit host-device
// targets, and (3) sets the target Clang uses for code outside function
// bodies. A global variable's initializer, for which Clang sets that
// target itself (CUDATargetContextRAII), is left alone. In the device pass
// it also (4) ranks sides first in single-sided bodies (TargetContexts.h).
//
//===----------------------------------------------------------------------===//
#include "ampcc/Sema/TargetContexts.h"

#include "ampcc/Sema/TypedefRestrictions.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaCUDA.h"
#include "clang/Sema/TemplateInstCallback.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace ampcc {

struct TargetContexts::State {
  Sema *S = nullptr;
  /// Where the trailing return type of a declaration begun by
  /// `auto restrict(...)` stands: before its `->`, inside it, or neither.
  enum { None, BeforeArrow, Trailing } Phase = None;
  unsigned Depth = 0;
  CUDAFunctionTarget TrailingTarget = CUDAFunctionTarget::HostDevice;
  /// The operands of decltype and sizeof being lexed: the parenthesis depth
  /// inside each (Parens counts every open parenthesis).
  llvm::SmallVector<unsigned, 4> Operands;
  unsigned Parens = 0;
  bool OperandNext = false;
  /// Lambdas whose targets are settled.
  llvm::SmallPtrSet<const CXXMethodDecl *, 16> Lambdas;
  /// Device pass: the language option that ranks sides first, and its
  /// values saved by the template instantiations in progress (off inside).
  LangOptions *Sides = nullptr;
  llvm::SmallVector<bool, 8> SavedSides;
  /// The main file has ended: what is parsed now (late-parsed templates,
  /// from cached tokens the watcher does not see) is instantiations. (The
  /// end of file is lexed while the last function's body is still open.)
  bool Ended = false;

  void onToken(const Token &T);
  void followTrailingReturn(const Token &T);
  void followOperands(const Token &T);
  void inheritRestriction(CXXMethodDecl *Op);
  void rankSides();
  /// The target of code written in \p DC: the nearest function's, or cpu.
  CUDAFunctionTarget targetOf(const DeclContext *DC) const;
};

namespace {

/// The target a macro standing for `auto restrict(list)` gives its
/// declaration, or false for any other macro.
bool autoRestrictMacro(const MacroInfo *MI, CUDAFunctionTarget &Target) {
  if (!MI || MI->isFunctionLike() || MI->getNumTokens() < 4)
    return false;
  ArrayRef<Token> Toks = MI->tokens();
  if (!Toks[0].is(tok::kw_auto) || !Toks[1].is(tok::identifier) ||
      Toks[1].getIdentifierInfo()->getName() != "restrict" || !Toks[2].is(tok::l_paren) ||
      !Toks.back().is(tok::r_paren))
    return false;
  switch (restrictionListBits(Toks.slice(3, Toks.size() - 4))) {
  case TypedefRestrictions::Cpu:
    Target = CUDAFunctionTarget::Host;
    return true;
  case TypedefRestrictions::Amp:
    Target = CUDAFunctionTarget::Device;
    return true;
  case TypedefRestrictions::Cpu | TypedefRestrictions::Amp:
    Target = CUDAFunctionTarget::HostDevice;
    return true;
  default:
    return false;
  }
}

/// Turns side ranking off for the length of every template instantiation
/// (libstdc++'s implicitly host-device code, a function template of any
/// restriction) and restores it after.
class InstantiationWatch : public TemplateInstantiationCallback {
public:
  explicit InstantiationWatch(std::shared_ptr<TargetContexts::State> St) : St(std::move(St)) {}
  void initialize(const Sema &) override {}
  void finalize(const Sema &) override {}
  void atTemplateBegin(const Sema &, const Sema::CodeSynthesisContext &) override {
    St->SavedSides.push_back(St->Sides->GPUExcludeWrongSideOverloads);
    St->Sides->GPUExcludeWrongSideOverloads = false;
  }
  void atTemplateEnd(const Sema &, const Sema::CodeSynthesisContext &) override {
    if (St->SavedSides.empty())
      return;
    St->Sides->GPUExcludeWrongSideOverloads = St->SavedSides.pop_back_val();
  }

private:
  std::shared_ptr<TargetContexts::State> St;
};

class AutoRestrictWatch : public PPCallbacks {
public:
  explicit AutoRestrictWatch(std::shared_ptr<TargetContexts::State> St) : St(std::move(St)) {}
  void MacroExpands(const Token &, const MacroDefinition &MD, SourceRange,
                    const MacroArgs *) override {
    CUDAFunctionTarget Target;
    if (!autoRestrictMacro(MD.getMacroInfo(), Target))
      return;
    St->Phase = TargetContexts::State::BeforeArrow;
    St->Depth = 0;
    St->TrailingTarget = Target;
  }

private:
  std::shared_ptr<TargetContexts::State> St;
};

} // namespace

void TargetContexts::State::followTrailingReturn(const Token &T) {
  if (Phase == None)
    return;
  if (T.isOneOf(tok::l_paren, tok::l_square)) {
    ++Depth;
    return;
  }
  if (T.isOneOf(tok::r_paren, tok::r_square)) {
    if (Depth)
      --Depth;
    else
      Phase = None; // the declarator was a parameter's
    return;
  }
  if (Depth)
    return;
  if (Phase == BeforeArrow) {
    if (T.is(tok::arrow))
      Phase = Trailing;
    else if (T.isOneOf(tok::semi, tok::l_brace, tok::equal))
      Phase = None; // no trailing return type
    return;
  }
  // The type ends where the declarator does (`,` may also end it inside a
  // template argument list, which is not followed; what comes after it is
  // then resolved as the surrounding code).
  if (T.isOneOf(tok::semi, tok::l_brace, tok::equal, tok::comma, tok::colon))
    Phase = None;
}

void TargetContexts::State::followOperands(const Token &T) {
  if (T.is(tok::l_paren)) {
    ++Parens;
    if (OperandNext)
      Operands.push_back(Parens);
  } else if (T.is(tok::r_paren) && Parens) {
    if (!Operands.empty() && Operands.back() == Parens)
      Operands.pop_back();
    --Parens;
  }
  OperandNext = T.isOneOf(tok::kw_decltype, tok::kw_sizeof);
}

CUDAFunctionTarget TargetContexts::State::targetOf(const DeclContext *DC) const {
  for (; DC; DC = DC->getParent())
    if (const auto *FD = dyn_cast<FunctionDecl>(DC))
      return S->CUDA().IdentifyTarget(FD);
  return CUDAFunctionTarget::Host;
}

void TargetContexts::State::inheritRestriction(CXXMethodDecl *Op) {
  if (Lambdas.count(Op))
    return;
  const auto *Host = Op->getAttr<CUDAHostAttr>();
  const auto *Device = Op->getAttr<CUDADeviceAttr>();
  if (!Host && !Device)
    return; // its declarator is being parsed: Clang has not decided yet
  Lambdas.insert(Op);
  if (!Host || !Device || !Host->isImplicit() || !Device->isImplicit())
    return; // written by the program
  switch (targetOf(Op->getParent()->getDeclContext())) {
  case CUDAFunctionTarget::Host:
    Op->dropAttr<CUDADeviceAttr>();
    break;
  case CUDAFunctionTarget::Device:
    Op->dropAttr<CUDAHostAttr>();
    break;
  default:
    break;
  }
}

void TargetContexts::State::rankSides() {
  if (!Sides || !SavedSides.empty())
    return;
  if (Ended) {
    Sides->GPUExcludeWrongSideOverloads = false;
    return;
  }
  const FunctionDecl *F = S->getCurFunctionDecl(/*AllowLambda=*/true);
  CUDAFunctionTarget T = F ? S->CUDA().IdentifyTarget(F) : CUDAFunctionTarget::HostDevice;
  Sides->GPUExcludeWrongSideOverloads =
      T == CUDAFunctionTarget::Host || T == CUDAFunctionTarget::Device;
}

void TargetContexts::State::onToken(const Token &T) {
  if (!S)
    return;
  Ended |= T.is(tok::eof);
  rankSides();
  followTrailingReturn(T);
  followOperands(T);
  DeclContext *DC = S->CurContext;
  if (auto *Op = dyn_cast_or_null<CXXMethodDecl>(DC);
      Op && Op->getParent() && Op->getParent()->isLambda())
    inheritRestriction(Op);
  SemaCUDA::CUDATargetContext &Ctx = S->CUDA().CurCUDATargetCtx;
  if (Ctx.Kind != SemaCUDA::CTCK_Unknown)
    return;
  // Only the operands of decltype and sizeof written outside function
  // bodies take the restriction of where they are written. Elsewhere the
  // field also serves Clang's own work outside bodies, which belongs to no
  // restriction: the implicit special members a class's completion
  // declares (a cpu context made amp-only destructors unviable there) and
  // the templates a body instantiates (libstdc++'s traits from amp code).
  // There Clang's host-device stays.
  if (Operands.empty() || isa<FunctionDecl>(DC))
    Ctx.Target = CUDAFunctionTarget::HostDevice;
  else
    Ctx.Target = Phase == Trailing ? TrailingTarget : targetOf(DC);
}

TargetContexts::TargetContexts(Preprocessor &PP) : St(std::make_shared<State>()) {
  PP.addPPCallbacks(std::make_unique<AutoRestrictWatch>(St));
  PP.setTokenWatcher([St = St](const Token &T) { St->onToken(T); });
}

void TargetContexts::setSema(Sema *S) {
  St->S = S;
  if (!S && St->Sides) {
    St->Sides->GPUExcludeWrongSideOverloads = false;
    St->Sides = nullptr;
  }
}

void TargetContexts::resolveBySideInBodies(Sema &S) {
  // Sema reads the options through a const reference; the object is the
  // compiler invocation's own, which is not const.
  St->Sides = const_cast<LangOptions *>(&S.getLangOpts());
  S.TemplateInstCallbacks.push_back(std::make_unique<InstantiationWatch>(St));
}

} // namespace ampcc
