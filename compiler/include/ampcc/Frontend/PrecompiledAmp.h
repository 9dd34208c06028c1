//===- PrecompiledAmp.h - <amp.h> parsed once, for every file -*- C++ -*-===//
//
// <amp.h> brings PPL, <windows.h> and most of the standard library: parsing
// it is most of a small file's compile, in the device pass and again in the
// host pass. Both passes instead load it from a precompiled header built
// once per set of arguments (its "key"), kept in a directory, and rebuilt
// when any file it was built from changes.
//
// A precompiled header stands for the text at the start of a file, so it is
// used only where loading it first means what the file says: the file opens
// with <amp.h>, after nothing but comments, `#pragma once`, `#line` and
// standard library headers (which the standard lets a program include in
// any order, so including them after <amp.h> changes nothing), or first a
// header of the program's own that itself starts that way (after its
// include guard). A macro defined before <amp.h> (NOMINMAX, say) makes the
// file parse as written, without the precompiled header.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_FRONTEND_PRECOMPILEDAMP_H
#define AMPCC_FRONTEND_PRECOMPILEDAMP_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <chrono>
#include <string>
#include <vector>

namespace ampcc {

/// Finds the file an `#include` of \p Name names, \p Quoted ones searched
/// in \p FromDir first; an empty string for none, or for a header that is
/// not the program's own (a system header).
using IncludeResolver = llvm::function_ref<std::string(
    llvm::StringRef Name, bool Quoted, llvm::StringRef FromDir)>;

/// Whether \p Text, a main file, includes <amp.h> before any directive or
/// declaration that a precompiled <amp.h> loaded first would change.
/// \p StandardHeadersFirst: standard headers may come before it (not
/// without Visual C++'s headers, where <amp.h> renames glibc's `index`
/// only if it is the first to include <cstring>). With \p Resolve, the
/// file may instead first include a header of its own (found from \p Dir,
/// the file's folder) that starts that way, include guard allowed.
bool startsWithAmpHeader(llvm::StringRef Text, bool StandardHeadersFirst = true,
                         IncludeResolver Resolve = nullptr, llvm::StringRef Dir = "");

/// Precompiled <amp.h> headers, one per pass and key, in a directory.
class PrecompiledAmpCache {
public:
  /// Builds the header of \p PrefixFile (a file that includes <amp.h>)
  /// under the compile arguments \p Args into \p Output; fills \p Inputs
  /// with every file it read. False on failure. It also writes the names
  /// the header met to "<Output>.names" (Lex/NamedIdentifiers.h); without
  /// them the header serves only compiles with its own arguments.
  using BuildFn = llvm::function_ref<bool(llvm::ArrayRef<std::string> Args,
                                          const std::string &PrefixFile,
                                          const std::string &Output,
                                          std::vector<std::string> &Inputs)>;

  /// Headers are looked up in \p ReadDirs, then in \p WriteDir, where new
  /// ones are built (none are when it is empty). \p Stamp identifies the
  /// compilers that read them (ampcc's build and clang's).
  PrecompiledAmpCache(std::vector<std::string> ReadDirs, std::string WriteDir,
                      std::string Stamp);

  /// The header for \p Pass ("host", "device") under the compile arguments
  /// \p Args, built with \p Build when there is none or it is stale; an
  /// empty string when none can be had (the file then parses <amp.h>).
  /// The program's -D and -U options (of names not starting with '_') whose
  /// names the header never met are left out of its arguments: the header
  /// built without them means the same, and Clang accepts it beside them.
  std::string get(llvm::StringRef Pass, llvm::ArrayRef<std::string> Args, BuildFn Build);
  /// The header that get() would return without building one.
  std::string find(llvm::StringRef Pass, llvm::ArrayRef<std::string> Args) const;

  /// The directory's file that includes <amp.h>, written if missing.
  std::string prefixFile() const;

  /// The headers get() returned, and those it built, in order.
  std::vector<std::string> Loaded, Built;

  /// Headers the write directory keeps; more, and the least recently used
  /// go when one is built.
  size_t MaxHeaders = 24;
  /// Headers used this recently are kept whatever their number.
  std::chrono::seconds KeepRecent{600};

private:
  /// get() under exactly \p Args.
  std::string getExact(llvm::StringRef Pass, llvm::ArrayRef<std::string> Args, BuildFn Build);
  void prune() const;
  std::string name(llvm::StringRef Pass, llvm::ArrayRef<std::string> Args) const;
  std::vector<std::string> ReadDirs;
  std::string WriteDir;
  std::string Stamp;
  /// Headers find() has seen current, by name.
  mutable llvm::StringMap<std::string> Current;
};

/// Whether the files recorded beside the header \p PCH (its ".inputs"
/// file) are all as they were when it was built.
bool precompiledHeaderIsCurrent(const std::string &PCH);

} // namespace ampcc

#endif // AMPCC_FRONTEND_PRECOMPILEDAMP_H
