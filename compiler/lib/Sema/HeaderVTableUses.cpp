//===- HeaderVTableUses.cpp - a header's vtable uses, left to the host ----===//
#include "ampcc/Sema/HeaderVTableUses.h"

#include "clang/Sema/Sema.h"

using namespace clang;

namespace ampcc {

unsigned dropHeaderVTableUses(Sema &S) {
  // A header is never a translation unit's end: the list still holds
  // every use (DefineUsedVTables has not run), and the writer reads it,
  // with VTablesUsed for whether each must be emitted.
  unsigned Dropped = S.VTableUses.size();
  S.VTableUses.clear();
  S.VTablesUsed.clear();
  return Dropped;
}

} // namespace ampcc
