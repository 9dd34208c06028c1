//===- MutationQueries.h - what a kernel body changes, asked once -*- C++ -*-===//
//
// Robust access and the launch-time range facts (DomainIndexing.h,
// IndexRanges.h) ask whether a body changes a variable: Clang's
// ExprMutationAnalyzer, whose AST matchers walk the whole body for each
// question. A kernel is printed twice, as OpenCL C and again as host C,
// and an analyzer made per question kept none of its memos: those walks
// were half the device pass of a random program's compile (perf, four
// kernels of 700 lines). One object answers for both printings: an
// analyzer per body, kept, and each answer.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_CODEGEN_MUTATIONQUERIES_H
#define AMPCC_CODEGEN_MUTATIONQUERIES_H

#include "clang/AST/ASTContext.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <utility>

namespace ampcc {

class MutationQueries {
public:
  explicit MutationQueries(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  /// Whether \p Body may change \p D.
  bool isMutated(const clang::Stmt &Body, const clang::Decl *D);

private:
  clang::ASTContext &Ctx;
  llvm::DenseMap<const clang::Stmt *, std::unique_ptr<clang::ExprMutationAnalyzer>> Analyzers;
  llvm::DenseMap<std::pair<const clang::Stmt *, const clang::Decl *>, bool> Answers;
};

} // namespace ampcc

#endif // AMPCC_CODEGEN_MUTATIONQUERIES_H
