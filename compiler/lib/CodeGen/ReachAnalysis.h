//===- ReachAnalysis.h - what a function or a destruction reaches -*- C++ -*-===//
//
// Two questions the planner asks of the AST before it keys a clone, answered
// once per function or class and remembered: does destroying an object run
// device code, and can a function reach an image intrinsic. Both walk what
// the code calls, never the plan, so they sit below the planner and the
// printer alike.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_CODEGEN_REACHANALYSIS_H
#define AMPCC_CODEGEN_REACHANALYSIS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/DenseMap.h"

namespace ampcc {

class ReachAnalysis {
public:
  explicit ReachAnalysis(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  /// True when destroying an object of type \p T (or an array of them) runs
  /// code on the device: a destructor with a body, of the class or of a
  /// member or base. The C++ AMP library's destructors do nothing there.
  bool needsDestruction(clang::QualType T);

  /// \p K for a function of image kernel \p K that can reach an image
  /// intrinsic, else 0: the others need no images and stay shared with the
  /// buffer forms (CloneKey::ImageKernel).
  unsigned imageKernelFor(const clang::FunctionDecl *FD, unsigned K);

private:
  clang::ASTContext &Ctx;
  llvm::DenseMap<const clang::CXXRecordDecl *, bool> DestructionNeeded;
  /// Whether a function reaches an image intrinsic.
  llvm::DenseMap<const clang::FunctionDecl *, bool> ReachesImages;
};

} // namespace ampcc

#endif // AMPCC_CODEGEN_REACHANALYSIS_H
