//===- CloneEmitter.cpp - one function clone in OpenCL C ----------------===//
//
// Member functions take their object explicitly: non-const members a
// pointer into the planned space (`_this`), const members and members
// called on temporaries a copy (`_self`). Constructors build and return
// their object. Everything else about spaces comes from the plan.
//
//===----------------------------------------------------------------------===//
#include "CloneEmitter.h"

#include "Lowering.h"
#include "ampcc/Support/Diagnostics.h"

#include "clang/AST/DeclCXX.h"

using namespace clang;

namespace ampcc {

CloneEmitter::CloneEmitter(CodeGenModule &CG, const FunctionPlan &Plan)
    : CG(CG), Plan(Plan), FE(CG, Plan) {
  Plan.Key.FD->hasBody(Def);
}

std::string CloneEmitter::baseName() const {
  const CloneKey &Key = Plan.Key;
  std::string Base;
  // A member function is named after its class. A static one only by the
  // class's name: lowering the class would emit its fields, which amp code
  // never sees and the restriction checker never checked (a `Pixel *` of
  // unsigned chars beside a static restrict(amp) helper).
  if (const auto *MD = dyn_cast<CXXMethodDecl>(Def))
    Base = (MD->isInstance()
                ? CG.lowerRecord(MD->getParent(), Def->getLocation(), Key.ThisViewSpace)
                : QualType(MD->getParent()->getTypeForDecl(), 0)
                      .getAsString(CG.getContext().getPrintingPolicy())) +
           "_";
  Base += isa<CXXConstructorDecl>(Def) ? std::string("ctor") : functionBaseName(Def);
  std::string Suffix;
  for (AddrSpace AS : Key.ParamSpaces)
    if (AS != AddrSpace::Private)
      Suffix += AS == AddrSpace::Global ? "g" : "l";
  if (Key.ThisSpace != AddrSpace::Private)
    Suffix += Key.ThisSpace == AddrSpace::Global ? "G" : "L";
  if (Key.ThisByValue || llvm::is_contained(Key.TempPointers, true))
    Suffix += "v";
  // Views over private (p) or tile_static (t) memory.
  for (AddrSpace AS : Key.ViewSpaces)
    if (AS != AddrSpace::Global)
      Suffix += AS == AddrSpace::Private ? "p" : "t";
  return Suffix.empty() ? Base : Base + "_" + Suffix;
}

void CloneEmitter::object() {
  const auto *MD = dyn_cast<CXXMethodDecl>(Def);
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def)) {
    // The object's views view what the initializers gave them.
    std::string RecName =
        CG.lowerRecord(Ctor->getParent(), Def->getLocation(), Plan.ReturnViewSpace);
    FE.setThis({true, "_this"});
    // An empty default constructor (no written initialisers, empty body)
    // leaves C++ members indeterminate; ampcc zeroes them instead.
    // <amp_short_vectors.h> relies on this: its default constructors are
    // empty in the device pass (Clang's CUDA rules accept tile_static
    // objects only with empty constructors) yet must zero, as Visual C++'s.
    const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
    bool Zero = Ctor->isDefaultConstructor() && Body && Body->body_empty() &&
                llvm::none_of(Ctor->inits(), [](const CXXCtorInitializer *I) {
                  return I->isWritten();
                });
    Prologue = "  " + RecName + " _self" + (Zero ? " = {0}" : "") + ";\n  " + RecName +
               " *_this = &_self;\n";
    Epilogue = "  return _self;\n";
    FE.setVoidReturn("return _self;");
    return;
  }
  if (!MD || !MD->isInstance())
    return;
  std::string RecName =
      CG.lowerRecord(MD->getParent(), Def->getLocation(), Plan.ThisViewSpace);
  std::string This = "_this";
  if (MD->isConst() || Plan.Key.ThisByValue) {
    Params.push_back(RecName + " _self");
    This = "(&_self)";
  } else {
    Params.push_back(std::string(addrSpaceKeyword(Plan.ThisSpace)) + " " + RecName +
                     " *_this");
  }
  FE.setThis({true, This});
  // A lambda's body names the captured variables, not the closure's
  // fields: each variable is spelled as its field.
  if (MD->getParent()->isLambda())
    for (const FieldDecl *F : MD->getParent()->fields())
      if (const ValueDecl *Var = capturedVar(F))
        FE.bindVar(Var, This + "->" + CodeGenModule::fieldName(F));
}

std::string parameterDeclaration(CodeGenModule &CG, const FunctionPlan &Plan,
                                 const ParmVarDecl *P, const std::string &Name) {
  unsigned I = P->getFunctionScopeIndex();
  const VarPlace *V = Plan.var(P);
  QualType PT = P->getType();
  switch (argPassing(Plan.Key, I, PT)) {
  case ArgPassing::ArrayDecay:
    // A reference to an array (a tile_static or local array passed to a
    // helper): a pointer to its first element, indexed as the array was.
    return CG.pointerToArrayElements(PT->getPointeeType(), V->Space, Name, P->getLocation(),
                                     V->ViewSpace);
  case ArgPassing::Address:
    return CG.pointerTo(PT->getPointeeType(), V->Space, P->getLocation(), V->PointeeSpace,
                        V->ViewSpace) +
           Name;
  case ArgPassing::Pointer: // also a `T *&&` bound to a temporary pointer
    return CG.pointerTo(PT.getNonReferenceType()->getPointeeType(), V->Space,
                        P->getLocation(), AddrSpace::Private, V->ViewSpace) +
           Name;
  case ArgPassing::Value:
    break;
  }
  return CG.declare(PT.getNonReferenceType().getUnqualifiedType(), Name, P->getLocation(),
                    V->ViewSpace);
}

