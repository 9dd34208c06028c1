//===- ImageLowering.h - textures on OpenCL images ----------------*- C++ -*-===//
//
// The image form of a kernel (docs/graphics.md, "Images"): which texture
// captures become OpenCL images, and the lowering of the texture classes'
// image intrinsics (_M_image, _M_read_image, _M_write_image,
// _M_sample_image, declared in include/ampcc/graphics/texture.h).
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_CODEGEN_IMAGELOWERING_H
#define AMPCC_CODEGEN_IMAGELOWERING_H

#include "CodeGenModule.h"

#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>

namespace ampcc {

class FunctionEmitter;
struct Lowered;

/// The image a kernel capture of type \p FT (the referenced type when
/// captured by reference) takes in the kernel's image form, or nullopt when
/// it stays a buffer: read-write textures, `double` and three-component
/// texels, and writes to rank 3 (cl_khr_3d_image_writes is optional).
std::optional<ImageSlot> imageSlotFor(clang::ASTContext &Ctx, clang::QualType FT,
                                      bool ByRef);

/// OpenCL C's spelling of a slot's parameter: "__read_only image2d_t".
std::string imageParamType(const ImageSlot &S);

/// True for the image intrinsics of the texture classes.
bool isImageIntrinsic(const clang::CXXMethodDecl *MD);

/// One of the image intrinsics called on the texture struct \p Obj.
Lowered lowerImageIntrinsic(FunctionEmitter &FE, CodeGenModule &CG,
                            const clang::CXXMethodDecl *MD, const std::string &Obj,
                            llvm::ArrayRef<const clang::Expr *> Args,
                            clang::SourceLocation Loc);

} // namespace ampcc

#endif // AMPCC_CODEGEN_IMAGELOWERING_H
