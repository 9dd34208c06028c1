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
//===----------------------------------------------------------------------===//
#include "FunctionEmitter.h"

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

} // namespace ampcc