void CloneEmitter::parameters() {
  for (unsigned I = 0; I < Def->getNumParams(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    std::string PName = P->getIdentifier() ? CodeGenModule::safeLocalName(P->getName())
                                           : "_arg" + std::to_string(I);
    Params.push_back(parameterDeclaration(CG, Plan, P, PName));
    FE.bindVar(P, PName);
  }
  // Storage for tile_static variables here and in callees: trailing
  // pointer parameters (see FunctionEmitter::tileStaticStorage).
  for (const VarDecl *VD : Plan.TileStatics) {
    std::string Name = FE.tileStaticStorage(VD);
    QualType T = VD->getType().getUnqualifiedType();
    if (T->isArrayType())
      Params.push_back(
          CG.pointerToArrayElements(T, AddrSpace::Local, Name, VD->getLocation()));
    else
      Params.push_back(CG.pointerTo(T, AddrSpace::Local, VD->getLocation()) + Name);
  }
  // Checked mode: the kernel's checking state reaches every function.
  if (CG.usesFaultRecord())
    Params.push_back(std::string("ampcc_checks *") + CheckStateName);
  // The image form of a kernel: its images reach every function.
  if (unsigned K = Plan.Key.ImageKernel) {
    std::string Images = CG.imageParams(K);
    Params.push_back(Images.substr(2)); // without the leading ", "
  }
}

std::string CloneEmitter::returnType() const {
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
    return CG.lowerRecord(Ctor->getParent(), Def->getLocation(), Plan.ReturnViewSpace);
  QualType RT = Def->getReturnType();
  if (Plan.ReturnsPointer || RT->isPointerType())
    return CG.pointerTo(RT->getPointeeType(), Plan.ReturnSpace, Def->getLocation());
  return CG.lowerType(RT.getNonReferenceType().getUnqualifiedType(), Def->getLocation(),
                      Plan.ReturnViewSpace);
}

void CloneEmitter::destructorEpilogue() {
  const auto *Dtor = dyn_cast<CXXDestructorDecl>(Def);
  if (!Dtor)
    return;
  const CXXRecordDecl *RD = Dtor->getParent();
  std::vector<std::string> Parts; // In order of construction.
  for (const CXXBaseSpecifier &B : RD->bases())
    Parts.push_back(FE.destroy(
        B.getType(),
        "&_this->" + CodeGenModule::baseFieldName(RD, B.getType()->getAsCXXRecordDecl()),
        Plan.ThisSpace, B.getBeginLoc(), Plan.ThisViewSpace));
  for (const FieldDecl *F : RD->fields()) {
    std::string Field = "_this->" + CodeGenModule::fieldName(F);
    Parts.push_back(FE.destroy(F->getType(),
                               F->getType()->isArrayType() ? Field : "&" + Field,
                               Plan.ThisSpace, F->getLocation(), Plan.ThisViewSpace));
  }
  for (auto It = Parts.rbegin(); It != Parts.rend(); ++It)
    if (!It->empty())
      Epilogue += "  " + *It + "\n";
  // A `return;` in the body jumps to the members' destruction.
  if (!Epilogue.empty())
    FE.setVoidReturn("goto _ampcc_members;");
}

std::string CloneEmitter::emit() {
  reportMixedSpaces(CG.Diags, Plan);
  std::string Base = baseName();
  object();
  parameters();
  std::string RetTy = returnType();
  // A thread that aborted leaves with a zero value (KernelDiagnostics.cpp);
  // constructors and destructors keep their own `return;`.
  if (RetTy != "void" && !isa<CXXConstructorDecl>(Def))
    FE.setAbortReturn(llvm::StringRef(RetTy).ends_with("*")
                          ? "return 0;"
                          : "{ " + RetTy + " ampcc_zero = {0}; return ampcc_zero; }");
  destructorEpilogue();

  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      FE.emitCtorInit(Init, Ctor->getParent());
  FE.emitStmt(Def->getBody());
  if (isa<CXXDestructorDecl>(Def) && FE.usedVoidReturn() && !Epilogue.empty())
    Epilogue = "_ampcc_members: ;\n" + Epilogue;

  // Named after its body is printed, so callees take the plain names first.
  if (Plan.Key.ImageKernel)
    Base += "_img" + std::to_string(Plan.Key.ImageKernel);
  std::string Name = CG.uniqueGlobalName(Base);
  std::string Sig = RetTy + (llvm::StringRef(RetTy).ends_with("*") ? "" : " ") + Name + "(";
  for (unsigned I = 0; I < Params.size(); ++I)
    Sig += (I ? ", " : "") + Params[I];
  if (Params.empty())
    Sig += "void";
  Sig += ")";
  std::string Text = CG.lineDirective(Def->getBeginLoc()) + "\n" + Sig + " {\n" + Prologue +
                     FE.temporaryDecls() + FE.output() + Epilogue + "}\n\n";
  // Image parameters do not compile where the device has no images.
  if (Plan.Key.ImageKernel)
    Text = "#ifdef __IMAGE_SUPPORT__\n" + Text + "#endif\n\n";
  CG.Bodies += Text;
  return Name;
}

} // namespace ampcc
