//===- RobustAccess.cpp - Direct3D's robust buffer access in kernels -----===//
//
// `-frobust-buffer-access` (DeviceOptions::RobustAccess): as Direct3D 11
// guarantees for the buffers behind C++ AMP's arrays and array_views, an
// element access outside the view's *buffer* (not its extent: a section
// may reach the rest of its buffer, as on Visual C++) reads 0, and a write
// there is dropped. The runtime passes each view's buffer element count in
// its shape (`shape.n`) and one sink buffer per launch, which every global
// view carries (`v.sink`): a region that dropped writes go to, then
// AMPCC_SINK_BYTES of zeros that reads outside the buffer read.
//
// The element helpers return an address (AmpLibrary.cpp), so which region
// an access outside the buffer gets depends on how that address is used.
// This file records, while printing, the view element calls whose result
// is only read (an lvalue-to-rvalue conversion, a copy, a by-value
// argument, a const member call's object) or is an atomic's destination;
// every other use may write and gets the write region. A read through a
// reference to such an element (`int &r = v[bad]; x = r;`) therefore
// reads whatever dropped writes left in the write region: never memory
// outside the buffer, but not always 0.
//
// tile_static arrays: Direct3D leaves an access outside thread-group
// shared memory undefined (a read's value, the memory's contents after a
// write) but never faults, and programs rely on it (the C++ AMP book's
// inclusive scan reads one element past its tile's array at the tile's
// last thread). A GPU faults on shared memory outside the block's
// allocation, so robust access keeps such an index inside its array:
// clamped to the last element, one unsigned compare and select. An index
// IndexRanges bounds by constants (the tile's local index and offsets of
// it) is printed as it is; one it bounds under launch-time facts is
// clamped only in the guarded variant. An address `&s[i]` may be the one
// past the end, as C++ allows (`p != &s[n]` ends a loop), so its limit is
// the array's size.
//
//===----------------------------------------------------------------------===//
#include "FunctionEmitter.h"

#include "DomainIndexing.h"

using namespace clang;

namespace ampcc {

bool FunctionEmitter::noteElementUse(const Expr *E, ElementUse Use) {
  if (!CG.robustAccess())
    return false;
  while (E) {
    E = E->IgnoreParens();
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      // A member of an element is in the element; through a pointer it
      // is somewhere else.
      if (ME->isArrow())
        return false;
      E = ME->getBase();
    } else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      // An element of a C array member of an element.
      const auto *Decay = dyn_cast<ImplicitCastExpr>(ASE->getBase()->IgnoreParens());
      if (!Decay || Decay->getCastKind() != CK_ArrayToPointerDecay)
        return false;
      E = Decay->getSubExpr();
    } else if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      noteElementUse(CO->getTrueExpr(), Use);
      E = CO->getFalseExpr();
    } else if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
      CastKind K = ICE->getCastKind();
      if (K != CK_NoOp && K != CK_DerivedToBase && K != CK_UncheckedDerivedToBase)
        return false;
      E = ICE->getSubExpr();
    } else if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E)) {
      E = MTE->getSubExpr();
    } else {
      // Only the view element calls among them look it up (AmpLibrary.cpp).
      if (!isa<CallExpr>(E))
        return false;
      ElementUses[E] = Use;
      return true;
    }
  }
  return false;
}

std::string FunctionEmitter::robustSubscript(const ArraySubscriptExpr *E, bool AddressOnly) {
  ASTContext &Ctx = CG.getContext();
  const Expr *Array = E->getBase()->IgnoreParenImpCasts();
  const ConstantArrayType *CAT = Ctx.getAsConstantArrayType(Array->getType());
  if (!CAT || spaceOf(Array) != AddrSpace::Local)
    return "";
  // Addresses may point one past the end: the clamp's limit is one more.
  uint64_t Size = CAT->getSize().getZExtValue() + AddressOnly;
  if (Size == AddressOnly || Size > UINT32_MAX)
    return "";
  SubscriptProof Proof =
      Domain ? Domain->noteSubscript(E, E->getIdx(), Size) : SubscriptProof::None;
  if (Proof == SubscriptProof::Always)
    return expr(E->getBase()) + "[" + expr(E->getIdx()) + "]";
  // Through uint whatever the index's type: a negative index becomes large
  // and meets the clamp too.
  std::string Fn = Proof == SubscriptProof::AtLaunch ? "ampcc_local_index_dom"
                                                     : "ampcc_local_index";
  std::string Clamp = "  return i < n ? i : n - 1u;\n";
  if (Proof == SubscriptProof::AtLaunch)
    Clamp = "#ifdef AMPCC_DOMAIN_COVERED\n  return i;\n#else\n" + Clamp + "#endif\n";
  CG.addHelper(Fn, "uint " + Fn + "(uint i, uint n) {\n" + Clamp + "}\n\n");
  return expr(E->getBase()) + "[" + Fn + "((uint)(" + expr(E->getIdx()) + "), " +
         std::to_string(Size) + "u)]";
}

} // namespace ampcc
