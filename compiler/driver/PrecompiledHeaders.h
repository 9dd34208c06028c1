//===- PrecompiledHeaders.h - the driver's precompiled <amp.h> --*- C++ -*-===//
//
// Where the driver keeps precompiled <amp.h> headers and how it builds the
// host pass's (clang++ with -emit-pch); the device pass builds its own in
// process (compileDevice). See ampcc/Frontend/PrecompiledAmp.h.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_DRIVER_PRECOMPILEDHEADERS_H
#define AMPCC_DRIVER_PRECOMPILEDHEADERS_H

#include "Toolchain.h"

#include "ampcc/Frontend/PrecompiledAmp.h"

#include <string>
#include <vector>

namespace ampcc {

/// The cache: headers installed with ampcc (<prefix>/lib/ampcc/pch, built
/// when the package was installed) and those built on demand, there when
/// it is writable (the build tree), else in $XDG_CACHE_HOME/ampcc/pch or
/// ~/.cache/ampcc/pch; $AMPCC_PCH_DIR replaces both.
PrecompiledAmpCache makePrecompiledAmpCache(const Toolchain &TC);

/// The host compile's arguments that decide its header: \p HostBase without
/// what names this file's outputs (dependency files, the HIP cuid) or only
/// changes how messages look.
std::vector<std::string> hostPrefixArgs(const std::vector<std::string> &HostBase);

/// Builds the host pass's header of \p PrefixFile with clang++ under
/// \p KeyArgs (hostPrefixArgs; KeyArgs[0] is clang++).
bool buildHostPrefix(const Toolchain &TC, llvm::ArrayRef<std::string> KeyArgs,
                     const std::string &PrefixFile, const std::string &Output,
                     std::vector<std::string> &Inputs);

/// The file an `#include` of the program's own names, searched as Clang
/// does under the user's \p FrontendArgs (-iquote, -I): quoted names in
/// \p FromDir first. Empty for none, or where a system directory would
/// supply it (startsWithAmpHeader follows only the program's headers).
std::string resolveProgramHeader(const std::vector<std::string> &FrontendArgs,
                                 llvm::StringRef Name, bool Quoted, llvm::StringRef FromDir);

/// Whether \p Text, the file \p Src or its repaired copy, may load a
/// precompiled <amp.h> (startsWithAmpHeader, following the program's own
/// headers under the user's \p FrontendArgs).
bool mayLoadPrecompiledAmp(const std::vector<std::string> &FrontendArgs, bool MsHeaders,
                           llvm::StringRef Src, llvm::StringRef Text);

/// Whether \p Std (-std='s value) may load a precompiled <amp.h>: C++14
/// and C++17. In C++20 and later, Clang 19 takes the restriction-overloaded
/// members of <amp.h>'s class templates read back from a header for
/// duplicates ("multiple overloads of 'array_view' instantiate to the same
/// signature"), whatever the header's options; those files parse <amp.h>.
bool precompiledAmpSupports(llvm::StringRef Std);

/// -v: the headers \p Cache loaded since the last call, "(built)" for
/// those it built; forgets them.
void reportPrecompiledAmp(PrecompiledAmpCache &Cache, bool Verbose);

/// The prerequisites of a make-style dependency file's one rule.
std::vector<std::string> dependencyFileInputs(llvm::StringRef Text);

} // namespace ampcc

#endif // AMPCC_DRIVER_PRECOMPILEDHEADERS_H
