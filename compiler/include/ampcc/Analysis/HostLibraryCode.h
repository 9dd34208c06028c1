//===- HostLibraryCode.h - library code that cannot hold the user's -*- C++ -*-===//
//
// Most of what a small file instantiates is the standard library's and
// PPL's host code: std::vector<int>, std::basic_string<char>, a
// std::ostringstream. ampcc's walks of the file (the restriction checker's,
// the kernel finder's) and the device pass's end-of-file instantiations
// need none of it: such code holds no kernel, no amp function of the
// user's, no tile_static variable, nothing ampcc reports. What decides
// that is the template arguments: std::vector<Particle>, an algorithm given
// a lambda, <amp.h>'s _Parallel_for_each given a kernel, reach the user's
// code (a generic lambda instantiated there may hold a kernel) and are
// walked and instantiated as before.
//
// Host library code: a declaration in a system header in the standard
// library's namespaces or those of the libraries <amp.h> brings (tbb,
// Concurrency, ampcc), whose template arguments, and those of every
// template around it, name only those libraries' types and C's. Other
// libraries, even in system headers, are the user's code here (an
// algorithms library's fill<int> launches a kernel of its own). This
// holds only while no template of <amp.h> launches a kernel but through a
// type of its caller's, as none does.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_ANALYSIS_HOSTLIBRARYCODE_H
#define AMPCC_ANALYSIS_HOSTLIBRARYCODE_H

#include "clang/AST/RecursiveASTVisitor.h"

namespace ampcc {

/// Whether \p D, and everything in it, is host library code (above). A
/// template is not: its specializations are judged one by one.
bool isHostLibraryCode(const clang::Decl *D);

/// A RecursiveASTVisitor over the file that does not descend into host
/// library code: for walks that look for the user's code (kernels, amp
/// functions, tile_static variables, destructors), none of which is there.
template <typename Derived>
class UserCodeVisitor : public clang::RecursiveASTVisitor<Derived> {
public:
  bool TraverseDecl(clang::Decl *D) {
    return (D && isHostLibraryCode(D)) || clang::RecursiveASTVisitor<Derived>::TraverseDecl(D);
  }
};

} // namespace ampcc

#endif // AMPCC_ANALYSIS_HOSTLIBRARYCODE_H
