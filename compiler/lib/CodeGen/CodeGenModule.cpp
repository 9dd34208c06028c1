//===- CodeGenModule.cpp - program assembly, types and clones -----------===//
#include "CodeGenModule.h"
#include "RecordLayoutCheck.h"

#include "CloneEmitter.h"
#include "ClonePlanner.h"
#include "FunctionEmitter.h"
#include "Lowering.h"
#include "ampcc/Support/Diagnostics.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecordLayout.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace ampcc {

const char *addrSpaceKeyword(AddrSpace AS) {
  switch (AS) {
  case AddrSpace::Global:
    return "__global";
  case AddrSpace::Local:
    return "__local";
  case AddrSpace::Private:
    return "__private";
  }
  return "";
}

CodeGenModule::CodeGenModule(ASTContext &Ctx, DiagnosticsEngine &Diags,
                             const DeviceOptions &Opts,
                             std::shared_ptr<MutationQueries> Mutations)
    : Ctx(Ctx), Diags(Diags), Opts(Opts),
      Mutations(Mutations ? std::move(Mutations) : std::make_shared<MutationQueries>(Ctx)),
      Planner(std::make_unique<ClonePlanner>(Ctx, Diags)) {}

CodeGenModule::~CodeGenModule() = default;

bool CodeGenModule::hadError() const { return Diags.hasErrorOccurred(); }


std::string CodeGenModule::uniqueGlobalName(llvm::StringRef Base) {
  std::string Name = sanitizeIdentifier(Base);
  if (isReservedInOpenCL(Name))
    Name += "_";
  std::string Candidate = Name;
  for (unsigned I = 1; !UsedNames.insert(Candidate).second; ++I)
    Candidate = Name + "_" + std::to_string(I);
  return Candidate;
}

std::string CodeGenModule::safeLocalName(llvm::StringRef Name) {
  std::string S = Name.str();
  if (S.empty())
    return "_unnamed";
  // A double underscore: C++ reserves such names, so no user name can be
  // the renamed one.
  if (isReservedInOpenCL(S) || llvm::StringRef(S).starts_with("ampcc_"))
    S += "__";
  return S;
}

void CodeGenModule::addTypeDef(llvm::StringRef Key, const std::string &Code) {
  if (HelperKeys.insert(Key).second)
    TypeDefs += Code;
}

void CodeGenModule::addHelper(llvm::StringRef Key, const std::string &Code) {
  if (HelperKeys.insert(Key).second) {
    UsedNames.insert(Key); // Functions lowered later must not take the name.
    Bodies += Code;
  }
}

std::string CodeGenModule::lineDirective(SourceLocation Loc) {
  if (Loc.isInvalid())
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc PL = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (PL.isInvalid())
    return "";
  return "#line " + std::to_string(PL.getLine()) + " \"" +
         escapeCString(PL.getFilename()) + "\"";
}

// --- Types ------------------------------------------------------------------

std::string CodeGenModule::lowerType(QualType T, SourceLocation Loc,
                                     AddrSpace ViewData) {
  QualType C = T.getCanonicalType();
  std::string Qual = C.isConstQualified() ? "const " : "";
  if (const auto *BT = C->getAs<BuiltinType>()) {
    switch (BT->getKind()) {
    case BuiltinType::Void:
      return Qual + "void";
    case BuiltinType::Bool:
      return Qual + "bool";
    case BuiltinType::Int:
      return Qual + "int";
    case BuiltinType::UInt:
      return Qual + "uint";
    case BuiltinType::Long:
      return Qual + "long";
    case BuiltinType::ULong:
      return Qual + "ulong";
    case BuiltinType::Float:
      return Qual + "float";
    case BuiltinType::Double:
      UsesDouble = true;
      return Qual + "double";
    default:
      assert(false && "the restriction checker rejects other scalar types");
      report(Diags, Loc, Diag::err_amp_unchecked) << 0 << T;
      return "int";
    }
  }
  if (const auto *ET = C->getAs<EnumType>())
    return Qual + lowerType(ET->getDecl()->getIntegerType(), Loc);
  // An array as a whole type: what a pointer points to when an array
  // parameter decays (`unsigned int data[4][4]` is `uint (*data)[4]`).
  // Callers write `<type> *name`, which C's declarators cannot say for an
  // array without a typedef: one per element type and size.
  if (const auto *AT = Ctx.getAsConstantArrayType(C)) {
    std::string Elem = lowerType(AT->getElementType(), Loc, ViewData);
    std::string Size = std::to_string(AT->getSize().getZExtValue());
    std::string Name = "ampcc_array_" + sanitizeIdentifier(Elem) + "_" + Size;
    addTypeDef(Name, "typedef " + Elem + " " + Name + "[" + Size + "];\n");
    return Name;
  }
  if (const auto *RD = C->getAsCXXRecordDecl())
    return Qual + lowerRecord(RD, Loc, ViewData);
  // A type is lowered for each use of a declaration (parameter, prologue):
  // one report per place and type.
  if (ReportedTypes.insert({Loc.getRawEncoding(), C.getAsOpaquePtr()}).second)
    report(Diags, Loc, Diag::err_amp_unsupported_type) << T;
  return "int";
}

