//===- LinkDiagnostics.h - link errors in a Visual C++ user's terms -*- C++ -*-===//
//
// Visual C++ decorates a namespace-scope variable's linker name with its
// type, so two files may each define `int *p` and `float *p`: two
// variables. The Linux linker sees one name defined twice. The driver
// knows, from each source's device pass, the variables it defines; after a
// failed link it names the files and the types and says how to keep them
// apart.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_DRIVER_LINKDIAGNOSTICS_H
#define AMPCC_DRIVER_LINKDIAGNOSTICS_H

#include "ampcc/Frontend/DeviceCompiler.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace ampcc {

/// For each "multiple definition of `X'" in \p LinkerErrors, a note on
/// \p OS: the definitions of X among \p Defined when their types differ,
/// or how Visual C++ would have kept them apart when ampcc compiled neither.
void explainDuplicateSymbols(
    llvm::StringRef LinkerErrors,
    const std::vector<DeviceCompileResult::GlobalVariable> &Defined,
    llvm::raw_ostream &OS);

} // namespace ampcc

#endif // AMPCC_DRIVER_LINKDIAGNOSTICS_H
