//===- TextureRules.cpp - what amp code may do with a texture ------------===//
//
// The static access rules of spec §10 on calls in amp code: texture::set and
// the reads of texture_view<T,N> only for one-component 32-bit int, uint and
// float texels (other formats cannot be read and written in one kernel),
// sample only for float, norm and unorm texels, gather_* only at rank 2 and
// only for a component the texel has. <amp_graphics.h> states the same
// rules as static_asserts, which the host pass keeps and the device pass
// leaves to this file: a static_assert points into the header, this rule at
// the user's call. Reads of a writeonly_texture_view and writes to a
// texture_view<const T,N> name members that do not exist, which Clang
// reports at the call already.
//
//===----------------------------------------------------------------------===//
#include "Rule.h"
#include "ampcc/Analysis/AmpModel.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace ampcc {

namespace {

/// What the rules need of a texel type: its components and scalar family.
struct Texel {
  unsigned Size = 1;
  bool ReadWrite = false; ///< One component of int, uint or float.
  bool Filterable = false; ///< float, norm, unorm (and double).
};

Texel texelOf(QualType T) {
  Texel X;
  T = T.getUnqualifiedType().getCanonicalType();
  if (T->isSpecificBuiltinType(BuiltinType::Float) ||
      T->isSpecificBuiltinType(BuiltinType::Int) ||
      T->isSpecificBuiltinType(BuiltinType::UInt)) {
    X.ReadWrite = true;
    X.Filterable = T->isSpecificBuiltinType(BuiltinType::Float);
    return X;
  }
  if (T->isSpecificBuiltinType(BuiltinType::Double)) {
    X.Filterable = true;
    return X;
  }
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier())
    return X;
  StringRef Name = RD->getName();
  for (unsigned N = 2; N <= 4; ++N)
    if (Name.consume_back("_" + std::to_string(N)))
      X.Size = N;
  X.ReadWrite = X.Size == 1 && (Name == "float" || Name == "int" || Name == "uint");
  X.Filterable = Name == "float" || Name == "norm" || Name == "unorm" || Name == "double";
  return X;
}

class TextureRules : public Rule {
public:
  void checkStmt(const Stmt *S, CheckContext &C) override {
    const auto *CE = dyn_cast<CallExpr>(S);
    const auto *MD = CE ? dyn_cast_or_null<CXXMethodDecl>(CE->getDirectCallee()) : nullptr;
    if (!MD || !isTextureClass(MD->getParent()))
      return;
    // The header's own calls follow from the user's, which are checked.
    SourceLocation Loc = CE->getExprLoc();
    if (C.sm().isInSystemHeader(C.sm().getExpansionLoc(Loc)))
      return;
    std::optional<ViewShape> Shape = viewShape(MD->getParent());
    if (!Shape)
      return;
    QualType Elem = Shape->Element;
    Texel X = texelOf(Elem);
    const CXXRecordDecl *RD = MD->getParent();
    OverloadedOperatorKind OK = MD->getOverloadedOperator();
    StringRef Name = MD->getIdentifier() ? MD->getName() : "";
    bool Read = Name == "get" || OK == OO_Subscript || OK == OO_Call;
    if (!X.ReadWrite && isAmpClass(RD, "texture") && Name == "set") {
      C.error(Loc, Diag::err_texture_access_format) << 0 << Elem.getUnqualifiedType();
      return;
    }
    if (!X.ReadWrite && isAmpClass(RD, "texture_view") && !Elem.isConstQualified() &&
        Read) {
      C.error(Loc, Diag::err_texture_access_format) << 1 << Elem.getUnqualifiedType();
      return;
    }
    if (!X.Filterable && Name == "sample") {
      C.error(Loc, Diag::err_texture_sample_type) << Elem.getUnqualifiedType();
      return;
    }
    if (!Name.starts_with("gather_"))
      return;
    if (Shape->Rank != 2) {
      C.error(Loc, Diag::err_texture_gather_rank) << Shape->Rank;
      return;
    }
    unsigned Need = llvm::StringSwitch<unsigned>(Name)
                        .Case("gather_green", 2)
                        .Case("gather_blue", 3)
                        .Case("gather_alpha", 4)
                        .Default(1);
    if (Need > X.Size)
      C.error(Loc, Diag::err_texture_gather_component)
          << MD->getName() << Need << Elem.getUnqualifiedType() << X.Size;
  }
};

} // namespace

std::unique_ptr<Rule> createTextureRules() { return std::make_unique<TextureRules>(); }

} // namespace ampcc