std::string CodeGenModule::pointerTo(QualType Pointee, AddrSpace AS,
                                     SourceLocation Loc, AddrSpace Inner,
                                     AddrSpace ViewData) {
  if (Pointee->isPointerType())
    return std::string(addrSpaceKeyword(Inner)) + " " +
           lowerType(Pointee->getPointeeType(), Loc) + " *" + addrSpaceKeyword(AS) + " *";
  return std::string(addrSpaceKeyword(AS)) + " " + lowerType(Pointee, Loc, ViewData) +
         " *";
}

std::string CodeGenModule::pointerToArrayElements(QualType Array, AddrSpace AS,
                                                  llvm::StringRef Name,
                                                  SourceLocation Loc,
                                                  AddrSpace ViewData) {
  QualType Elem = Ctx.getAsArrayType(Array.getCanonicalType())->getElementType();
  std::string Dims;
  while (const auto *AT = Ctx.getAsConstantArrayType(Elem)) {
    Dims += "[" + std::to_string(AT->getSize().getZExtValue()) + "]";
    Elem = AT->getElementType();
  }
  std::string Base = std::string(addrSpaceKeyword(AS)) + " " + lowerType(Elem, Loc, ViewData);
  if (Dims.empty())
    return Base + " *" + Name.str();
  return Base + " (*" + Name.str() + ")" + Dims;
}

std::string CodeGenModule::declare(QualType T, llvm::StringRef Name,
                                   SourceLocation Loc, AddrSpace ViewData) {
  QualType C = T.getCanonicalType();
  std::string Dims;
  while (const auto *AT = Ctx.getAsConstantArrayType(C)) {
    Dims += "[" + std::to_string(AT->getSize().getZExtValue()) + "]";
    C = AT->getElementType();
  }
  if (C->isPointerType()) {
    // Pointers in struct fields only come from ampcc's own library types;
    // user classes may not hold pointers (spec §2.4.1).
    return pointerTo(C->getPointeeType(), AddrSpace::Global, Loc) + Name.str() +
           Dims;
  }
  return lowerType(C, Loc, ViewData) + " " + Name.str() + Dims;
}

std::string CodeGenModule::fieldName(const FieldDecl *F) {
  if (F->getIdentifier())
    return safeLocalName(F->getName());
  if (const ValueDecl *Var = capturedVar(F))
    return safeLocalName(Var->getName());
  return "_field" + std::to_string(F->getFieldIndex());
}

std::string CodeGenModule::lowerRecord(const CXXRecordDecl *RD,
                                       SourceLocation Loc, AddrSpace ViewData) {
  if (!RD->hasDefinition()) {
    // Nothing in the device pass completed the type (an instantiation it
    // never needed): there is no layout to lower.
    report(Diags, Loc, Diag::err_amp_unsupported_type)
        << QualType(RD->getTypeForDecl(), 0);
    return "int";
  }
  RD = RD->getDefinition();
  if (isViewClass(RD))
    return lowerArrayView(RD, Loc, ViewData);
  // A class holding views is one C struct per space its views view
  // (docs/architecture.md, "Views over local memory").
  if (ViewData != AddrSpace::Global && !holdsView(Ctx, QualType(RD->getTypeForDecl(), 0)))
    ViewData = AddrSpace::Global;
  auto It = RecordNames.find({RD, ViewData});
  if (It != RecordNames.end())
    return It->second;

  std::string Base;
  if (RD->isLambda())
    Base = "lambda";
  else
    Base = QualType(RD->getTypeForDecl(), 0).getAsString(Ctx.getPrintingPolicy());
  if (ViewData != AddrSpace::Global)
    Base += std::string("_") + spaceName(ViewData);
  std::string Name = uniqueGlobalName(Base);
  RecordNames[{RD, ViewData}] = Name; // Before fields: a field can't have the same type.

  std::string Body;
  unsigned BaseNo = 0;
  for (const CXXBaseSpecifier &B : RD->bases())
    Body += "  " + lowerType(B.getType(), B.getBeginLoc(), ViewData) + " _base" +
            std::to_string(BaseNo++) + ";\n";

  for (const FieldDecl *F : RD->fields()) {
    std::string FieldName = fieldName(F);
    QualType FT = F->getType();
    if (FT->isReferenceType()) {
      // A lambda's by-reference capture (inside amp code: of a local or a
      // tile_static variable) is a pointer into that variable's space.
      const ValueDecl *Var = capturedVar(F);
      AddrSpace AS = Var && Var->hasAttr<CUDASharedAttr>() ? AddrSpace::Local
                                                           : AddrSpace::Private;
      Body += "  " + pointerTo(FT->getPointeeType(), AS, F->getLocation()) +
              FieldName + ";\n";
      continue;
    }
    // Const members lose their const: C has no constructors, so generated
    // constructors and kernel prologues assign them.
    Body += "  " + declare(FT.getUnqualifiedType(), FieldName, F->getLocation(), ViewData) +
            ";\n";
  }
  if (Body.empty()) // C structs cannot be empty; C++ empty classes have size 1.
    Body = "  uchar _empty;\n";
  const char *Keyword = RD->isUnion() ? "union " : "struct ";
  TypeDefs += "typedef " + std::string(Keyword) + Name + " {\n" + Body + "} " +
              Name + ";\n\n";
  return Name;
}

