//===- TranslationUnitRoots.h - where walks of the file start -*- C++ -*-===//
//
// ampcc's analyses walk "the translation unit": the kernels it launches,
// the amp functions it writes, its namespace-scope variables. With <amp.h>
// loaded from a precompiled header (ampcc/Frontend/PrecompiledAmp.h), a
// walk from the TranslationUnitDecl would read back every declaration of
// <amp.h>, PPL and the standard library from the header (most of a small
// file's device pass) only to skip them as library code. The roots are
// instead the file's own declarations and the template specializations and
// definitions the file instantiated in declarations of the header: all of
// the file's code, and none of the header's, which is library code.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_ANALYSIS_TRANSLATIONUNITROOTS_H
#define AMPCC_ANALYSIS_TRANSLATIONUNITROOTS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/ASTMutationListener.h"
#include "clang/AST/DeclBase.h"

#include <vector>

namespace ampcc {

/// Records what a file adds to declarations read from a precompiled
/// header: specializations of its templates, and definitions of its
/// functions and variables instantiated here. Install it as (or through)
/// the consumer's ASTMutationListener.
class InstantiationRecorder : public clang::ASTMutationListener {
public:
  void AddedCXXTemplateSpecialization(const clang::ClassTemplateDecl *TD,
                                      const clang::ClassTemplateSpecializationDecl *D) override;
  void AddedCXXTemplateSpecialization(const clang::VarTemplateDecl *TD,
                                      const clang::VarTemplateSpecializationDecl *D) override;
  void AddedCXXTemplateSpecialization(const clang::FunctionTemplateDecl *TD,
                                      const clang::FunctionDecl *D) override;
  void FunctionDefinitionInstantiated(const clang::FunctionDecl *D) override;
  void VariableDefinitionInstantiated(const clang::VarDecl *D) override;

  const std::vector<clang::Decl *> &decls() const { return Decls; }

private:
  void add(const clang::Decl *Template, const clang::Decl *D);
  std::vector<clang::Decl *> Decls;
};

/// The declarations a walk of the whole file starts from.
class TranslationUnitRoots {
public:
  /// The TranslationUnitDecl itself: every declaration (no precompiled
  /// header, or no record of what the file instantiated).
  static TranslationUnitRoots whole(clang::ASTContext &Ctx);
  /// The file's top-level declarations and \p Recorded's, where the AST
  /// has a precompiled header; whole() otherwise.
  static TranslationUnitRoots of(clang::ASTContext &Ctx,
                                 const InstantiationRecorder *Recorded);

  /// Runs \p V (a RecursiveASTVisitor) from every root; instantiations only
  /// for visitors that visit them.
  template <typename Visitor> void traverse(Visitor &V) const {
    for (clang::Decl *D : Decls)
      if (V.shouldVisitTemplateInstantiations() || !isInstantiation(D))
        V.TraverseDecl(D);
  }
  /// The roots, for walks that are not RecursiveASTVisitors: each is the
  /// TranslationUnitDecl or a declaration in a namespace, a class or the
  /// translation unit.
  const std::vector<clang::Decl *> &decls() const { return Decls; }
  bool isWhole() const { return Whole; }
  /// An implicit instantiation: a root that walks of written code skip.
  static bool isInstantiation(const clang::Decl *D);

private:
  std::vector<clang::Decl *> Decls;
  bool Whole = true;
};

} // namespace ampcc

#endif // AMPCC_ANALYSIS_TRANSLATIONUNITROOTS_H
