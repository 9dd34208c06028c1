//===- AmpModelTest.h - a miniature C++ AMP library for unit tests -*- C++ -*-===//
//
// The compiler recognises the AMP library by namespace and class names, not
// by <amp.h>'s contents, so its tests declare only what they need: the
// shapes of the real classes (include/ampcc/) without their bodies.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_UNITTESTS_AMPMODELTEST_H
#define AMPCC_UNITTESTS_AMPMODELTEST_H

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <memory>
#include <string>

namespace ampcc {
namespace test {

inline const char *miniAmpHeader() {
  return R"cpp(
namespace Concurrency {
template <int N> struct index { int _M_base[N]; };
template <int N> struct extent { int _M_base[N]; };
template <int D0, int D1 = 0, int D2 = 0> struct tiled_extent : extent<(D2 ? 3 : D1 ? 2 : 1)> {};
template <int D0, int D1 = 0, int D2 = 0> struct tiled_index {};
template <typename T, int N = 1> struct array_view { T *p; };
template <typename T, int N = 1> struct array { T *p; };
template <typename T, int N> struct texture {};
struct tile_barrier {};
template <int N, typename K> void parallel_for_each(const extent<N> &, const K &) {}
template <int D0, int D1, int D2, typename K>
void parallel_for_each(const tiled_extent<D0, D1, D2> &, const K &) {}
} // namespace Concurrency
namespace concurrency = Concurrency;
)cpp";
}

/// Parses \p Code after the miniature library, as C++17; null when it has
/// errors (a test's source must be valid, or it would test error recovery).
inline std::unique_ptr<clang::ASTUnit> parse(const std::string &Code) {
  auto AST = clang::tooling::buildASTFromCodeWithArgs(std::string(miniAmpHeader()) + Code,
                                                      {"-std=c++17"}, "input.cpp");
  if (AST && AST->getDiagnostics().hasErrorOccurred())
    return nullptr;
  return AST;
}

/// The type of the variable named \p Name.
inline clang::QualType varType(clang::ASTUnit &AST, const std::string &Name) {
  using namespace clang::ast_matchers;
  auto Matches = match(varDecl(hasName(Name)).bind("v"), AST.getASTContext());
  if (Matches.empty())
    return clang::QualType();
  return Matches.front().getNodeAs<clang::VarDecl>("v")->getType();
}

} // namespace test
} // namespace ampcc

#endif // AMPCC_UNITTESTS_AMPMODELTEST_H
