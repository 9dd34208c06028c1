//===- DeferredDiagnosticRoots.h - a header's roots that cannot emit -*- C++ -*-===//
//
// In CUDA/HIP mode Clang records every function it defines (and some
// variables) as a root from which, at the end of the translation unit, it
// looks for deferred diagnostics (a host call in a host-device function,
// reported only where the function is emitted for the device). A
// precompiled header carries its own list, and every file that loads the
// header reads each of its declarations back to check it: for <amp.h>,
// thousands of the standard library's inline functions, a tenth of a small
// file's device pass (the fuzzer's profile, docs/reliability.md). A
// function root that is not emitted for the device, and that the file
// cannot make emitted, does nothing at that check (Sema's
// DeferredDiagnosticsEmitter returns at once), nor do the variables that
// follow it: they are dropped from the header's list before it is written.
// Host functions are never emitted for the device; other functions are
// dropped when they are not emitted as the header is built. An explicit
// instantiation in the file can change an implicit instantiation's linkage,
// but the header keeps no deferred diagnostic of the body it instantiated,
// so there is none to emit from it.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_SEMA_DEFERREDDIAGNOSTICROOTS_H
#define AMPCC_SEMA_DEFERREDDIAGNOSTICROOTS_H

namespace clang {
class Sema;
} // namespace clang

namespace ampcc {

/// Building a precompiled header with \p S: removes from its deferred
/// diagnostics' roots those that cannot emit one in any file that loads it.
/// Returns how many were removed.
unsigned dropInertDeferredDiagnosticRoots(clang::Sema &S);

} // namespace ampcc

#endif // AMPCC_SEMA_DEFERREDDIAGNOSTICROOTS_H
