//===- ImageLowering.cpp - textures on OpenCL images -------------------===//
//
// OpenCL C 1.2 allows images only as kernel and function parameters: not in
// structs, not in program-scope variables, not in locals. So a texture
// struct keeps its buffer pointer and shape, and names its image by number:
// the image form of a kernel sets `shape.off = -1 - slot` for each texture
// it passes as image `ampcc_img<slot>`, and every function of that form
// takes all of the kernel's images as trailing parameters. The intrinsics
// below pick the image by that number at run time, so a texture struct may
// be copied, stored in a local or passed to any function: wherever it goes,
// its number still names the right image. Buffer-backed textures keep
// `shape.off >= 0` (textures have no offset), and the header tests
// `_M_image()` before using the image intrinsics.
//
//===----------------------------------------------------------------------===//
#include "ImageLowering.h"

#include "FunctionEmitter.h"
#include "Lowering.h"

#include "ampcc/Analysis/AmpModel.h"

using namespace clang;

namespace ampcc {

namespace {

/// The channel type and count of a texel type OpenCL images can hold.
std::optional<std::pair<char, unsigned>> imageTexel(QualType Elem) {
  Elem = Elem.getUnqualifiedType().getCanonicalType();
  if (Elem->isSpecificBuiltinType(BuiltinType::Float))
    return std::make_pair('f', 1u);
  if (Elem->isSpecificBuiltinType(BuiltinType::Int))
    return std::make_pair('i', 1u);
  if (Elem->isSpecificBuiltinType(BuiltinType::UInt))
    return std::make_pair('u', 1u);
  const CXXRecordDecl *RD = Elem->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier() || !isInAmpNamespace(RD))
    return std::nullopt;
  StringRef Name = RD->getName();
  unsigned Channels = 1;
  if (Name.consume_back("_2"))
    Channels = 2;
  else if (Name.consume_back("_4"))
    Channels = 4;
  else if (Name.ends_with("_3"))
    return std::nullopt; // OpenCL has no three-channel 32-bit formats
  if (Name == "float" || Name == "norm" || Name == "unorm")
    return std::make_pair('f', Channels);
  if (Name == "int" && Channels > 1)
    return std::make_pair('i', Channels);
  if (Name == "uint" && Channels > 1)
    return std::make_pair('u', Channels);
  return std::nullopt;
}

const char *vectorType(char Kind) {
  return Kind == 'f' ? "float4" : Kind == 'i' ? "int4" : "uint4";
}
const char *suffix(char Kind) { return Kind == 'f' ? "f" : Kind == 'i' ? "i" : "ui"; }

/// The integer image coordinate of index `i`: OpenCL's x is AMP's
/// fastest dimension, N-1.
std::string texelCoord(unsigned Rank) {
  if (Rank == 1)
    return coordinate("i", 0);
  if (Rank == 2)
    return "(int2)(" + coordinate("i", 1) + ", " + coordinate("i", 0) + ")";
  return "(int4)(" + coordinate("i", 2) + ", " + coordinate("i", 1) + ", " +
         coordinate("i", 0) + ", 0)";
}

/// The normalized coordinate of the coordinates_type value `c`.
std::string sampleCoord(unsigned Rank) {
  if (Rank == 1)
    return "c";
  if (Rank == 2)
    return "(float2)(c._M_x, c._M_y)";
  return "(float4)(c._M_x, c._M_y, c._M_z, 0.0f)";
}

std::string guarded(const std::string &Code) {
  return "#ifdef __IMAGE_SUPPORT__\n" + Code + "#endif\n\n";
}

/// The texture classes' sampler modes (include/ampcc/graphics/sampler.h)
/// as OpenCL sampler bits.
const char *const FilterBits[] = {"CLK_FILTER_NEAREST", "CLK_FILTER_LINEAR"};
const char *const AddressBits[] = {"CLK_ADDRESS_REPEAT", "CLK_ADDRESS_MIRRORED_REPEAT",
                                   "CLK_ADDRESS_CLAMP_TO_EDGE", "CLK_ADDRESS_CLAMP"};

class ImageIntrinsic {
public:
  ImageIntrinsic(FunctionEmitter &FE, CodeGenModule &CG, const CXXMethodDecl *MD,
                 const std::string &Obj, ArrayRef<const Expr *> Args, SourceLocation Loc)
      : FE(FE), CG(CG), MD(MD), Obj(Obj), Args(Args), Loc(Loc),
        Shape(*viewShape(MD->getParent())), K(FE.imageKernel()),
        View(CG.lowerType(QualType(MD->getParent()->getTypeForDecl(), 0), Loc)) {}

