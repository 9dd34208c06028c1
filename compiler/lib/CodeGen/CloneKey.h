//===- CloneKey.h - which clone of a function a call calls ------*- C++ -*-===//
//
// OpenCL C 1.2 has no generic address space: a function called with
// pointers into different spaces becomes one C function per combination,
// a clone. A CloneKey names one; the planner (ClonePlanner.h) computes it
// for each call and the printer prints each key once.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_CODEGEN_CLONEKEY_H
#define AMPCC_CODEGEN_CLONEKEY_H

#include "clang/AST/Decl.h"

#include <tuple>
#include <vector>

namespace ampcc {

/// OpenCL address spaces a lowered pointer can point into.
enum class AddrSpace : unsigned char { Private, Global, Local };

const char *addrSpaceKeyword(AddrSpace AS);

/// One clone of a function: the function and the address spaces of its
/// pointer-lowered parameters (and of `this`, for non-const members).
struct CloneKey {
  const clang::FunctionDecl *FD;
  std::vector<AddrSpace> ParamSpaces; ///< One per parameter; Private if n/a.
  /// For reference-to-pointer parameters, where the referenced pointer
  /// points; Private for every other parameter.
  std::vector<AddrSpace> InnerSpaces;
  /// For array_view parameters (by value or by reference), where the view's
  /// elements live; Global for every other parameter.
  std::vector<AddrSpace> ViewSpaces;
  /// For `T *&&` parameters bound to a temporary pointer: nothing but the
  /// callee can see that temporary, so the parameter is the pointer itself,
  /// passed by value (its ParamSpaces entry is where it points), and the
  /// callee may version it like a local pointer. False for every other
  /// parameter.
  std::vector<bool> TempPointers;
  AddrSpace ThisSpace = AddrSpace::Private;
  /// For members of array_view and of classes holding views: where the
  /// object's views' elements live.
  AddrSpace ThisViewSpace = AddrSpace::Global;
  /// A non-const member called on a temporary: `this` is a by-value copy.
  bool ThisByValue = false;
  /// Reached from the image form of kernel number ImageKernel (0: not):
  /// the clone takes that kernel's images (ImageSlot).
  unsigned ImageKernel = 0;
  bool operator<(const CloneKey &O) const {
    return std::tie(FD, ThisByValue, ThisSpace, ThisViewSpace, ParamSpaces,
                    InnerSpaces, ViewSpaces, TempPointers, ImageKernel) <
           std::tie(O.FD, O.ThisByValue, O.ThisSpace, O.ThisViewSpace,
                    O.ParamSpaces, O.InnerSpaces, O.ViewSpaces, O.TempPointers,
                    O.ImageKernel);
  }
};

} // namespace ampcc

#endif // AMPCC_CODEGEN_CLONEKEY_H