std::string CodeGenModule::shapeType(const ViewShape &Shape) {
  std::string Rank = std::to_string(Shape.Rank);
  std::string Name = (Shape.IsTexture ? "ampcc_tshape" : "ampcc_shape") + Rank;
  addTypeDef(Name, "typedef struct { int off; int ext[" + Rank + "]; int stride[" + Rank +
                       "];" + (Shape.IsTexture ? " int levels; int bits;" : "") +
                       // Robust access: the buffer's element count (kernel_abi.h).
                       (robustAccess() ? " int n;" : "") + " } " + Name +
                       ";\n\n");
  return Name;
}

/// array_view<T,N> on the device: the element pointer of its buffer and the
/// shape the runtime passes as a kernel argument (struct of ints). A view
/// that amp code makes over private or tile_static memory is another
/// struct (suffix _private or _local) whose pointer points there.
std::string CodeGenModule::lowerArrayView(const CXXRecordDecl *RD,
                                          SourceLocation Loc, AddrSpace ViewData) {
  const auto *Spec = cast<ClassTemplateSpecializationDecl>(RD);
  auto It = ArrayViewNames.find({Spec->getTypeForDecl(), ViewData});
  if (It != ArrayViewNames.end())
    return It->second;
  ViewShape Shape = *viewShape(Spec);
  QualType Elem = Shape.Element;
  unsigned Rank = Shape.Rank;
  std::string ElemName = lowerType(Elem, Loc);
  // Only global memory is shared with the host.
  std::string Layout =
      ViewData == AddrSpace::Global ? deviceLayoutMismatch(Ctx, Elem) : "";
  if (!Layout.empty())
    report(Diags, Loc, Diag::err_amp_element_layout) << Elem << Layout;
  std::string Desc = shapeType(Shape);
  std::string Name = uniqueGlobalName(
      "ampcc_view_" + std::string(Elem.isConstQualified() ? "c" : "") +
      sanitizeIdentifier(lowerType(Elem.getUnqualifiedType(), Loc)) + "_" +
      std::to_string(Rank) +
      (ViewData == AddrSpace::Global ? "" : std::string("_") + spaceName(ViewData)));
  ArrayViewNames[{Spec->getTypeForDecl(), ViewData}] = Name;
  // Robust access: where an access outside the buffer goes instead
  // (AmpLibrary.cpp, ViewMemberLowering::robustBody), and the element
  // offset of `data` in the buffer, which the kernel's prologue folds the
  // view's offset into (KernelEmitter.cpp).
  std::string Sink = robustAccess() && ViewData == AddrSpace::Global
                         ? "  __global uchar *sink;\n  int lo;\n"
                         : "";
  TypeDefs += "typedef struct " + Name + " {\n  " + addrSpaceKeyword(ViewData) + " " + ElemName +
              " *data;\n  " + Desc + " shape;\n" + Sink + "} " + Name + ";\n\n";
  return Name;
}

// --- Functions --------------------------------------------------------------

const CloneInfo &CodeGenModule::requestFunction(const CloneKey &Key,
                                                SourceLocation CallLoc) {
  auto [It, Inserted] = Clones.try_emplace(Key);
  // An empty name means the clone is being printed: a recursive call,
  // which the planner has reported already.
  if (!Inserted)
    return It->second;
  // std::map: the entry stays where it is while callees are printed.
  CloneInfo &Info = It->second;
  Info.Plan = &Planner->plan(Key, CallLoc);
  if (Info.Plan->Undefined) {
    report(Diags, CallLoc, Diag::err_amp_function_no_body) << Key.FD;
    Info.Name = "ampcc_undefined";
  } else {
    Info.Name = CloneEmitter(*this, *Info.Plan).emit();
  }
  return Info;
}

