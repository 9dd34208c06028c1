//===- TargetContexts.h - the restriction of code outside bodies -*- C++ -*-===//
//
// Visual C++ resolves an overload set by the restriction of the code the
// call is written in, also where that code is no function body: a
// declaration's type at namespace scope or in a class at namespace scope is
// cpu code, a local class's declarations take their function's restriction,
// a trailing return type its own function's; and a lambda written without a
// restriction inherits its function's (conformance:
// decltype_specifier/expression.01, location.01). Clang resolves all code
// outside a function body as host-device, which the device pass turns into
// amp overloads, and gives every unannotated lambda both targets.
//
// Clang keeps the target of code outside function bodies in one field
// (SemaCUDA::CurCUDATargetCtx) and gives a lambda its implicit targets
// before the lambda's body is parsed. A watcher on the preprocessor's token
// stream sets both from Sema's current context as the parser goes: the
// parser acts on a token at most a few tokens after the preprocessor lexed
// it. The field changes only in the operands of decltype and sizeof, where
// programs resolve overloads outside bodies; Clang's own work outside
// bodies (implicit special members, instantiations) keeps host-device. A
// trailing return type is recognised by the macro that stands for `auto
// restrict(...)` (Lex/SpecifierReorder.cpp) at the start of its
// declaration. Both passes install it (the host plugin too), so both
// resolve the same overloads.
//
// The same watcher ranks sides first in the device pass's single-sided
// bodies. Clang's -fgpu-exclude-wrong-side-overloads does that for a whole
// translation unit, which the host pass uses; in the device pass it would
// also let a deleted function (which Clang treats as host-device) beat a
// host-only move constructor in host-device code, libstdc++'s implicitly
// host-device lambdas and constexpr functions among it (std::packaged_task,
// the PPL's tasks). In an amp-only body host candidates cannot be called
// anyway, and in a cpu-only body deleted functions rank below host ones;
// only conversion functions, which Clang adds whatever their side, and the
// built-in operators they feed change: `int i = obj;` in amp code takes an
// amp `operator long` over a cpu `operator int`, and cpu code's `obj + 1`
// is no longer ambiguous through both.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_SEMA_TARGETCONTEXTS_H
#define AMPCC_SEMA_TARGETCONTEXTS_H

#include <memory>

namespace clang {
class Preprocessor;
class Sema;
} // namespace clang

namespace ampcc {

class TargetContexts {
public:
  /// Watches \p PP's tokens from now on; does nothing until setSema().
  explicit TargetContexts(clang::Preprocessor &PP);
  /// The Sema the parser acts on; null when it is gone.
  void setSema(clang::Sema *S);
  /// Device pass: in the body of a function that is only cpu or only amp,
  /// outside template instantiations, a candidate's side ranks before its
  /// conversions (Clang's GPUExcludeWrongSideOverloads, turned on and off
  /// as the parser goes), as Visual C++ resolves each side among the
  /// functions it can call, also when picking a conversion function.
  void resolveBySideInBodies(clang::Sema &S);

  struct State;

private:
  std::shared_ptr<State> St;
};

} // namespace ampcc

#endif // AMPCC_SEMA_TARGETCONTEXTS_H
