//===- SpecialMemberInference.h - restrictions of implicit members -*- C++ -*-===//
//
// An implicitly declared special member function (default, copy and move
// constructors and assignments, destructor) is restricted to what every
// base and member allows (spec §2.3.2): a side is available for a subobject
// when one of its overloads of that member has it, so a base with a
// restrict(cpu) and a restrict(amp) default constructor gives a derived
// class a restrict(cpu, amp) one. Clang's CUDA inference picks a single
// overload per subobject and so gets such classes wrong (amp only, or an
// invalid target). The device pass replaces its answer as each implicit
// member is declared.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_SEMA_SPECIALMEMBERINFERENCE_H
#define AMPCC_SEMA_SPECIALMEMBERINFERENCE_H

#include "ampcc/Analysis/AmpModel.h"

#include "clang/AST/ASTMutationListener.h"

namespace clang {
class FunctionDecl;
} // namespace clang

namespace ampcc {

/// The restrictions \p FD is declared with; none written means
/// restrict(cpu).
Side declaredSides(const clang::FunctionDecl *FD);

/// Sets the restrictions of the implicit special member \p D (any other
/// declaration is left alone).
void inferSpecialMemberRestrictions(const clang::Decl *D);

/// The same for each implicit special member \p RD declared while it was
/// being defined (Clang declares some eagerly, unannounced).
void inferSpecialMemberRestrictions(const clang::CXXRecordDecl *RD);

/// Applies inferSpecialMemberRestrictions to each implicit member Clang adds
/// to a complete class.
class SpecialMemberListener : public clang::ASTMutationListener {
public:
  void AddedCXXImplicitMember(const clang::CXXRecordDecl *RD,
                              const clang::Decl *D) override {
    inferSpecialMemberRestrictions(D);
  }
};

} // namespace ampcc

#endif // AMPCC_SEMA_SPECIALMEMBERINFERENCE_H
