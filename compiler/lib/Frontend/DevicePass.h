//===- DevicePass.h - one parse of the device pass --------------*- C++ -*-===//
//
// One run of Clang over a file in HIP device mode, with ampcc's consumer:
// the inference rules while parsing, then at the end of the translation
// unit the Visual C++ repairs that need the AST, the restriction checker
// and code generation. compileDevice (DeviceCompiler.cpp) runs it again
// while repairs change the file.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_LIB_FRONTEND_DEVICEPASS_H
#define AMPCC_LIB_FRONTEND_DEVICEPASS_H

#include "ampcc/Frontend/DeviceCompiler.h"
#include "ampcc/Frontend/VisualCppFiles.h"
#include "ampcc/Lex/SpecifierReorder.h"

#include <map>
#include <string>
#include <vector>

namespace ampcc {

class ForwardingDiagConsumer;

/// One run of the device pass over \p File; \p Overlays (absolute path to
/// contents) replace the files on disk: the main file and user headers as
/// the token pass and the Visual C++ repairs changed them.
DeviceCompileResult runDevicePass(const std::string &File,
                                  const std::vector<std::string> &FrontendArgs,
                                  const std::string &ClangPath,
                                  const std::map<std::string, std::string> &Overlays,
                                  const DeviceOptions &Opts, ForwardingDiagConsumer &Diags,
                                  const std::vector<ReorderResult::Misplaced> &Misplaced,
                                  VisualCppFileChanges *FileChanges = nullptr);

/// Builds the device pass's precompiled header of \p PrefixFile (which
/// includes <amp.h>) into \p Output, under the same \p FrontendArgs as
/// runDevicePass; fills \p Inputs with the files it read. False if it could
/// not be built (nothing is printed).
bool precompileDevicePrefix(const std::string &PrefixFile,
                            const std::vector<std::string> &FrontendArgs,
                            const std::string &ClangPath, const std::string &Output,
                            std::vector<std::string> &Inputs);

} // namespace ampcc

#endif // AMPCC_LIB_FRONTEND_DEVICEPASS_H
