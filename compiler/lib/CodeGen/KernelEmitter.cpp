//===- KernelEmitter.cpp - the __kernel entry point of each kernel ------===//
//
// A kernel's closure (the lambda's captures or the functor's members) is
// taken apart field by field: each field becomes one or two kernel
// arguments (see CaptureInfo and ampcc::rt::CaptureDesc), and the entry
// point rebuilds the values before running the body. The compute-domain
// index is computed from get_global_id, with AMP dimension 0 (the slowest)
// mapped to OpenCL dimension N-1.
//
//===----------------------------------------------------------------------===//
#include "CodeGenModule.h"

#include "AtomicOnlyViews.h"
#include "ClonePlanner.h"
#include "DomainIndexing.h"
#include "ElementParts.h"
#include "FunctionEmitter.h"
#include "HostEntry.h"
#include "WorkItemLoops.h"
#include "ImageLowering.h"
#include "LaneLocals.h"
#include "Lowering.h"
#include "RecordLayoutCheck.h"
#include "ampcc/Support/Diagnostics.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecordLayout.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>

using namespace clang;

namespace ampcc {

namespace {

std::string kernelBaseName(const KernelSite &K) {
  std::string Base = "kernel";
  // Name kernels after the function that launches them.
  const DeclContext *DC = K.KernelType->isLambda()
                              ? K.KernelType->getDeclContext()
                              : nullptr;
  // The nearest named function: lambdas' call operators have no name.
  for (; DC; DC = DC->getParent())
    if (const auto *FD = dyn_cast<FunctionDecl>(DC))
      if (FD->getIdentifier()) {
        Base = FD->getName().str() + "_kernel";
        break;
      }
  if (!K.KernelType->isLambda() && K.KernelType->getIdentifier())
    Base = K.KernelType->getName().str() + "_kernel";
  return Base;
}

} // namespace

/// Prints one kernel's entry point: its arguments (the closure taken apart),
/// a prologue that rebuilds the closure and the compute-domain index, and
/// the body, printed from the kernel's plan.
class KernelEmitter {
public:
  /// \p ImageKernel: 0 for the kernel itself, else the number of its image
  /// form (CloneKey::ImageKernel), which passes textures as images.
  KernelEmitter(CodeGenModule &CG, const KernelSite &K, unsigned ImageKernel = 0)
      : CG(CG), Ctx(CG.Ctx), K(K), RD(K.KernelType), Op(K.CallOperator),
        Loc(RD->isLambda() ? RD->getLocation() : K.Call->getBeginLoc()),
        Plan(CG.Planner->planKernel(Op, ImageKernel)), FE(CG, Plan),
        ImageKernel(ImageKernel) {}

  void emit();
  /// Some capture can be an OpenCL image: the kernel has an image form.
  bool hasImageCaptures() const { return HasImageCaptures; }

private:
  /// The kernel's name, closure size, rank, tile and source location.
  void describe();
  /// Lambdas: maps each closure field back to the variable it captures, so
  /// the body can keep using the variables' names.
  void mapCaptureFields();
  /// The name of the argument or local holding field \p F.
  std::string captureName(const FieldDecl *F) const;
  /// \p Base, or a variant of it no capture or earlier argument takes.
  std::string fresh(std::string Base);
  /// Every closure field, as arguments and the prologue that rebuilds it.
  void closure();
  /// One captured value at closure offset \p Offset, stored into the C
  /// lvalue \p Dest; \p Local when Dest is a lambda capture the prologue
  /// must declare.
  void flatten(QualType FT, uint64_t Offset, const std::string &Dest,
               const std::string &ArgBase, SourceLocation FLoc, bool ByRefArray,
               bool Local);
  /// The compute-domain index parameter, computed from the work-item ids.
  void computeIndex();
  /// Checked mode: the fault buffer argument (always the last) and the
  /// checking state every function receives.
  void checkState();
  /// Robust access: the sink buffer argument (after the fault buffer, the
  /// last), which every view of the kernel's buffers carries.
  std::string sinkName() {
    if (SinkName.empty())
      SinkName = fresh("ampcc_sink");
    return SinkName;
  }
  /// The body, with tile_static storage hoisted to kernel scope.
  std::string body();
  std::string signature() const;

