//===- StaticConstMembers.cpp - Visual C++'s defined static constants ----===//
#include "ampcc/Sema/StaticConstMembers.h"

#include "clang/AST/DeclCXX.h"

using namespace clang;

namespace ampcc {

void defineStaticConstMembers(TagDecl *D) {
  auto *RD = dyn_cast<CXXRecordDecl>(D);
  if (!RD)
    return;
  for (Decl *Member : RD->decls()) {
    auto *VD = dyn_cast<VarDecl>(Member);
    // Only what C++03 lets a class initialize: a const integral or
    // enumeration member (its initializer a constant expression, which
    // Sema has checked). constexpr and inline members are defined already.
    if (!VD || !VD->isStaticDataMember() || VD->isOutOfLine() || !VD->hasInit() ||
        VD->isInline() || VD->isConstexpr() || !VD->getType().isConstQualified() ||
        !VD->getType()->isIntegralOrEnumerationType() || VD->isInvalidDecl())
      continue;
    VD->setConstexpr(true);
    VD->setImplicitlyInline();
  }
}

} // namespace ampcc