std::string CodeGenModule::baseFieldName(const CXXRecordDecl *Derived,
                                         const CXXRecordDecl *Base) {
  unsigned No = 0;
  for (const CXXBaseSpecifier &B : Derived->bases()) {
    const CXXRecordDecl *BD = B.getType()->getAsCXXRecordDecl();
    if (BD && BD->getCanonicalDecl() == Base->getCanonicalDecl())
      break;
    ++No;
  }
  return "_base" + std::to_string(No);
}

// --- Kernels ----------------------------------------------------------------

std::string CodeGenModule::finish() {
  std::string Program;
  llvm::raw_string_ostream OS(Program);
  OS << "/* OpenCL C 1.2 generated by ampcc. Do not edit. */\n";
  if (!Opts.FPContract)
    OS << "#pragma OPENCL FP_CONTRACT OFF\n";
  if (UsesDouble)
    OS << "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n";
  OS << "\n";
  // The same text is compiled for the host as C (include/ampcc/host_kernel.h
  // defines these there): in OpenCL they are what they stand for.
  if (hostKernels())
    OS << "#ifndef AMPCC_HOST\n#define AMPCC_TILE_STATIC __local\n"
          "#define AMPCC_KERNEL_PARAMS(...) (__VA_ARGS__)\n#define AMPCC_ITERATION_BARRIER() ((void)0)\n"
          "#endif\n\n";
  if (usesFaultRecord()) {
    // Sized now that every checked access is known. A skipped access
    // reads or writes scratch of its own space: the fault buffer's tail,
    // one __local block per work-group, one private block per work-item.
    OS << "typedef struct { ulong w[" << ScratchWords << "]; } ampcc_scratch;\n\n"
       << "typedef struct {\n  __global int *fault;\n  __global ampcc_scratch *global_scratch;\n"
       << "  __local ampcc_scratch *local_scratch;\n  ampcc_scratch *private_scratch;\n"
       << "  __local uint *arrivals;\n  uint barriers;\n"
       << "  int aborted; /* direct3d_errorf or direct3d_abort ended this thread */\n"
       << "} ampcc_checks;\n\n";
  }
  // Robust access: the sink buffer (the kernels' last argument) holds a
  // region for dropped writes, then one of zeros for reads.
  if (robustAccess())
    OS << "#define AMPCC_SINK_BYTES " << SinkWords * 8 << "\n\n";
  OS << TypeDefs << Bodies << KernelText;
  return Program;
}

std::string CodeGenModule::locationText(SourceLocation Loc) const {
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc PL = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (PL.isInvalid())
    return "";
  return std::string(PL.getFilename()) + ":" + std::to_string(PL.getLine()) + ":" +
         std::to_string(PL.getColumn());
}

unsigned CodeGenModule::checkSite(SourceLocation Loc, uint64_t Bytes) {
  ScratchWords = std::max<unsigned>(ScratchWords, (Bytes + 7) / 8);
  std::string Where = locationText(Loc);
  CheckSites.push_back(Where.empty() ? "<unknown>" : Where);
  return CheckSites.size() - 1;
}

const char *CodeGenModule::spaceName(AddrSpace AS) {
  return AS == AddrSpace::Global ? "global" : AS == AddrSpace::Local ? "local" : "private";
}

std::string CodeGenModule::faultReporter() {
  // The fault record (runtime/FaultChecks.cpp reads it): [0] how many bad
  // accesses, [1] taken by the first, which fills [2] its site, [3] the
  // rank, [4..6] the index and [7..9] the extent; for a tile barrier
  // reached by part of a tile, rank -1, [4] the arrivals, [7] the tile size.
  const char *Fn = "ampcc_report_fault";
  addHelper(Fn, std::string("void ") + Fn +
                    "(ampcc_checks *chk, int site, int rank, int i0, int i1, int i2, "
                    "int e0, int e1, int e2) {\n"
                    "  __global int *f = chk->fault;\n"
                    "  atomic_inc(f);\n"
                    "  if (atomic_cmpxchg(f + 1, 0, 1) != 0)\n    return;\n"
                    "  f[2] = site; f[3] = rank;\n"
                    "  f[4] = i0; f[5] = i1; f[6] = i2;\n"
                    "  f[7] = e0; f[8] = e1; f[9] = e2;\n}\n\n");
  return Fn;
}

} // namespace ampcc