  std::string lower() {
    StringRef Name = MD->getName();
    if (Name == "_M_image")
      return K ? "(" + Obj + ".shape.off < 0)" : "0";
    if (Name == "_M_read_image")
      return read();
    if (Name == "_M_write_image")
      return write();
    return sample();
  }

private:
  std::string argType(unsigned I) const {
    return CG.lowerType(Args[I]->getType().getNonReferenceType().getUnqualifiedType(), Loc);
  }
  std::string call(const std::string &Fn) const {
    std::string S = Fn + "(" + Obj;
    for (const Expr *A : Args)
      S += ", " + FE.expr(A);
    return S + CG.imageArgs(K) + ")";
  }
  /// In functions outside image kernels the image intrinsics are never
  /// reached (`_M_image()` is 0 there), but must still be valid C.
  std::string zero() {
    std::string R = CG.lowerType(MD->getReturnType(), Loc);
    std::string Fn = "ampcc_zero_" + R;
    CG.addHelper(Fn, R + " " + Fn + "(void) {\n  " + R + " r = {0};\n  return r;\n}\n\n");
    return Fn + "()";
  }
  /// The slots of this kernel a texture of this class can name.
  template <typename F> void forSlots(bool Write, F Each) const {
    auto Texel = imageTexel(Shape.Element);
    const std::vector<ImageSlot> &Slots = CG.imageSlots(K);
    for (unsigned S = 0; S < Slots.size(); ++S)
      if (Texel && Slots[S].Write == Write && Slots[S].Rank == Shape.Rank &&
          Slots[S].Kind == Texel->first && Slots[S].Channels == Texel->second)
        Each(S, Slots[S]);
  }
  char kind() const {
    auto Texel = imageTexel(Shape.Element);
    return Texel ? Texel->first : 'f';
  }

  std::string read() {
    if (!K)
      return zero();
    std::string R = CG.lowerType(MD->getReturnType(), Loc);
    std::string Fn = "ampcc_image_read" + std::to_string(K) + "_" + View;
    std::string V = vectorType(kind());
    std::string Body = "  " + V + " t = (" + V + ")(0);\n  int s = -1 - v.shape.off;\n";
    forSlots(false, [&](unsigned S, const ImageSlot &) {
      Body += "  if (s == " + std::to_string(S) + ")\n    t = read_image" + suffix(kind()) +
              "(ampcc_img" + std::to_string(S) + ", " + texelCoord(Shape.Rank) + ");\n";
    });
    Body += "  " + R + " r;\n  r._M_x = t.x;\n  r._M_y = t.y;\n  r._M_z = t.z;\n"
            "  r._M_w = t.w;\n  return r;\n";
    CG.addHelper(Fn, guarded(R + " " + Fn + "(" + View + " v, " + argType(0) + " i" +
                             CG.imageParams(K) + ") {\n" + Body + "}\n"));
    return call(Fn);
  }

  std::string write() {
    if (!K)
      return "((void)0)";
    std::string Fn = "ampcc_image_write" + std::to_string(K) + "_" + View;
    std::string V = vectorType(kind());
    std::string Body = "  " + V + " t = (" + V +
                       ")(x._M_x, x._M_y, x._M_z, x._M_w);\n  int s = -1 - v.shape.off;\n";
    forSlots(true, [&](unsigned S, const ImageSlot &) {
      Body += "  if (s == " + std::to_string(S) + ")\n    write_image" + suffix(kind()) +
              "(ampcc_img" + std::to_string(S) + ", " + texelCoord(Shape.Rank) + ", t);\n";
    });
    CG.addHelper(Fn, guarded("void " + Fn + "(" + View + " v, " + argType(0) + " i, " +
                             argType(1) + " x" + CG.imageParams(K) + ") {\n" + Body +
                             "}\n"));
    return call(Fn);
  }

