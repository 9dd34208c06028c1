//===- BoundsChecks.cpp - checked subscripts of C arrays in amp code -----===//
//
// Checked mode (`ampcc -fsanitize=bounds`, DeviceOptions::CheckBounds):
// an element access of an array of known size, such as a tile_static
// array, a private array or an array member, goes through a helper that
// compares the index with the size. A bad index is reported to the
// runtime (DeviceCodeGen::faultReporter) and the access goes to scratch
// memory of the same address space instead, so nothing outside the array is
// read or written. array_view and array accesses are checked by their own
// helpers (AmpLibrary.cpp).
//
//===----------------------------------------------------------------------===//
#include "FunctionEmitter.h"

#include "Lowering.h"

using namespace clang;

namespace ampcc {

std::string FunctionEmitter::checkedSubscript(const ArraySubscriptExpr *E) {
  ASTContext &Ctx = CG.getContext();
  const Expr *Array = E->getBase()->IgnoreParenImpCasts();
  const ConstantArrayType *CAT = Ctx.getAsConstantArrayType(Array->getType());
  if (!CAT)
    return "";
  uint64_t Size = CAT->getSize().getZExtValue();
  // A constant index inside the array needs no check.
  Expr::EvalResult Index;
  if (E->getIdx()->EvaluateAsInt(Index, Ctx) && !Index.Val.getInt().isNegative() &&
      Index.Val.getInt().getZExtValue() < Size)
    return "";

  AddrSpace AS = spaceOf(Array);
  // One helper per address space, over bytes: the element may itself be
  // an array (`s[i][j]`), whose pointer type C spells as a declarator.
  std::string Bytes = std::string(addrSpaceKeyword(AS)) + " char *";
  std::string Fn = std::string("ampcc_checked_element_") + DeviceCodeGen::spaceName(AS);
  CG.addHelper(Fn, Bytes + Fn + "(" + Bytes +
                       "base, int i, int n, int size, ampcc_checks *chk, int site) {\n"
                       "  if ((uint)i >= (uint)n) {\n    " +
                       CG.faultReporter() +
                       "(chk, site, 1, i, 0, 0, n, 0, 0);\n"
                       "    return " + DeviceCodeGen::scratch(AS, Bytes) + ";\n  }\n"
                       "  return base + i * size;\n}\n\n");

  std::string Elem = CG.pointerToArrayElements(Array->getType(), AS, "", E->getBeginLoc(),
                                               viewSpaceOf(Array));
  uint64_t ElemBytes = Ctx.getTypeSizeInChars(CAT->getElementType()).getQuantity();
  unsigned Site = CG.checkSite(E->getExprLoc(), ElemBytes);
  return "(*(" + Elem + ")" + Fn + "((" + Bytes + ")(" + expr(E->getBase()) + "), (int)(" +
         expr(E->getIdx()) + "), " + std::to_string(Size) + ", (int)sizeof(*(" + Elem +
         ")0), " + CheckStateName + ", " + std::to_string(Site) + "))";
}

} // namespace ampcc
