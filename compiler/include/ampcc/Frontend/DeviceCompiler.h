//===- DeviceCompiler.h - parse a file and generate its kernels --*- C++ -*-===//
//
// Runs Clang (as a library) over one source file in HIP device mode, where
// restrict(amp) functions are the "device" side and overloads on restriction
// resolve as in amp code, then finds the kernels and generates their OpenCL C.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_FRONTEND_DEVICECOMPILER_H
#define AMPCC_FRONTEND_DEVICECOMPILER_H

#include "ampcc/CodeGen/DeviceCodeGen.h"
#include "ampcc/Frontend/PrecompiledAmp.h"

#include <map>
#include <string>
#include <vector>

namespace ampcc {

struct DeviceCompileResult {
  bool Success = false;
  /// Clang's parses of the file: one, and one for each round of Visual C++
  /// repairs, and one more to say why a repaired parse failed.
  unsigned Parses = 0;
  std::string Program; ///< OpenCL C; empty when there are no kernels.
  /// DeviceOptions::HostKernels: the same program as C for the host CPU
  /// (include/ampcc/host_kernel.h), the kernels' host entries aside.
  std::string HostProgram;
  std::vector<EmittedKernel> Kernels;
  bool UsesDouble = false;
  ProgramChecks Checks; ///< -fsanitize=bounds.
  /// Non-empty when the file had to be changed to parse (Visual C++
  /// compatibility fix-its): the host pass must compile this text instead.
  std::string RewrittenSource;
  /// User headers changed the same way (absolute path to contents): the
  /// host pass must see them instead of the files on disk.
  std::map<std::string, std::string> RewrittenHeaders;
  /// Include paths found only by ignoring case, as on Windows (absolute path
  /// asked for to the file on disk): the host pass must find them too.
  std::map<std::string, std::string> IncludeSpellings;
  /// (kernelKey<K>()'s __PRETTY_FUNCTION__, typeid(K).name()) for every
  /// kernel type: the keys programs compiled with -fno-rtti launch by.
  std::vector<std::pair<std::string, std::string>> KernelKeys;
  /// Visual C++'s wide entry point: the file defines wmain (a _UNICODE
  /// program's _tmain) and no main. The host stub then defines the main
  /// that calls it (emitWideMainEntry).
  struct WideEntry {
    bool Present = false;
    unsigned Params = 0; ///< 0, or 2 (argc, argv).
    bool ReturnsVoid = false;
  } WideMain;
  /// The file's definitions of namespace-scope variables with external
  /// linkage, for explaining a link that finds two of one name (Visual C++
  /// decorates a variable's linker name with its type; Linux does not).
  struct GlobalVariable {
    std::string Name;     ///< Qualified, as the linker prints it: "ns::p".
    std::string Declaration; ///< The type with the name: "float *p".
    std::string Location; ///< "file:line".
  };
  std::vector<GlobalVariable> Globals;
};

/// The clang++ arguments that put it into the language ampcc parses
/// (HIP mode for restrict(...), Visual C++'s keywords), with <amp.h> and
/// friends from \p IncludeDir, and with \p MsHeaders what a Visual C++
/// machine provides (<windows.h> and others from IncludeDir/ms).
std::vector<std::string> frontendLanguageArgs(const std::string &IncludeDir,
                                              const std::string &Std,
                                              bool MsHeaders = true);

/// \p FrontendArgs are the clang++ arguments shared with the host compile
/// (language mode, include paths, macros); \p ClangPath is the clang++ binary
/// whose resource directory the front end uses. With \p Prefixes, <amp.h>
/// comes from its precompiled header (the caller has checked that the file
/// starts with it: startsWithAmpHeader).
DeviceCompileResult compileDevice(const std::string &File,
                                  const std::vector<std::string> &FrontendArgs,
                                  const std::string &ClangPath,
                                  const DeviceOptions &Opts = DeviceOptions(),
                                  PrecompiledAmpCache *Prefixes = nullptr);

} // namespace ampcc

#endif // AMPCC_FRONTEND_DEVICECOMPILER_H