  /// Hardware filtering and addressing: one constant sampler per mode pair
  /// (sampler_t values cannot be chosen at run time), picked by branches.
  std::string sample() {
    if (!K)
      return zero();
    std::string R = CG.lowerType(MD->getReturnType(), Loc);
    std::string Fn = "ampcc_image_sample" + std::to_string(K) + "_" + View;
    std::string Body = "  float4 t = (float4)(0.0f);\n  int s = -1 - v.shape.off;\n";
    forSlots(false, [&](unsigned S, const ImageSlot &) {
      Body += "  if (s == " + std::to_string(S) + ") {\n";
      for (unsigned F = 0; F < 2; ++F)
        for (unsigned A = 0; A < 4; ++A) {
          std::string Smp = "ampcc_sampler_" + std::to_string(F) + "_" + std::to_string(A);
          CG.addTypeDef(Smp, guarded("__constant sampler_t " + Smp +
                                     " = CLK_NORMALIZED_COORDS_TRUE | " + AddressBits[A] +
                                     " | " + FilterBits[F] + ";\n"));
          Body += "    if (f == " + std::to_string(F) + " && a == " + std::to_string(A) +
                  ")\n      t = read_imagef(ampcc_img" + std::to_string(S) + ", " + Smp +
                  ", " + sampleCoord(Shape.Rank) + ");\n";
        }
      Body += "  }\n";
    });
    Body += "  " + R + " r;\n  r._M_x = t.x;\n  r._M_y = t.y;\n  r._M_z = t.z;\n"
            "  r._M_w = t.w;\n  return r;\n";
    CG.addHelper(Fn, guarded(R + " " + Fn + "(" + View + " v, int f, int a, " + argType(2) +
                             " c" + CG.imageParams(K) + ") {\n" + Body + "}\n"));
    return call(Fn);
  }

  FunctionEmitter &FE;
  CodeGenModule &CG;
  const CXXMethodDecl *MD;
  const std::string &Obj;
  ArrayRef<const Expr *> Args;
  SourceLocation Loc;
  ViewShape Shape;
  unsigned K;
  std::string View;
};

} // namespace

std::optional<ImageSlot> imageSlotFor(ASTContext &Ctx, QualType FT, bool ByRef) {
  const CXXRecordDecl *RD = FT->getAsCXXRecordDecl();
  if (!RD || !isTextureClass(RD))
    return std::nullopt;
  std::optional<ViewShape> Shape = viewShape(RD);
  if (!Shape)
    return std::nullopt;
  ImageSlot S;
  S.Rank = Shape->Rank;
  bool Read = (isAmpClass(RD, "texture_view") && Shape->Element.isConstQualified()) ||
              (ByRef && isAmpClass(RD, "texture") && FT.isConstQualified());
  S.Write = isAmpClass(RD, "writeonly_texture_view") && S.Rank <= 2;
  auto Texel = imageTexel(Shape->Element);
  if ((!Read && !S.Write) || !Texel)
    return std::nullopt;
  S.Kind = Texel->first;
  S.Channels = Texel->second;
  return S;
}

std::string imageParamType(const ImageSlot &S) {
  return std::string(S.Write ? "__write_only " : "__read_only ") + "image" +
         std::to_string(S.Rank) + "d_t";
}

bool isImageIntrinsic(const CXXMethodDecl *MD) {
  if (!MD->getIdentifier() || !isTextureClass(MD->getParent()))
    return false;
  StringRef Name = MD->getName();
  return Name == "_M_image" || Name == "_M_read_image" || Name == "_M_write_image" ||
         Name == "_M_sample_image";
}

Lowered lowerImageIntrinsic(FunctionEmitter &FE, CodeGenModule &CG, const CXXMethodDecl *MD,
                            const std::string &Obj, ArrayRef<const Expr *> Args,
                            SourceLocation Loc) {
  return ImageIntrinsic(FE, CG, MD, Obj, Args, Loc).lower();
}

std::string CodeGenModule::imageParams(unsigned K) const {
  std::string S;
  if (!K)
    return S;
  const std::vector<ImageSlot> &Slots = imageSlots(K);
  for (unsigned I = 0; I < Slots.size(); ++I)
    S += ", " + imageParamType(Slots[I]) + " ampcc_img" + std::to_string(I);
  return S;
}

std::string CodeGenModule::imageArgs(unsigned K) const {
  std::string S;
  if (!K)
    return S;
  for (unsigned I = 0; I < imageSlots(K).size(); ++I)
    S += ", ampcc_img" + std::to_string(I);
  return S;
}

} // namespace ampcc