  CodeGenModule &CG;
  ASTContext &Ctx;
  const KernelSite &K;
  const CXXRecordDecl *RD;
  const CXXMethodDecl *Op;
  SourceLocation Loc;
  /// Step one: where the body's references and pointers point, and the
  /// clones it calls (ClonePlanner.h).
  const FunctionPlan Plan;
  FunctionEmitter FE;

  EmittedKernel EK;
  std::vector<std::string> Params;
  std::string Prologue;
  /// Where computeIndex's statements start in Prologue.
  size_t IndexStart = 0;
  /// Host kernels: the body of the tile function (WorkItemLoops.h), or "".
  std::string Loops;
  const std::string SelfName = "_self";
  llvm::DenseMap<const FieldDecl *, const ValueDecl *> FieldVars;
  /// Names of captures and generated arguments ("v_data").
  llvm::StringSet<> Taken;
  std::string IdxName = "_idx";
  const ValueDecl *CurrentCapture = nullptr; // For messages.
  unsigned ImageKernel = 0;
  bool HasImageCaptures = false;
  std::string SinkName;
  /// Each view captured whole (a View or ArrayRef capture of its own):
  /// its capture's index in EK.Captures, for DomainIndexing's flags.
  llvm::DenseMap<const FieldDecl *, size_t> ViewCaptures;
  /// Each field captured as one 4-byte integer: its capture's index, for
  /// the launch-time facts of IndexRanges.
  llvm::DenseMap<const FieldDecl *, size_t> ScalarCaptures;
  /// Host kernels: the views the kernel updates only atomically
  /// (AtomicOnlyViews.h).
  std::optional<AtomicOnlyViews> AtomicOnly;
};

void KernelEmitter::describe() {
  EK.TypeName = typeInfoName(Ctx, RD);
  EK.KernelName = CG.uniqueGlobalName(kernelBaseName(K) + (ImageKernel ? "_img" : ""));
  EK.Rank = K.Rank;
  for (unsigned I = 0; I < 3; ++I)
    EK.Tile[I] = K.Tile[I];
  EK.ClosureSize = Ctx.getASTRecordLayout(RD).getSize().getQuantity();
  EK.Location = CG.locationText(K.Call->getBeginLoc());
}

void KernelEmitter::mapCaptureFields() {
  if (!RD->isLambda())
    return;
  llvm::DenseMap<const ValueDecl *, FieldDecl *> CaptureFields;
  FieldDecl *ThisField = nullptr;
  RD->getCaptureFields(CaptureFields, ThisField);
  for (auto &P : CaptureFields)
    FieldVars[P.second] = P.first;
  if (ThisField) {
    assert(false && "the restriction checker rejects capturing 'this'");
    report(CG.Diags, ThisField->getLocation(), Diag::err_amp_unchecked) << 3 << "'this'";
  }
}

std::string KernelEmitter::captureName(const FieldDecl *F) const {
  const ValueDecl *Var = FieldVars.lookup(F);
  return CodeGenModule::safeLocalName(
      Var ? Var->getName() : (F->getIdentifier() ? F->getName() : "_field"));
}

std::string KernelEmitter::fresh(std::string Base) {
  while (!Taken.insert(Base).second)
    Base += "_";
  return Base;
}

void KernelEmitter::closure() {
  if (!RD->isLambda())
    Prologue += "  " + CG.lowerRecord(RD, Loc) + " " + SelfName + ";\n";
  for (const FieldDecl *F : RD->fields())
    Taken.insert(captureName(F));
  const ASTRecordLayout &Layout = Ctx.getASTRecordLayout(RD);
  for (const FieldDecl *F : RD->fields()) {
    const ValueDecl *Var = FieldVars.lookup(F);
    std::string Name = captureName(F);
    std::string Dest = RD->isLambda() ? Name : SelfName + "." + Name;
    uint64_t Offset = Layout.getFieldOffset(F->getFieldIndex()) / 8;
    QualType FT = F->getType();
    SourceLocation FLoc = Var ? Var->getLocation() : F->getLocation();

    bool ByRefArray = false;
    if (FT->isReferenceType()) {
      // concurrency::array and graphics::texture are the things captured by
      // reference (spec §2.4.3, §10.1).
      const CXXRecordDecl *Ref = FT->getPointeeType()->getAsCXXRecordDecl();
      ByRefArray = Ref && isArrayOrTexture(FT->getPointeeType());
      if (ByRefArray)
        FT = FT->getPointeeType();
    }
    // The restriction checker allows only arrays by reference, and no
    // pointers (CaptureRules.cpp).
    if (FT->isReferenceType() || FT->isPointerType()) {
      assert(false && "the restriction checker rejects this capture");
      report(CG.Diags, FLoc, Diag::err_amp_unchecked) << 3 << (Var ? Var : F);
      continue;
    }
    CurrentCapture = Var ? Var : F;
    size_t First = EK.Captures.size(), FirstParam = Params.size();
    flatten(FT, Offset, Dest, Name, FLoc, ByRefArray, RD->isLambda());
    bool WholeView = EK.Captures.size() == First + 1 &&
                     EK.Captures[First].Kind != rt::CaptureKind::Value &&
                     EK.Captures[First].Kind != rt::CaptureKind::Bool;
    // Such a view's data pointer, its first argument, is the one the host
    // backend may replace by a thread's own copy.
    if (unsigned Kind = AtomicOnly ? AtomicOnly->kindOf(F) : 0) {
      if (WholeView) {
        EK.HostOwned.resize(std::max(EK.HostOwned.size(), FirstParam + 1));
        EK.HostOwned[FirstParam] = static_cast<unsigned char>(Kind);
      } else {
        AtomicOnly->drop(F);
      }
    }
    if (WholeView)
      ViewCaptures[F] = First;
    else if (EK.Captures.size() == First + 1 &&
             EK.Captures[First].Kind == rt::CaptureKind::Value && FT->isIntegerType() &&
             EK.Captures[First].Size == 4)
      ScalarCaptures[F] = First;
    if (Var)
      FE.bindVar(Var, Name);
  }
}

// Views become a data pointer and a shape argument; a class that holds
// views (in fields, bases or arrays) is taken apart member by member, since
// OpenCL kernel arguments cannot contain pointers and the host's view
// objects are laid out differently anyway; anything else is passed as its
// bytes.
void KernelEmitter::flatten(QualType FT, uint64_t Offset, const std::string &Dest,
                            const std::string &ArgBase, SourceLocation FLoc,
                            bool ByRefArray, bool Local) {
  const CXXRecordDecl *FRD = FT->getAsCXXRecordDecl();
  CaptureInfo CI;
  CI.Offset = Offset;
  CI.Name = ArgBase;
  if (std::optional<ViewShape> View = viewShape(FRD)) {
    QualType Elem = View->Element;
    CI.Kind = ByRefArray ? rt::CaptureKind::ArrayRef : rt::CaptureKind::View;
    CI.Rank = View->Rank;
    CI.Size = Ctx.getTypeSizeInChars(Elem).getQuantity();
    // A const array captured by reference is read-only too; a const
    // array_view is not (its elements stay writable).
    if (Elem.isConstQualified() || (ByRefArray && FT.isConstQualified()))
      CI.Flags |= rt::CF_ReadOnly;
    if (View->IsTexture)
      CI.Flags |= rt::CF_Texture;
    std::optional<ImageSlot> Image = imageSlotFor(Ctx, FT, ByRefArray);
    if (Image) {
      HasImageCaptures = true;
      CI.Flags |= (Image->Write ? rt::CF_ImageWrite : rt::CF_ImageRead) |
                  (Image->Kind == 'i'   ? rt::CF_ImageInt
                   : Image->Kind == 'u' ? rt::CF_ImageUint
                                        : 0);
    }
    std::string ViewTy = CG.lowerType(FT.getUnqualifiedType(), FLoc);
    std::string Data = fresh(ArgBase + "_data"), Shape = fresh(ArgBase + "_shape");
    Params.push_back(CG.pointerTo(Elem, AddrSpace::Global, FLoc) + Data);
    Params.push_back(CG.shapeType(*View) + " " + Shape);
    if (Local)
      Prologue += "  " + ViewTy + " " + Dest + ";\n";
    // The view's offset goes into its pointer once, here, through integer
    // arithmetic: NVIDIA's compiler merges a plain pointer addition back
    // into every access's address (a 64-bit sign extension, add and shift
    // each: the untiled moving average ran at 0.54x CUDA), which the casts
    // keep it from doing. Element address = data + off + linear index holds
    // either way, in 64 bits. Not for images (off names the image slot) or
    // textures (their levels are found from off). Robust access keeps the
    // folded offset in `lo`: its bound counts from the buffer's start
    // (the untiled moving average ran 1.74x slower on an H200 unfolded).
    bool FoldOffset = !View->IsTexture && !Image;
    std::string PtrTy = CG.pointerTo(Elem, AddrSpace::Global, FLoc);
    Prologue += "  " + Dest + ".data = " +
                (FoldOffset ? "(" + PtrTy + ")((ulong)" + Data + " + (ulong)(long)" + Shape +
                                  ".off * sizeof(*" + Data + "))"
                            : Data) +
                ";\n";
    Prologue += "  " + Dest + ".shape = " + Shape + ";\n";
    if (CG.robustAccess())
      Prologue += "  " + Dest + ".lo = " + (FoldOffset ? Shape + ".off" : "0") + ";\n";
    if (FoldOffset)
      Prologue += "  " + Dest + ".shape.off = 0;\n";
    if (CG.robustAccess())
      Prologue += "  " + Dest + ".sink = " + sinkName() + ";\n";
    if (Image && ImageKernel) {
      // The struct names its image by slot (ImageLowering.cpp).
      std::vector<ImageSlot> &Slots = CG.ImageKernels[ImageKernel];
      std::string Slot = std::to_string(Slots.size());
      Params.push_back(imageParamType(*Image) + " ampcc_img" + Slot);
      Prologue += "  " + Dest + ".shape.off = -1 - " + Slot + ";\n";
      Slots.push_back(*Image);
    }
  } else if (holdsAmpContainer(FT)) {
    if (Local)
      Prologue += "  " + CG.declare(FT.getUnqualifiedType(), Dest, FLoc) + ";\n";
    if (const auto *AT = Ctx.getAsConstantArrayType(FT)) {
      uint64_t ElemSize = Ctx.getTypeSizeInChars(AT->getElementType()).getQuantity();
      for (uint64_t I = 0, N = AT->getSize().getZExtValue(); I < N; ++I)
        flatten(AT->getElementType(), Offset + I * ElemSize,
                Dest + "[" + std::to_string(I) + "]", ArgBase + "_" + std::to_string(I),
                FLoc, false, false);
      return;
    }
    const ASTRecordLayout &L = Ctx.getASTRecordLayout(FRD);
    for (const CXXBaseSpecifier &B : FRD->bases()) {
      const CXXRecordDecl *BRD = B.getType()->getAsCXXRecordDecl();
      std::string Field = CodeGenModule::baseFieldName(FRD, BRD);
      flatten(B.getType(), Offset + L.getBaseClassOffset(BRD).getQuantity(),
              Dest + "." + Field, ArgBase + Field, FLoc, false, false);
    }
    for (const FieldDecl *F : FRD->fields()) {
      std::string Field = CodeGenModule::fieldName(F);
      flatten(F->getType(), Offset + L.getFieldOffset(F->getFieldIndex()) / 8,
              Dest + "." + Field, ArgBase + "_" + Field, F->getLocation(), false, false);
    }
    return;
  } else if (FT->isBooleanType()) {
    CI.Kind = rt::CaptureKind::Bool;
    CI.Size = 1;
    std::string Arg = fresh(ArgBase + "_arg");
    Params.push_back("int " + Arg);
    Prologue += "  " + std::string(Local ? "bool " : "") + Dest + " = " + Arg + " != 0;\n";
  } else {
    CI.Kind = rt::CaptureKind::Value;
    CI.Size = Ctx.getTypeSizeInChars(FT).getQuantity();
    // The bytes are copied as they are: both sides must lay them out alike.
    std::string Layout = deviceLayoutMismatch(Ctx, FT);
    if (!Layout.empty())
      report(CG.Diags, FLoc, Diag::err_amp_capture_layout) << CurrentCapture << Layout;
    if (Local) {
      Params.push_back(CG.declare(FT.getUnqualifiedType(), Dest, FLoc));
    } else {
      std::string Arg = fresh(ArgBase + "_arg");
      Params.push_back(CG.declare(FT.getUnqualifiedType(), Arg, FLoc));
      Prologue += "  " + Dest + " = " + Arg + ";\n";
    }
  }
  EK.Captures.push_back(CI);
}

void KernelEmitter::computeIndex() {
  IndexStart = Prologue.size();
  // Untiled kernels of rank 1 to 3 get the compute domain too: the runtime
  // rounds their launch up to a work-group shape of its choosing
  // (runtime/Launch.cpp), and the work-items past the domain leave at once.
  // They hold no barrier, so leaving early is safe.
  if (!K.Tiled && K.Rank <= 3) {
    std::string Domain = fresh("_domain");
    std::string DomainTy = "ampcc_domain" + std::to_string(K.Rank);
    CG.addTypeDef(DomainTy, "typedef struct { int ext[" + std::to_string(K.Rank) +
                                "]; } " + DomainTy + ";\n\n");
    Params.push_back(DomainTy + " " + Domain);
    std::string Outside;
    for (unsigned D = 0; D < K.Rank; ++D)
      Outside += std::string(D ? " || " : "") + "get_global_id(" +
                 std::to_string(K.Rank - 1 - D) + ") >= (size_t)" + Domain + ".ext[" +
                 std::to_string(D) + "]";
    // The host backend runs exactly the domain (runtime/backends/host:
    // no work-group shape to round up to), and there the guard would make
    // the vectoriser mask every load and store of the loop over a row,
    // which without AVX-512 is vmaskmovps, microcoded on AMD's cores (saxpy
    // took 4x OpenMP's time).
    Prologue += "#ifndef AMPCC_HOST\n  if (" + Outside + ")\n    return;\n#endif\n";
  }
  const ParmVarDecl *IdxParam = Op->getNumParams() ? Op->getParamDecl(0) : nullptr;
  if (!IdxParam)
    return;
  if (IdxParam->getIdentifier())
    IdxName = CodeGenModule::safeLocalName(IdxParam->getName());
  std::string IdxTy = CG.lowerType(
      IdxParam->getType().getNonReferenceType().getUnqualifiedType(),
      IdxParam->getLocation());
  Prologue += "  " + IdxTy + " " + IdxName + ";\n";
  const CXXRecordDecl *IdxRD = IdxParam->getType().getNonReferenceType()->getAsCXXRecordDecl();
  auto Fill = [&](const std::string &Dest, const char *Builtin) {
    for (unsigned D = 0; D < K.Rank; ++D)
      Prologue += "  " + coordinate(Dest, D) + " = (int)" + Builtin + "(" +
                  std::to_string(K.Rank - 1 - D) + ");\n";
  };
  if (isAmpClass(IdxRD, "tiled_index")) {
    const std::string Global = IdxName + "." + CodeGenModule::safeLocalName("global");
    const std::string Local = IdxName + "." + CodeGenModule::safeLocalName("local");
    Fill(Global, "get_global_id");
    Fill(Local, "get_local_id");
    Fill(IdxName + ".tile", "get_group_id");
    for (unsigned D = 0; D < K.Rank; ++D)
      Prologue += "  " + coordinate(IdxName + ".tile_origin", D) + " = " +
                  coordinate(Global, D) + " - " + coordinate(Local, D) + ";\n";
  } else if (K.Rank <= 3) {
    Fill(IdxName, "get_global_id");
  } else {
    // Rank > 3 (runtime_api.h): AMP's last two dimensions are OpenCL's 0
    // and 1, the leading ones are folded row-major into OpenCL dimension
    // 2, and the domain arrives as a trailing argument to unfold them.
    std::string Domain = fresh("_domain");
    std::string DomainTy = "ampcc_domain" + std::to_string(K.Rank);
    CG.addTypeDef(DomainTy, "typedef struct { int ext[" + std::to_string(K.Rank) +
                                "]; } " + DomainTy + ";\n\n");
    Params.push_back(DomainTy + " " + Domain);
    Prologue += "  " + coordinate(IdxName, K.Rank - 1) + " = (int)get_global_id(0);\n";
    Prologue += "  " + coordinate(IdxName, K.Rank - 2) + " = (int)get_global_id(1);\n";
    Prologue += "  {\n    size_t _folded = get_global_id(2);\n";
    for (int D = int(K.Rank) - 3; D >= 0; --D) {
      std::string DS = std::to_string(D);
      Prologue += "    " + coordinate(IdxName, D) + " = (int)(_folded % (size_t)" +
                  Domain + ".ext[" + DS + "]);\n";
      if (D)
        Prologue += "    _folded /= (size_t)" + Domain + ".ext[" + DS + "];\n";
    }
    Prologue += "  }\n";
  }
  FE.bindVar(IdxParam, IdxName);
}

void KernelEmitter::checkState() {
  if (!CG.usesFaultRecord())
    return;
  // The runtime passes a zeroed buffer: the fault record, then global
  // scratch (CodeGenModule::faultReporter, runtime/FaultChecks.cpp).
  Taken.insert(CheckStateName);
  std::string Fault = fresh("ampcc_fault");
  Params.push_back("__global int *" + Fault);
  std::string Local = fresh("ampcc_local_scratch"), Private = fresh("ampcc_private_scratch"),
              State = fresh("ampcc_check_state"), Arrivals = "0";
  std::string TileStatic = CG.tileStaticStorageClass();
  Prologue += "  " + TileStatic + " ampcc_scratch " + Local + ";\n  ampcc_scratch " +
              Private + ";\n";
  // Tiled kernels count each barrier's arrivals (checkedBarrier): __local
  // memory starts undefined, so one work-item zeroes the counters and a
  // barrier, which the whole tile reaches, publishes them.
  if (K.Tiled && CG.checksBounds()) {
    Arrivals = fresh("ampcc_arrivals");
    Prologue += "  " + TileStatic + " uint " + Arrivals + "[2];\n"
                "  if (get_local_id(0) == 0 && get_local_id(1) == 0 && get_local_id(2) == 0)\n"
                "    " + Arrivals + "[0] = " + Arrivals + "[1] = 0;\n"
                "  barrier(CLK_LOCAL_MEM_FENCE);\n";
  }
  Prologue += "  ampcc_checks " + State + " = {" + Fault + ", (__global ampcc_scratch *)(" +
              Fault + " + 32), &" + Local + ", &" + Private + ", " + Arrivals +
              ", 0, 0};\n  ampcc_checks *" + CheckStateName + " = &" + State + ";\n";
}

std::string KernelEmitter::body() {
  // A functor's `this` is the rebuilt object.
  if (!RD->isLambda())
    FE.setThis({true, "(&" + SelfName + ")"});
  // The body runs inline in the kernel, so its tile_static variables can be
  // declared at kernel scope; every name the kernel declares itself is
  // reserved, so hoisted storage cannot be shadowed by (or clash with) one.
  struct LocalNames : RecursiveASTVisitor<LocalNames> {
    llvm::StringSet<> Names;
    bool VisitVarDecl(VarDecl *VD) {
      if (!VD->hasAttr<CUDASharedAttr>())
        Names.insert(CodeGenModule::safeLocalName(VD->getName()));
      return true;
    }
  } Locals;
  Locals.TraverseStmt(Op->getBody());
  for (const auto &N : Taken)
    Locals.Names.insert(N.getKey());
  Locals.Names.insert(IdxName);
  std::string TileStatics, LoopTileStatics;
  llvm::StringSet<> LoopNames = Locals.Names;
  FE.hoistTileStaticInto(&TileStatics, std::move(Locals.Names));
  // Robust access: which captures the body indexes with the thread's own
  // index, and how (DomainIndexing.h).
  std::optional<DomainIndexing> Domain;
  if (CG.robustAccess()) {
    llvm::DenseMap<const ValueDecl *, const FieldDecl *> FieldOfVar;
    for (const auto &[F, Var] : FieldVars)
      FieldOfVar[Var] = F;
    llvm::DenseMap<const FieldDecl *, unsigned> CaptureOf;
    for (const auto *Captures : {&ViewCaptures, &ScalarCaptures})
      for (const auto &[F, I] : *Captures)
        CaptureOf[F] = unsigned(I);
    Domain.emplace(Ctx, CG.mutations(), Op, std::move(FieldOfVar), std::move(CaptureOf));
    FE.setDomainIndexing(&*Domain);
  }
  // Host kernels: a copy of the emitter, before it prints, prints the body
  // again as work-item loops where it can (WorkItemLoops.h).
  std::optional<FunctionEmitter> LoopsFE;
  if (AtomicOnly)
    FE.setAtomicOnlyViews(&*AtomicOnly);
  if (CG.hostKernels() && K.Tiled && !ImageKernel && !CG.usesFaultRecord())
    LoopsFE.emplace(FE);
  FE.emitStmt(Op->getBody());
  if (LoopsFE) {
    LoopsFE->hoistTileStaticInto(&LoopTileStatics, std::move(LoopNames));
    unsigned Tile[3];
    for (unsigned D = 0; D < 3; ++D)
      Tile[D] = D < K.Rank ? K.Tile[K.Rank - 1 - D] : 1;
    WorkItemLoops W(std::move(*LoopsFE), Op, Tile, Prologue.substr(IndexStart));
    if (W.plan(Op->getBody())) {
      std::string Code = W.print(Op->getBody());
      Loops = LoopTileStatics + Code;
    }
  }
  FE.setDomainIndexing(nullptr);
  FE.setAtomicOnlyViews(nullptr);
  EK.TileStaticBytes = FE.hoistedBytes();
  if (Domain) {
    for (const auto &[F, I] : ViewCaptures)
      EK.Captures[I].Flags |= Domain->flagsFor(F);
    EK.RangeProof = Domain->rangeProof();
  }
  return TileStatics + FE.temporaryDecls() + FE.output();
}

std::string KernelEmitter::signature() const {
  std::string Sig = "__kernel ";
  if (K.Tiled) {
    // The tile is known at compile time: telling the OpenCL compiler lets it
    // specialise for the work-group size (OpenCL dimension 0 = AMP's last).
    Sig += "__attribute__((reqd_work_group_size(";
    for (unsigned D = 0; D < 3; ++D)
      Sig += (D ? ", " : "") + std::to_string(D < K.Rank ? K.Tile[K.Rank - 1 - D] : 1);
    Sig += "))) ";
  }
  // Host kernels take the work-item's ids first (host_kernel.h).
  Sig += "void " + EK.KernelName + (CG.hostKernels() ? " AMPCC_KERNEL_PARAMS(" : "(");
  for (unsigned I = 0; I < Params.size(); ++I)
    Sig += (I ? ", " : "") + Params[I];
  if (Params.empty() && !CG.hostKernels())
    Sig += "void";
  return Sig + ")";
}

void KernelEmitter::emit() {
  reportMixedSpaces(CG.Diags, Plan);
  describe();
  mapCaptureFields();
  if (CG.hostKernels() && !ImageKernel) {
    llvm::DenseMap<const ValueDecl *, const FieldDecl *> FieldOfVar;
    for (const auto &[F, Var] : FieldVars)
      FieldOfVar[Var] = F;
    AtomicOnly.emplace(Op, FieldOfVar);
  }
  closure();
  computeIndex();
  checkState();
  if (CG.robustAccess())
    Params.push_back("__global uchar *" + sinkName());
  std::string Body = body();
  std::string Text =
      CG.lineDirective(Loc) + "\n" + signature() + " {\n" + Prologue + Body + "}\n\n";
  EK.NumParams = Params.size();
  if (!EK.HostOwned.empty())
    EK.HostOwned.resize(Params.size());
  if (!Loops.empty()) {
    // The tile function: the captures rebuilt once, then the loops.
    std::string Sig = "static inline __attribute__((always_inline)) void " +
                      EK.KernelName + "__loops(const ampcc_item ampcc_tile";
    for (const std::string &P : Params)
      Sig += ", " + P;
    Text += "#ifdef AMPCC_HOST\n" + Sig + ") {\n" + Prologue.substr(0, IndexStart) + Loops +
            "}\n#endif\n\n";
    EK.HostTileLoops = true;
  }
  if (CG.hostKernels() && !ImageKernel)
    EK.HostEntry = hostEntry(EK.KernelName, Params, K.Tiled, EK.HostTileLoops,
                             !K.Tiled && (reachesLaneLocals(Ctx, Op) || writesElementParts(Op) ||
                                          !EK.HostOwned.empty()));
  if (ImageKernel) {
    // The image form of the kernel just emitted: one descriptor for both.
    CG.KernelText += "#ifdef __IMAGE_SUPPORT__\n" + Text + "#endif\n\n";
    CG.Kernels.back().ImageKernelName = EK.KernelName;
    return;
  }
  CG.KernelText += Text;
  CG.Kernels.push_back(std::move(EK));
}

void CodeGenModule::emitKernel(const KernelSite &K) {
  if (K.Rank < 1 || (K.Tiled && K.Rank > 3)) {
    report(Diags, K.Call->getBeginLoc(), Diag::err_amp_rank_unsupported) << K.Rank;
    return;
  }
  KernelEmitter Buffers(*this, K);
  Buffers.emit();
  // Textures a kernel only reads or only writes may also run on OpenCL
  // images; the runtime picks the form per launch (docs/graphics.md).
  if (Buffers.hasImageCaptures() && !hadError()) {
    unsigned Id = unsigned(ImageKernels.size()) + 1;
    ImageKernels[Id];
    KernelEmitter(*this, K, Id).emit();
  }
}

} // namespace ampcc
