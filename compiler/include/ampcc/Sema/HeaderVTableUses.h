//===- HeaderVTableUses.h - a header's vtable uses, left to the host -*- C++ -*-===//
//
// Sema records each class whose vtable a translation unit uses, and at its
// end defines those vtables: it marks every virtual member referenced,
// which instantiates the virtual members of class template
// specializations. A precompiled header leaves its own list to every file
// that loads it (a header is a prefix, not a translation unit), so each
// file read back the virtual members of the header's streams, exceptions
// and PPL tasks, and instantiated those of its templates: half of a small
// file's device pass (the fuzzer's profile, docs/reliability.md). The
// device pass emits no vtable, and amp code calls no virtual function
// (the restriction checker says so where a kernel tries); the host pass
// compiles the same file with its own uses. The header's list is dropped
// before it is written; a file's own uses of the same classes are
// recorded and defined as before.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_SEMA_HEADERVTABLEUSES_H
#define AMPCC_SEMA_HEADERVTABLEUSES_H

namespace clang {
class Sema;
} // namespace clang

namespace ampcc {

/// Building the device pass's precompiled header with \p S: forgets the
/// vtables it used, so that no file defines them again. Returns how many.
unsigned dropHeaderVTableUses(clang::Sema &S);

} // namespace ampcc

#endif // AMPCC_SEMA_HEADERVTABLEUSES_H
