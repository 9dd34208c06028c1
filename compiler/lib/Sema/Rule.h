//===- Rule.h - one family of C++ AMP restriction rules ----------*- C++ -*-===//
//
// Each family of rules of C++ AMP spec §2.3-2.4 is one small Rule subclass in
// its own file; RuleRegistry.cpp lists them all. The checker
// (RestrictionChecker.cpp) walks the call graph of every kernel and every
// restrict(amp) function once and hands each piece of amp code to every rule:
//  - checkFunction: once per function of amp code (its declaration);
//  - checkStmt / checkDecl: every statement, expression and local declaration
//    of its body, in source order (not sizeof/alignof/decltype operands,
//    static_assert, nor bodies of local classes and lambdas: those are
//    functions of their own);
//  - checkRecord: once per class used by amp code;
//  - checkLambda: once per lambda whose call operator is amp code;
//  - checkTranslationUnit: once, for rules about declarations anywhere.
// Rules report through the CheckContext, which adds the call-chain notes.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_SEMA_RULE_H
#define AMPCC_SEMA_RULE_H

#include "CheckContext.h"

#include <memory>
#include <vector>

namespace ampcc {

class Rule {
public:
  virtual ~Rule();
  virtual void checkFunction(const clang::FunctionDecl *, CheckContext &) {}
  virtual void checkStmt(const clang::Stmt *, CheckContext &) {}
  virtual void checkDecl(const clang::Decl *, CheckContext &) {}
  /// \p UseLoc: where amp code first uses the class.
  virtual void checkRecord(const clang::CXXRecordDecl *, clang::SourceLocation UseLoc,
                           CheckContext &) {}
  virtual void checkLambda(const clang::CXXRecordDecl *, CheckContext &) {}
  virtual void checkTranslationUnit(CheckContext &) {}
};

/// Every rule family, in reporting order (RuleRegistry.cpp).
std::vector<std::unique_ptr<Rule>> createRules();

// The families (one file each).
std::unique_ptr<Rule> createTypeRules();
std::unique_ptr<Rule> createClassRules();
std::unique_ptr<Rule> createFunctionRules();
std::unique_ptr<Rule> createCallRules();
std::unique_ptr<Rule> createMathCallRules();
/// Reports a call of a C or <cmath> math function from amp code at \p Loc
/// (the callee's name, \p R its spelling), naming the <amp_math.h>
/// replacement; false (nothing reported) if \p FD is not one.
bool reportMathCall(const clang::FunctionDecl *FD, clang::SourceLocation Loc,
                    clang::SourceRange R, CheckContext &C);
std::unique_ptr<Rule> createStatementRules();
std::unique_ptr<Rule> createVariableRules();
std::unique_ptr<Rule> createCaptureRules();
std::unique_ptr<Rule> createTileStaticRules();
std::unique_ptr<Rule> createBarrierRules();
std::unique_ptr<Rule> createContainerRules();
std::unique_ptr<Rule> createDestructorRules();
std::unique_ptr<Rule> createTextureRules();

} // namespace ampcc

#endif // AMPCC_SEMA_RULE_H
