//===- MutationQueries.cpp - what a kernel body changes, asked once -------===//
#include "MutationQueries.h"

using namespace clang;

namespace ampcc {

bool MutationQueries::isMutated(const Stmt &Body, const Decl *D) {
  auto [Answer, New] = Answers.try_emplace({&Body, D}, false);
  if (!New)
    return Answer->second;
  std::unique_ptr<ExprMutationAnalyzer> &A = Analyzers[&Body];
  if (!A)
    A = std::make_unique<ExprMutationAnalyzer>(Body, Ctx);
  return Answer->second = A->isMutated(D);
}

} // namespace ampcc
