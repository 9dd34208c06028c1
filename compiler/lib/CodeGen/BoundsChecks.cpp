//===- BoundsChecks.cpp - checked subscripts of C arrays in amp code -----===//
//
// Checked mode (`ampcc -fsanitize=bounds`, DeviceOptions::CheckBounds):
// an element access of an array of known size, such as a tile_static
// array, a private array or an array member, goes through a helper that
// compares the index with the size. A bad index is reported to the
// runtime (CodeGenModule::faultReporter) and the access goes to scratch
// memory of the same address space instead, so nothing outside the array is
// read or written. array_view and array accesses are checked by their own
// helpers (AmpLibrary.cpp).
//
// A tile barrier counts its arrivals, so that one reached by only part of
// a tile is reported too (checkedBarrier).
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
  std::string Fn = std::string("ampcc_checked_element_") + CodeGenModule::spaceName(AS);
  CG.addHelper(Fn, Bytes + Fn + "(" + Bytes +
                       "base, int i, int n, int size, ampcc_checks *chk, int site) {\n"
                       "  if ((uint)i >= (uint)n) {\n    " +
                       CG.faultReporter() +
                       "(chk, site, 1, i, 0, 0, n, 0, 0);\n"
                       "    return " + CodeGenModule::scratch(AS, Bytes) + ";\n  }\n"
                       "  return base + i * size;\n}\n\n");

  std::string Elem = CG.pointerToArrayElements(Array->getType(), AS, "", E->getBeginLoc(),
                                               viewSpaceOf(Array));
  uint64_t ElemBytes = Ctx.getTypeSizeInChars(CAT->getElementType()).getQuantity();
  unsigned Site = CG.checkSite(E->getExprLoc(), ElemBytes);
  return "(*(" + Elem + ")" + Fn + "((" + Bytes + ")(" + expr(E->getBase()) + "), (int)(" +
         expr(E->getIdx()) + "), " + std::to_string(Size) + ", (int)sizeof(*(" + Elem +
         ")0), " + CheckStateName + ", " + std::to_string(Site) + "))";
}

std::string FunctionEmitter::checkedBarrier(SourceLocation Loc) {
  // Two __local counters (the kernel zeroes them, KernelEmitter::checkState)
  // take the arrivals of alternate barriers; each work-item counts the
  // barriers it passed. After barrier k every work-item reads slot k & 1,
  // which must hold a whole tile per use of the slot so far. Nobody adds to
  // that slot again before barrier k + 2, which no work-item reaches before
  // all have read it (they all pass barrier k + 1 first), so the check needs
  // no barrier of its own. A tile that only partly arrives leaves the count
  // short wherever the device lets the others past (PoCL does; a GPU may
  // hang instead: nothing can be checked then). Both fences: the checked
  // form is at least as strong as any of wait()'s variants.
  const char *Fn = "ampcc_checked_barrier";
  CG.addHelper(Fn, std::string("void ") + Fn +
                       "(ampcc_checks *chk, int site) {\n"
                       "  __local volatile uint *slot = chk->arrivals + (chk->barriers & 1);\n"
                       "  uint tile = (uint)(get_local_size(0) * get_local_size(1) * "
                       "get_local_size(2));\n"
                       "  atomic_inc(slot);\n"
                       "  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);\n"
                       "  uint before = tile * (chk->barriers >> 1);\n"
                       "  uint arrived = *slot - before;\n"
                       "  chk->barriers++;\n"
                       "  if (arrived != tile)\n    " +
                       CG.faultReporter() +
                       "(chk, site, -1, (int)arrived, 0, 0, (int)tile, 0, 0);\n}\n\n");
  return std::string(Fn) + "(" + CheckStateName + ", " +
         std::to_string(CG.checkSite(Loc, 0)) + ")";
}

} // namespace ampcc
