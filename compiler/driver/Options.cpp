//===- Options.cpp - the ampcc command line ------------------------------===//
#include "Options.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

namespace ampcc {

static bool error(const llvm::Twine &Msg) {
  llvm::errs() << "ampcc: error: " << Msg << "\n";
  return false;
}

static bool isSourceFile(llvm::StringRef F) {
  return F.ends_with(".cpp") || F.ends_with(".cc") || F.ends_with(".cxx") ||
         F.ends_with(".C") || F.ends_with(".c++") || F.ends_with(".cp");
}

/// Front-end options with a value, separate or joined ("-I dir", "-Idir").
/// Longer names first: "-include" must not read as "-I" "nclude".
static llvm::StringRef frontendValueFlag(llvm::StringRef A) {
  for (llvm::StringRef Flag : {"-include", "-isystem", "-I", "-D", "-U"})
    if (A.starts_with(Flag))
      return Flag;
  return "";
}

bool parseOptions(int Argc, const char *const *Argv, Options &Opts) {
  bool SawOutputTwice = false;
  for (int I = 1; I < Argc; ++I) {
    llvm::StringRef A = Argv[I];
    // Options that take their value as the next argument, or joined.
    auto Value = [&](llvm::StringRef Flag, std::string &Out) -> int {
      if (A == Flag) {
        if (I + 1 >= Argc) {
          error("argument to '" + Flag + "' is missing");
          return -1;
        }
        Out = Argv[++I];
        return 1;
      }
      if (A.starts_with(Flag) && A.size() > Flag.size()) {
        Out = A.substr(Flag.size()).str();
        return 1;
      }
      return 0;
    };
    std::string V;
    int R;
    if (A == "--version" || A == "-version") {
      Opts.ShowVersion = true;
    } else if (A == "--help" || A == "-help" || A == "-h") {
      Opts.ShowHelp = true;
    } else if (A == "-v") {
      Opts.Verbose = true;
    } else if (A == "-save-temps" || A == "--save-temps") {
      Opts.SaveTemps = true;
    } else if (A == "-c") {
      Opts.Act = Action::Compile;
    } else if (A == "-fsyntax-only") {
      Opts.Act = Action::SyntaxOnly;
    } else if (A == "-emit-opencl" || A == "--emit-opencl") {
      Opts.Act = Action::EmitOpenCL;
    } else if ((R = Value("-o", V))) {
      if (R < 0)
        return false;
      SawOutputTwice = !Opts.Output.empty();
      Opts.Output = V;
    } else if (llvm::StringRef Flag = frontendValueFlag(A); !Flag.empty()) {
      if (Value(Flag, V) < 0)
        return false;
      Opts.FrontendArgs.push_back(Flag.str());
      Opts.FrontendArgs.push_back(V);
    } else if (A.starts_with("-ffp-contract=")) {
      llvm::StringRef Mode = A.substr(strlen("-ffp-contract="));
      if (Mode != "on" && Mode != "off" && Mode != "fast")
        return error("invalid value '" + Mode + "' in '" + A + "'");
      Opts.FPContract = Mode != "off";
      Opts.CodegenArgs.push_back(A.str());
    } else if (A == "-fms-extensions" || A == "-fno-ms-extensions") {
      Opts.FrontendArgs.push_back(A.str());
    } else if (A == "-fdelayed-template-parsing" ||
               A == "-fno-delayed-template-parsing") {
      Opts.DelayedTemplateParsing = A == "-fdelayed-template-parsing";
    } else if (A.starts_with("-std=")) {
      Opts.Std = A.substr(5).str();
      if (Opts.Std != "c++17" && Opts.Std != "c++20" && Opts.Std != "gnu++17" &&
          Opts.Std != "gnu++20" && Opts.Std != "c++2a" && Opts.Std != "c++1z")
        return error("unsupported language standard '" + Opts.Std +
                     "' (ampcc supports c++17 and c++20)");
    } else if (A.starts_with("-O")) {
      llvm::StringRef Level = A.substr(2);
      if (!(Level.empty() || Level == "0" || Level == "1" || Level == "2" ||
            Level == "3" || Level == "s" || Level == "z" || Level == "fast"))
        return error("invalid optimization level '" + A + "'");
      Opts.CodegenArgs.push_back(A.str());
    } else if (A == "-g" || A.starts_with("-g") || A == "-fPIC" ||
               A == "-fpic" || A == "-fPIE" || A == "-pthread" ||
               A.starts_with("-march=") || A.starts_with("-mtune=") ||
               A == "-ffast-math" || A == "-fno-rtti" || A == "-fexceptions") {
      Opts.CodegenArgs.push_back(A.str());
      if (A == "-pthread")
        Opts.LinkArgs.push_back(A.str());
    } else if (A.starts_with("-fvisibility") || A == "-ffunction-sections" ||
               A == "-fdata-sections" || A == "-fomit-frame-pointer" ||
               A == "-fno-omit-frame-pointer" ||
               A.starts_with("-fstack-protector") || A == "-fno-stack-protector") {
      // Host code generation only: CMake's CXX_VISIBILITY_PRESET and
      // VISIBILITY_INLINES_HIDDEN, and distributions' default CXXFLAGS.
      Opts.CodegenArgs.push_back(A.str());
    } else if (A.starts_with("-W") && !A.starts_with("-Wl,")) {
      Opts.FrontendArgs.push_back(A.str());
    } else if (A == "-w" || A == "-pedantic" || A == "-ferror-limit" ||
               A.starts_with("-ferror-limit=") || A.starts_with("-fcolor-diagnostics") ||
               A.starts_with("-fno-color-diagnostics") || A.starts_with("-fdiagnostics-")) {
      Opts.FrontendArgs.push_back(A.str());
    } else if (A == "-MD" || A == "-MMD" || A == "-MP") {
      Opts.DepArgs.push_back(A.str());
    } else if (A == "-MF" || A == "-MT" || A == "-MQ") {
      if (I + 1 >= Argc)
        return error("argument to '" + A + "' is missing");
      Opts.DepArgs.push_back(A.str());
      Opts.DepArgs.push_back(Argv[++I]);
    } else if ((R = Value("-L", V))) {
      if (R < 0)
        return false;
      Opts.LinkArgs.push_back("-L" + V);
    } else if ((R = Value("-l", V))) {
      if (R < 0)
        return false;
      Opts.LinkArgs.push_back("-l" + V);
    } else if (A.starts_with("-Wl,") || A == "-shared" || A == "-static" ||
               A == "-rdynamic" || A == "-pie" || A == "-no-pie") {
      Opts.LinkArgs.push_back(A.str());
    } else if (A.starts_with("-") && A != "-") {
      return error("unknown argument: '" + A + "'");
    } else if (isSourceFile(A)) {
      Opts.Sources.push_back(A.str());
    } else {
      Opts.LinkInputs.push_back(A.str());
    }
  }
  if (Opts.ShowVersion || Opts.ShowHelp)
    return true;
  if (Opts.Sources.empty() && Opts.LinkInputs.empty())
    return error("no input files");
  if (SawOutputTwice)
    return error("more than one '-o' given");
  if (Opts.Act == Action::Compile && Opts.Sources.size() > 1 && !Opts.Output.empty())
    return error("cannot specify '-o' with '-c' and multiple source files");
  if (Opts.Act != Action::Link && !Opts.LinkInputs.empty())
    return error("'" + Opts.LinkInputs.front() +
                 "': linker input unused when not linking");
  return true;
}

void printHelp() {
  llvm::outs()
      << "OVERVIEW: ampcc - C++ AMP compiler for OpenCL devices\n\n"
         "USAGE: ampcc [options] file...\n\n"
         "OPTIONS:\n"
         "  -o <file>          Write output to <file>\n"
         "  -c                 Compile to an object file, do not link\n"
         "  -fsyntax-only      Check the code (host and restrict(amp)) only\n"
         "  -emit-opencl       Print the generated OpenCL C of every kernel\n"
         "  -I<dir> -D<macro>[=<val>] -U<macro> -include <file>\n"
         "  -O0 -O1 -O2 -O3 -Os  Optimization level (host code and kernels)\n"
         "  -g                 Debug information for host code\n"
         "  -std=c++17|c++20   Language standard (default c++17)\n"
         "  -MD -MMD -MF <f> -MT <t>  Write make-style dependencies\n"
         "  -fno-delayed-template-parsing  Parse templates where they are written\n"
         "                     (default: when instantiated, as Visual C++ does)\n"
         "  -L<dir> -l<lib> -Wl,<arg>  Passed to the linker\n"
         "  -save-temps        Keep the generated host stub and OpenCL C\n"
         "  -v                 Print the commands ampcc runs\n"
         "  --version          Print the version\n\n"
         "ENVIRONMENT (at run time):\n"
         "  CPPAMP_DEFAULT_ACCELERATOR  device path of the default accelerator\n"
         "  AMPCC_TRACE=1               print transfers and launches\n"
         "  AMPCC_DUMP_CL=1             print OpenCL programs before building\n";
}

} // namespace ampcc
