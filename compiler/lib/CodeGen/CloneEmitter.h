//===- CloneEmitter.h - one function clone in OpenCL C ----------*- C++ -*-===//
//
// Prints one clone of a C++ function from its plan: the signature (the
// object, the parameters with their planned spaces, trailing tile_static
// storage), a constructor's or destructor's extra code, and the body.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_CODEGEN_CLONEEMITTER_H
#define AMPCC_CODEGEN_CLONEEMITTER_H

#include "ClonePlanner.h"
#include "FunctionEmitter.h"

#include <string>
#include <vector>

namespace ampcc {

/// The C declaration of the parameter \p P (of the definition) of the clone
/// \p Plan, named \p Name: a pointer into the planned space for references,
/// arrays and pointers.
std::string parameterDeclaration(CodeGenModule &CG, const FunctionPlan &Plan,
                                 const clang::ParmVarDecl *P, const std::string &Name);

class CloneEmitter {
public:
  CloneEmitter(CodeGenModule &CG, const FunctionPlan &Plan);

  /// Prints the clone into the program; returns its C name.
  std::string emit();

private:
  /// Class and function, plus the address spaces of non-private clones.
  std::string baseName() const;
  /// `this`: a constructor's own object, or a member's object parameter
  /// (and a lambda's captured variables, spelled as its fields).
  void object();
  void parameters();
  std::string returnType() const;
  /// A destructor destroys its members, then its bases, after its body.
  void destructorEpilogue();

  CodeGenModule &CG;
  const FunctionPlan &Plan;
  const clang::FunctionDecl *Def = nullptr;
  FunctionEmitter FE;
  std::vector<std::string> Params;
  std::string Prologue, Epilogue;
};

} // namespace ampcc

#endif // AMPCC_CODEGEN_CLONEEMITTER_H
