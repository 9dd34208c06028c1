//===- AmpLibrary.cpp - device lowering of array_view and intrinsics ----===//
//
// Most of <amp.h> is ordinary restrict(amp) C++ that the generic lowering
// handles. What C++ cannot express portably is lowered here: element access
// of array_view (a __global pointer plus the shape the runtime passes) and
// its extent. Each member becomes a small helper function per view type, so
// arguments are evaluated once and the output stays readable.
//
//===----------------------------------------------------------------------===//
#include "FunctionEmitter.h"

#include "../Support/Diagnostics.h"

#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace ampcc {

namespace {
unsigned viewRank(const CXXRecordDecl *RD) {
  const auto *Spec = cast<ClassTemplateSpecializationDecl>(RD);
  return Spec->getTemplateArgs().get(1).getAsIntegral().getZExtValue();
}
QualType viewElement(const CXXRecordDecl *RD) {
  const auto *Spec = cast<ClassTemplateSpecializationDecl>(RD);
  return Spec->getTemplateArgs().get(0).getAsType();
}
} // namespace

std::string FunctionEmitter::ampLibraryCall(const FunctionDecl *FD,
                                            const Expr *Object,
                                            llvm::ArrayRef<const Expr *> Args,
                                            SourceLocation Loc, bool &Handled) {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (MD && DeviceCodeGen::isAmpClass(MD->getParent(), "tile_barrier")) {
    Handled = true;
    // C++ AMP's wait() fences both memories; the named variants one each.
    StringRef Name = MD->getName();
    if (Name == "wait_with_global_memory_fence")
      return "barrier(CLK_GLOBAL_MEM_FENCE)";
    if (Name == "wait_with_tile_static_memory_fence")
      return "barrier(CLK_LOCAL_MEM_FENCE)";
    return "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)";
  }
  if (!MD || !DeviceCodeGen::isAmpClass(MD->getParent(), "array_view"))
    return "";
  Handled = true;
  const CXXRecordDecl *RD = MD->getParent();
  unsigned Rank = viewRank(RD);
  std::string View = CG.lowerType(QualType(RD->getTypeForDecl(), 0), Loc);
  std::string Elem = CG.pointerTo(viewElement(RD), AddrSpace::Global, Loc);
  std::string Obj = expr(Object);
  std::string R = std::to_string(Rank);

  auto Linear = [&](auto IndexOf) {
    std::string S = "v.shape.off";
    for (unsigned I = 0; I < Rank; ++I)
      S += " + " + IndexOf(I) + " * v.shape.stride[" + std::to_string(I) + "]";
    return S;
  };

  StringRef Name = MD->getNameAsString() == "get_extent" ? "get_extent" : "";
  OverloadedOperatorKind OK = MD->getOverloadedOperator();
  if (OK == OO_Subscript || OK == OO_Call) {
    bool ByIndex = Args.size() == 1 &&
                   Args[0]->getType()->getAsCXXRecordDecl() != nullptr;
    if (ByIndex) {
      std::string IndexTy = CG.lowerType(
          Args[0]->getType().getNonReferenceType().getUnqualifiedType(), Loc);
      std::string Fn = View + "_at";
      CG.addHelper(Fn, Elem + Fn + "(" + View + " v, " + IndexTy + " i) {\n"
                       "  return v.data + " +
                       Linear([](unsigned I) {
                         return "i._M_base[" + std::to_string(I) + "]";
                       }) + ";\n}\n\n");
      return "(*" + Fn + "(" + Obj + ", " + expr(Args[0]) + "))";
    }
    if (Args.size() != Rank) {
      report(CG.getDiags(), Loc, Diag::err_amp_unsupported_expr)
          << "array_view projection" ;
      return "0";
    }
    std::string Fn = View + "_at" + R;
    std::string Params, CallArgs;
    for (unsigned I = 0; I < Rank; ++I) {
      Params += ", int i" + std::to_string(I);
      CallArgs += ", " + expr(Args[I]);
    }
    CG.addHelper(Fn, Elem + Fn + "(" + View + " v" + Params + ") {\n"
                     "  return v.data + " +
                     Linear([](unsigned I) { return "i" + std::to_string(I); }) +
                     ";\n}\n\n");
    return "(*" + Fn + "(" + Obj + CallArgs + "))";
  }
  if (Name == "get_extent") {
    std::string ExtTy = CG.lowerType(MD->getReturnType(), Loc);
    std::string Fn = View + "_extent";
    std::string Body = "  " + ExtTy + " e;\n";
    for (unsigned I = 0; I < Rank; ++I)
      Body += "  e._M_base[" + std::to_string(I) + "] = v.shape.ext[" +
              std::to_string(I) + "];\n";
    CG.addHelper(Fn, ExtTy + " " + Fn + "(" + View + " v) {\n" + Body +
                         "  return e;\n}\n\n");
    return Fn + "(" + Obj + ")";
  }
  report(CG.getDiags(), Loc, Diag::err_amp_unsupported_expr)
      << ("array_view::" + MD->getNameAsString());
  return "0";
}

} // namespace ampcc
