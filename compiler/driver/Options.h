//===- Options.h - the ampcc command line -------------------------*- C++ -*-===//
//
// ampcc takes a gcc/clang-like command line. Options that only matter to the
// host compile or the link are forwarded; everything else is an error, so a
// typo is never silently ignored.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_DRIVER_OPTIONS_H
#define AMPCC_DRIVER_OPTIONS_H

#include <string>
#include <vector>

namespace ampcc {

enum class Action {
  Link,        ///< Default: compile and link an executable.
  Compile,     ///< -c: one object per input.
  SyntaxOnly,  ///< -fsyntax-only.
  EmitOpenCL,  ///< -emit-opencl: print the generated OpenCL C.
};

struct Options {
  Action Act = Action::Link;
  std::vector<std::string> Sources;     ///< C++ inputs.
  std::vector<std::string> LinkInputs;  ///< .o/.a/.so inputs.
  std::string Output;                   ///< -o
  std::vector<std::string> FrontendArgs; ///< -I/-D/-U/-std/-include/-W/-f...
  std::vector<std::string> CodegenArgs;  ///< -O/-g/-fPIC...
  std::vector<std::string> LinkArgs;     ///< -L/-l/-Wl,/-shared...
  std::vector<std::string> DepArgs;      ///< -MD/-MMD/-MF/-MT/-MQ
  std::string Std = "c++17";
  bool Verbose = false;
  bool SaveTemps = false;
  bool ShowVersion = false;
  bool ShowHelp = false;
  bool FPContract = true;  ///< -ffp-contract=off turns fusion off in kernels
  /// Function templates parsed when instantiated, as Visual C++ does;
  /// -fno-delayed-template-parsing turns it off.
  bool DelayedTemplateParsing = true;
};

/// Parses \p Argv into \p Opts; on error prints "ampcc: error: ..." and
/// returns false.
bool parseOptions(int Argc, const char *const *Argv, Options &Opts);

void printHelp();

} // namespace ampcc

#endif // AMPCC_DRIVER_OPTIONS_H
