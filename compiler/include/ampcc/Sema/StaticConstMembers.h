//===- StaticConstMembers.h - Visual C++'s defined static constants -*- C++ -*-===//
//
// Visual C++ (/Ze, its default) defines a static const data member of
// integral or enumeration type that its class initializes: the definition
// outside the class that C++ asks for where the member is odr-used (bound
// to a reference, its address taken) is optional. Programs written for it
// omit that definition and fail to link elsewhere (`std::tie(h.type, ...)`
// with `static const word type = ...;`). The host pass makes each such
// member an inline constexpr variable, as C++17 makes a constexpr static
// member: defined in the class, once for the program, and a definition
// outside the class, where a program has one, a redundant declaration.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_SEMA_STATICCONSTMEMBERS_H
#define AMPCC_SEMA_STATICCONSTMEMBERS_H

namespace clang {
class TagDecl;
} // namespace clang

namespace ampcc {

/// Defines, in the class, the static const integral and enumeration data
/// members that \p D initializes.
void defineStaticConstMembers(clang::TagDecl *D);

} // namespace ampcc

#endif // AMPCC_SEMA_STATICCONSTMEMBERS_H
