//===- RecordLayoutCheck.cpp - host and OpenCL C layouts agree ------------===//
//
// Computes the layout a C compiler gives the struct that CodeGenModule
// prints for a class (see lowerRecord) and compares it, offset by offset,
// with the host's ASTRecordLayout.
//
//===----------------------------------------------------------------------===//

#include "RecordLayoutCheck.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecordLayout.h"
#include "llvm/Support/MathExtras.h"

using namespace clang;

namespace ampcc {
namespace {

struct CLayout {
  uint64_t Size = 0;  ///< Bytes.
  uint64_t Align = 1; ///< Bytes.
};

class Checker {
public:
  explicit Checker(ASTContext &Ctx) : Ctx(Ctx) {}

  /// The device layout of \p T; sets Why at the first disagreement.
  CLayout layoutOf(QualType T) {
    T = T.getCanonicalType();
    if (const auto *AT = Ctx.getAsConstantArrayType(T)) {
      CLayout E = layoutOf(AT->getElementType());
      return {E.Size * AT->getSize().getZExtValue(), E.Align};
    }
    if (const auto *RD = T->getAsCXXRecordDecl())
      if (RD->hasDefinition())
        return recordLayout(RD->getDefinition());
    // Scalars, pointers and the library's own view types: C and the host
    // agree (ampcc's OpenCL C uses the host's integer widths).
    return {uint64_t(Ctx.getTypeSizeInChars(T).getQuantity()),
            uint64_t(Ctx.getTypeAlignInChars(T).getQuantity())};
  }

  std::string Why;

private:
  std::string name(const CXXRecordDecl *RD) {
    return "'" +
           QualType(RD->getTypeForDecl(), 0).getAsString(Ctx.getPrintingPolicy()) +
           "'";
  }

  void mismatch(std::string Reason) {
    if (Why.empty())
      Why = std::move(Reason);
  }

  CLayout recordLayout(const CXXRecordDecl *RD) {
    const ASTRecordLayout &L = Ctx.getASTRecordLayout(RD);
    uint64_t HostAlign = L.getAlignment().getQuantity();
    uint64_t HostSize = L.getSize().getQuantity();
    if (RD->isUnion()) {
      uint64_t Max = 0;
      for (const FieldDecl *F : RD->fields())
        Max = std::max(Max, layoutOf(F->getType()).Size);
      return {llvm::alignTo(std::max<uint64_t>(Max, 1), HostAlign), HostAlign};
    }
    uint64_t Off = 0, Align = 1;
    // Names the cause of a later offset disagreement.
    const CXXRecordDecl *EmptyBase = nullptr;
    auto Misplaced = [&](const std::string &What) {
      if (EmptyBase)
        mismatch("empty base class " + name(EmptyBase) + " of " + name(RD) +
                 " takes no room on the host but one byte in OpenCL C");
      else
        mismatch(What + " of " + name(RD) +
                 " is placed in the tail padding of a base class on the host");
    };
    for (const CXXBaseSpecifier &B : RD->bases()) {
      const CXXRecordDecl *BRD = B.getType()->getAsCXXRecordDecl();
      if (!BRD || B.isVirtual())
        continue; // Rejected by the restriction checker.
      CLayout BL = layoutOf(B.getType());
      Off = llvm::alignTo(Off, BL.Align);
      Align = std::max(Align, BL.Align);
      if (Off != uint64_t(L.getBaseClassOffset(BRD).getQuantity()))
        Misplaced("base class " + name(BRD));
      if (BRD->isEmpty())
        EmptyBase = BRD;
      Off += BL.Size;
    }
    for (const FieldDecl *F : RD->fields()) {
      if (F->isBitField()) {
        mismatch("bit-field '" + F->getNameAsString() + "' of " + name(RD) +
                 " (OpenCL C has no bit-fields)");
        continue;
      }
      CLayout FL = layoutOf(F->getType());
      Off = llvm::alignTo(Off, FL.Align);
      Align = std::max(Align, FL.Align);
      uint64_t HostOff = L.getFieldOffset(F->getFieldIndex()) / 8;
      if (Off != HostOff)
        Misplaced("member '" + F->getNameAsString() + "'");
      Off += FL.Size;
    }
    if (Off == 0)
      Off = 1; // The `uchar _empty` member.
    uint64_t Size = llvm::alignTo(Off, std::max(Align, HostAlign));
    if (Size != HostSize && EmptyBase)
      Misplaced("");
    if (Size != HostSize)
      mismatch(name(RD) + " is " + std::to_string(HostSize) +
               " bytes on the host but " + std::to_string(Size) +
               " bytes in OpenCL C");
    return {Size, std::max(Align, HostAlign)};
  }

  ASTContext &Ctx;
};

} // namespace

std::string deviceLayoutMismatch(ASTContext &Ctx, QualType T) {
  Checker C(Ctx);
  C.layoutOf(T);
  return C.Why;
}

} // namespace ampcc
