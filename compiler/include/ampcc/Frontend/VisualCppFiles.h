//===- VisualCppFiles.h - source files as Visual C++ reads them --*- C++ -*-===//
//
// Visual C++ projects come from Windows, where the compiler reads UTF-16
// source files (with a byte order mark) and the file system ignores the
// case of names: `#include "blackscholes.h"` finds BlackScholes.h, and
// `#include "..\Scan\scan.h"` finds ../scan/Scan.h. Clang does neither on
// Linux (its -fms-extensions, which ampcc passes, already reads `\` in an
// include name as a separator).
//
// The device pass reads every file through a file system that
//  - gives UTF-16 files (BOM FF FE or FE FF) to Clang as UTF-8, and
//  - when a path under a directory that is not a system header directory
//    does not exist, looks for the file whose name differs only in case,
//    component by component, as Windows would. Clang is handed the file
//    under its name on disk, so its own -Wnonportable-include-path warning
//    ("specified path differs in case from file name on disk") reports the
//    repair, with a fix-it, and diagnostics name the file on disk.
// What it changed is recorded for the host pass (a clang++ subprocess),
// which reads the same text through VFS overlays (-ivfsoverlay).
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_FRONTEND_VISUALCPPFILES_H
#define AMPCC_FRONTEND_VISUALCPPFILES_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorOr.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class CompilerInstance;
} // namespace clang

namespace ampcc {

/// What the device pass's file system did, for the host pass.
struct VisualCppFileChanges {
  /// UTF-16 files read as UTF-8: absolute path to the UTF-8 text.
  std::map<std::string, std::string> Transcoded;
  /// Include paths found only by ignoring case: the absolute path Clang
  /// asked for (dots removed) to the file on disk.
  std::map<std::string, std::string> Spellings;
  /// Absolute directories of system headers, where case matters as on
  /// Linux (set per parse from Clang's header search).
  std::vector<std::string> SystemDirs;
};

/// \p Bytes as UTF-8 when they are UTF-16 with a byte order mark (either
/// order; the mark is dropped); std::nullopt otherwise, or when they are not
/// valid UTF-16.
std::optional<std::string> transcodeUTF16(llvm::StringRef Bytes);

/// A source file's text as the device pass parses it: UTF-16 is converted
/// to UTF-8, other bytes are kept.
llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
readSourceFile(const llvm::Twine &Path);

/// A file system over \p Base that reads files as Visual C++ does (see the
/// file comment), recording what it changed in \p Changes.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
createVisualCppFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                          VisualCppFileChanges &Changes);

/// Tells the Visual C++ file system of \p CI's file manager, if it has one,
/// which directories hold system headers (after header search is set up).
void setSystemHeaderDirs(clang::CompilerInstance &CI);

/// Text without a leading UTF-8 byte order mark. Clang skips the mark only
/// at the start of a file: text put before it (a #line) must drop it.
llvm::StringRef withoutUTF8BOM(llvm::StringRef Text);

} // namespace ampcc

#endif // AMPCC_FRONTEND_VISUALCPPFILES_H
