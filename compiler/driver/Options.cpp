//===- Options.cpp - the ampcc command line ------------------------------===//
//
// Each option lands in the argument lists of the steps it matters to (see
// Options.h): both passes (-I, -D, -W), the host compile only (-O, -m...,
// -Xclang), the kernel stub compile (-fPIC, -m64), the link (-L, -Xlinker),
// or several of them (-fopenmp, -flto, -fsanitize=). Response files are
// expanded first, as clang does, because CMake and Ninja use them for long
// command lines.
//
//===----------------------------------------------------------------------===//
#include "Options.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/StringSaver.h"
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

/// The spellings ampcc accepts, for "did you mean" suggestions. A trailing
/// '=' marks a joined value.
static const char *const KnownSpellings[] = {
    "-###", "--help", "--version", "-dumpversion", "-v", "-c", "-S", "-E",
    "-o", "-x", "-fsyntax-only", "-emit-opencl", "-save-temps", "-I",
    "-isystem", "-iquote", "-include", "-D", "-U", "-std=", "--std=", "-O0",
    "-O1", "-O2", "-O3", "-Os", "-Oz", "-g", "-fPIC", "-fpic", "-fPIE",
    "-fpie", "-pthread", "-march=", "-mtune=", "-mcpu=", "-m64", "-ffast-math",
    "-ffp-contract=", "-fms-extensions", "-fno-ms-extensions",
    "-fdelayed-template-parsing", "-fno-delayed-template-parsing",
    "-fms-headers", "-fno-ms-headers", "-frobust-buffer-access",
    "-fstrict-return", "-fno-strict-return", "-fstrict-aliasing",
    "-fno-strict-aliasing",
    "-fno-robust-buffer-access", "-fno-rtti", "-frtti", "-fexceptions", "-fopenmp",
    "-fopenmp=", "-flto", "-flto=", "-fno-lto", "-fsanitize=",
    "-fno-sanitize=", "-fsanitize-recover=", "-fuse-ld=", "-stdlib=", "-s",
    "-Xlinker", "-Xclang", "-MJ", "-MD", "-MMD", "-MP", "-MF", "-MT", "-MQ",
    "-L", "-l", "-Wl,", "-shared", "-static", "-rdynamic", "-pie", "-no-pie",
    "-w", "-pedantic", "-Werror", "-Wall", "-Wextra", "-Werror=",
    "-fcolor-diagnostics", "-fno-color-diagnostics", "-fdiagnostics-color",
    "-fdiagnostics-show-option", "-fno-diagnostics-show-option",
    "-fcaret-diagnostics", "-fno-caret-diagnostics", "-ferror-limit=", "-fvisibility=", "-fvisibility-inlines-hidden",
    "-ffunction-sections", "-fdata-sections", "-fomit-frame-pointer",
    "-fno-omit-frame-pointer", "-fstack-protector", "-fstack-protector-strong",
    "-fno-stack-protector"};

/// The closest known spelling within a small edit distance, as clang's
/// OptTable::findNearest offers it.
static std::string nearestSpelling(llvm::StringRef Arg) {
  std::string Best;
  unsigned BestDistance = 3; // suggest only within two edits
  for (llvm::StringRef Known : KnownSpellings) {
    llvm::StringRef Candidate = Arg;
    std::string Suffix;
    // A joined value is not part of the spelling: "-stdd=c++17" ~ "-std=".
    if (Known.ends_with("=") && Arg.contains('=')) {
      Candidate = Arg.substr(0, Arg.find('=') + 1);
      Suffix = Arg.substr(Arg.find('=') + 1).str();
    }
    unsigned D = Candidate.edit_distance(Known, true, BestDistance);
    if (D < BestDistance && D > 0) {
      BestDistance = D;
      Best = Known.str() + Suffix;
    }
  }
  return Best;
}

/// C++ standards clang 19 implements that <amp.h> compiles under (C++14 and
/// later; the headers use no newer feature unconditionally).
static bool supportedStandard(llvm::StringRef Std) {
  static const char *const Stds[] = {
      "c++14", "c++1y", "gnu++14", "gnu++1y", "c++17", "c++1z", "gnu++17",
      "gnu++1z", "c++20", "c++2a", "gnu++20", "gnu++2a", "c++23", "c++2b",
      "gnu++23", "gnu++2b", "c++2c", "c++26", "gnu++2c", "gnu++26"};
  for (llvm::StringRef S : Stds)
    if (S == Std)
      return true;
  return false;
}

/// Options ampcc cannot honour, with the reason; empty if \p A is not one.
static std::string rejectionReason(llvm::StringRef A) {
  if (A == "-fno-exceptions")
    return "C++ AMP reports errors as exceptions (concurrency::runtime_exception "
           "and its subclasses), so <amp.h> needs them";
  if (A == "-m32" || A == "-mx32" || A == "-m16")
    return "the ampcc runtime is built for x86-64 only";
  if (A == "-stdlib=libc++")
    return "the ampcc runtime is built against libstdc++; libc++ objects "
           "cannot share its std:: types";
  if (A == "-emit-llvm")
    return "kernels are generated as OpenCL C (use -emit-opencl); host code "
           "is compiled by clang++";
  if (A.starts_with("-fsycl") || A.starts_with("-fopenmp-targets") ||
      A.starts_with("--cuda") || A.starts_with("--offload") ||
      A.starts_with("-fgpu-rdc"))
    return "ampcc chooses the offload model itself (C++ AMP kernels run "
           "through OpenCL)";
  return "";
}

/// Front-end options with a value, separate or joined ("-I dir", "-Idir").
/// Longer names first: "-include" must not read as "-I" "nclude".
static llvm::StringRef frontendValueFlag(llvm::StringRef A) {
  for (llvm::StringRef Flag : {"-include", "-isystem", "-iquote", "-I", "-D", "-U"})
    if (A.starts_with(Flag))
      return Flag;
  return "";
}

namespace {

/// One pass over the expanded arguments.
class Parser {
public:
  Parser(llvm::ArrayRef<const char *> Args, Options &Opts)
      : Args(Args), Opts(Opts) {}
  bool run();

private:
  bool one(llvm::StringRef A);
  /// "-F value" or "-Fvalue" (or "-F=value" when \p Eq); 1 if matched,
  /// 0 if not, -1 (error printed) if the value is missing.
  int value(llvm::StringRef A, llvm::StringRef Flag, std::string &Out,
            bool Eq = false);
  bool addInput(llvm::StringRef A);
  bool setStd(llvm::StringRef Std, llvm::StringRef Spelling);

  llvm::ArrayRef<const char *> Args;
  Options &Opts;
  size_t I = 0;
  bool SawOutputTwice = false;
  std::string Language; ///< -x: "" (by extension) or "c++"
};

int Parser::value(llvm::StringRef A, llvm::StringRef Flag, std::string &Out,
                  bool Eq) {
  if (A == Flag) {
    if (I + 1 >= Args.size()) {
      error("argument to '" + Flag + "' is missing (expected 1 value)");
      return -1;
    }
    Out = Args[++I];
    return 1;
  }
  if (Eq && A.starts_with(Flag) && A.size() > Flag.size() && A[Flag.size()] == '=') {
    Out = A.substr(Flag.size() + 1).str();
    return 1;
  }
  if (!Eq && A.starts_with(Flag) && A.size() > Flag.size()) {
    Out = A.substr(Flag.size()).str();
    return 1;
  }
  return 0;
}

bool Parser::addInput(llvm::StringRef A) {
  if (Language == "c++" || (Language.empty() && isSourceFile(A)))
    Opts.Sources.push_back(A.str());
  else
    Opts.LinkInputs.push_back(A.str());
  return true;
}

bool Parser::setStd(llvm::StringRef Std, llvm::StringRef Spelling) {
  if (!supportedStandard(Std)) {
    if (Std.starts_with("c++") || Std.starts_with("gnu++"))
      return error("invalid value '" + Std + "' in '" + Spelling +
                   "': ampcc supports C++14 to C++26 (c++14, c++17, c++20, "
                   "c++23, c++2c and their gnu++ forms)");
    return error("invalid value '" + Std + "' in '" + Spelling +
                 "': ampcc compiles C++ only (use c++14 .. c++2c)");
  }
  Opts.Std = Std.str();
  return true;
}

bool Parser::run() {
  for (I = 1; I < Args.size(); ++I)
    if (!Args[I] || !one(Args[I]))
      return false;
  if (Opts.ShowVersion || Opts.ShowHelp || Opts.DumpVersion)
    return true;
  if (Opts.Sources.empty() && Opts.LinkInputs.empty())
    return error("no input files");
  if (SawOutputTwice)
    return error("more than one '-o' given");
  bool PerSource = Opts.Act != Action::Link && Opts.Act != Action::EmitOpenCL &&
                   Opts.Act != Action::SyntaxOnly;
  if (PerSource && Opts.Sources.size() > 1 && !Opts.Output.empty() &&
      Opts.Output != "-")
    return error("cannot specify '-o' with '-c', '-S' or '-E' and multiple "
                 "source files");
  if (Opts.Act != Action::Link && !Opts.LinkInputs.empty())
    return error("'" + Opts.LinkInputs.front() +
                 "': linker input unused when not linking");
  return true;
}

bool Parser::one(llvm::StringRef A) {
  std::string V;
  int R;
  auto Both = [&](std::vector<std::string> &X, std::vector<std::string> &Y) {
    X.push_back(A.str());
    Y.push_back(A.str());
  };

  // Actions and driver behaviour.
  if (A == "--version" || A == "-version") {
    Opts.ShowVersion = true;
  } else if (A == "-dumpversion") {
    Opts.DumpVersion = true;
  } else if (A == "--help" || A == "-help" || A == "-h") {
    Opts.ShowHelp = true;
  } else if (A == "-v") {
    Opts.Verbose = true;
  } else if (A == "-###") {
    Opts.DryRun = true;
  } else if (A == "-save-temps" || A == "--save-temps") {
    Opts.SaveTemps = true;
  } else if (A == "-c") {
    Opts.Act = Action::Compile;
  } else if (A == "-S") {
    Opts.Act = Action::Assemble;
  } else if (A == "-E") {
    Opts.Act = Action::Preprocess;
  } else if (A == "-fsyntax-only") {
    Opts.Act = Action::SyntaxOnly;
  } else if (A == "-emit-opencl" || A == "--emit-opencl") {
    Opts.Act = Action::EmitOpenCL;
  } else if ((R = value(A, "-o", V))) {
    if (R < 0)
      return false;
    SawOutputTwice = !Opts.Output.empty();
    Opts.Output = V;
  } else if ((R = value(A, "-x", V))) {
    if (R < 0)
      return false;
    if (V == "c++" || V == "none")
      Language = V == "c++" ? "c++" : "";
    else
      return error("language '" + V + "' in '-x " + V +
                   "' is not supported: ampcc compiles C++ (-x c++) only");

  // Language.
  } else if (A.starts_with("-std=")) {
    return setStd(A.substr(5), A);
  } else if ((R = value(A, "--std", V, /*Eq=*/true))) {
    return R > 0 && setStd(V, A);
  } else if (std::string Why = rejectionReason(A); !Why.empty()) {
    return error("option '" + A + "' is not supported: " + Why);
  } else if (A == "-fno-rtti") {
    Opts.NoRTTI = true;
    Opts.CodegenArgs.push_back(A.str());
  } else if (A == "-frtti") {
    Opts.NoRTTI = false;
    Opts.CodegenArgs.push_back(A.str());
  } else if (A == "-fexceptions") {
    Opts.CodegenArgs.push_back(A.str());

  // Both passes: include paths, macros, diagnostics.
  } else if (llvm::StringRef Flag = frontendValueFlag(A); !Flag.empty()) {
    if (value(A, Flag, V) < 0)
      return false;
    Opts.FrontendArgs.push_back(Flag.str());
    Opts.FrontendArgs.push_back(V);
  } else if (A.starts_with("-W") && !A.starts_with("-Wl,")) {
    Opts.FrontendArgs.push_back(A.str());
  } else if (A == "-fdiagnostics-show-option") {
    Opts.ShowOptionNames = true;
  } else if (A == "-fno-diagnostics-show-option") {
    Opts.ShowOptionNames = false;
  } else if (A == "-w" || A == "-pedantic" || A == "-pedantic-errors" ||
             A.starts_with("-ferror-limit=") ||
             A.starts_with("-fcolor-diagnostics") ||
             A.starts_with("-fno-color-diagnostics") ||
             A == "-fcaret-diagnostics" || A == "-fno-caret-diagnostics" ||
             A.starts_with("-fdiagnostics-")) {
    Opts.FrontendArgs.push_back(A.str());

  // Kernels and host code.
  } else if (A == "-fms-extensions" || A == "-fno-ms-extensions") {
    Opts.FrontendArgs.push_back(A.str());
  } else if (A == "-fdelayed-template-parsing" || A == "-fno-delayed-template-parsing") {
    Opts.DelayedTemplateParsing = A == "-fdelayed-template-parsing";
  } else if (A == "-fms-headers" || A == "-fno-ms-headers") {
    Opts.MsHeaders = A == "-fms-headers";
  } else if (A == "-fstrict-return" || A == "-fno-strict-return") {
    Opts.StrictReturn = A == "-fstrict-return";
  } else if (A == "-fstrict-aliasing" || A == "-fno-strict-aliasing") {
    Opts.StrictAliasing = A == "-fstrict-aliasing";
  } else if (A == "-frobust-buffer-access" || A == "-fno-robust-buffer-access") {
    Opts.RobustAccess = A == "-frobust-buffer-access";
  } else if (A.starts_with("-ffp-contract=")) {
    llvm::StringRef Mode = A.substr(strlen("-ffp-contract="));
    if (Mode != "on" && Mode != "off" && Mode != "fast")
      return error("invalid value '" + Mode + "' in '" + A + "'");
    Opts.FPContract = Mode != "off";
    Opts.CodegenArgs.push_back(A.str());
  } else if (A.starts_with("-O")) {
    llvm::StringRef Level = A.substr(2);
    if (!(Level.empty() || Level == "0" || Level == "1" || Level == "2" ||
          Level == "3" || Level == "s" || Level == "z" || Level == "fast" ||
          Level == "g"))
      return error("invalid optimization level '" + A + "'");
    Opts.CodegenArgs.push_back(A.str());
    // -O and -Og are -O1 (clang); -Os, -Oz and -Ofast optimise as -O2.
    Opts.OptLevel = Level == "0" ? 0 : Level.empty() || Level == "1" || Level == "g" ? 1
                                 : Level == "3" ? 3 : 2;

  // Host compile only.
  } else if ((R = value(A, "-Xclang", V))) {
    if (R < 0 || A != "-Xclang")
      return R < 0 ? false : error("unknown argument: '" + A + "'");
    Opts.CodegenArgs.insert(Opts.CodegenArgs.end(), {"-Xclang", V});
  } else if ((R = value(A, "-MJ", V))) {
    if (R < 0)
      return false;
    Opts.CodegenArgs.insert(Opts.CodegenArgs.end(), {"-MJ", V});
  } else if (A.starts_with("-g") || A == "-ffast-math" ||
             A.starts_with("-march=") || A.starts_with("-mtune=") ||
             A.starts_with("-mcpu=") || A.starts_with("-fvisibility") ||
             A == "-ffunction-sections" || A == "-fdata-sections" ||
             A == "-fomit-frame-pointer" || A == "-fno-omit-frame-pointer" ||
             A.starts_with("-fstack-protector") || A == "-fno-stack-protector" ||
             (A.starts_with("-m") && A.size() > 2 && !A.starts_with("-mllvm"))) {
    // -g also reaches the link (debug info of the final binary); -m flags
    // (-mavx2, -mfma, -mno-red-zone) tune host code only: kernels are
    // compiled for the device by its OpenCL driver.
    Opts.CodegenArgs.push_back(A.str());
    if (A.starts_with("-g") || A == "-m64")
      Opts.LinkArgs.push_back(A.str());

  // Host compile, kernel stub compile and link.
  } else if (A == "-fPIC" || A == "-fpic" || A == "-fPIE" || A == "-fpie") {
    Both(Opts.CodegenArgs, Opts.StubArgs);
  } else if (A == "-pthread" || A == "-fopenmp" || A.starts_with("-fopenmp=") ||
             A.starts_with("-flto") || A == "-fno-lto" ||
             A.starts_with("-fsanitize") || A.starts_with("-fno-sanitize") ||
             A == "-stdlib=libstdc++") {
    // Compile and link must agree on these, as with clang++.
    Both(Opts.CodegenArgs, Opts.LinkArgs);
    // `bounds` also checks every element access in kernels (checked mode),
    // and makes host accesses out of range throw std::out_of_range.
    bool Enables = A.starts_with("-fsanitize="), Disables = A.starts_with("-fno-sanitize=");
    if (Enables || Disables) {
      llvm::SmallVector<llvm::StringRef, 4> Kinds;
      A.substr(A.find('=') + 1).split(Kinds, ',');
      if (llvm::is_contained(Kinds, "bounds") || llvm::is_contained(Kinds, "array-bounds"))
        Opts.CheckBounds = Enables;
    }

  // Dependency files.
  } else if (A == "-MD" || A == "-MMD" || A == "-MP") {
    Opts.DepArgs.push_back(A.str());
  } else if (A == "-MF" || A == "-MT" || A == "-MQ") {
    if (I + 1 >= Args.size())
      return error("argument to '" + A + "' is missing (expected 1 value)");
    Opts.DepArgs.push_back(A.str());
    Opts.DepArgs.push_back(Args[++I]);

  // Link only.
  } else if ((R = value(A, "-L", V))) {
    if (R < 0)
      return false;
    Opts.LinkArgs.push_back("-L" + V);
  } else if ((R = value(A, "-l", V))) {
    if (R < 0)
      return false;
    Opts.LinkArgs.push_back("-l" + V);
  } else if ((R = value(A, "-Xlinker", V))) {
    if (R < 0 || A != "-Xlinker")
      return R < 0 ? false : error("unknown argument: '" + A + "'");
    Opts.LinkArgs.insert(Opts.LinkArgs.end(), {"-Xlinker", V});
  } else if (A.starts_with("-Wl,") || A == "-shared" || A == "-static" ||
             A == "-rdynamic" || A == "-pie" || A == "-no-pie" || A == "-s" ||
             A.starts_with("-fuse-ld=") || A.starts_with("--ld-path=")) {
    Opts.LinkArgs.push_back(A.str());

  } else if (A.starts_with("@")) {
    // Still here after expansion: the file could not be read.
    return error("cannot read response file '" + A.drop_front() +
                 "': no such file or directory");
  } else if (A.starts_with("-") && A != "-") {
    std::string Near = nearestSpelling(A);
    if (!Near.empty())
      return error("unknown argument '" + A + "'; did you mean '" + Near + "'?");
    return error("unknown argument: '" + A + "'");
  } else {
    return addInput(A);
  }
  return true;
}

} // namespace

bool parseOptions(int Argc, const char *const *Argv, Options &Opts) {
  // @file arguments, GNU quoting, nested files relative to the including one.
  static llvm::BumpPtrAllocator Alloc;
  llvm::SmallVector<const char *, 64> Args(Argv, Argv + Argc);
  llvm::cl::ExpansionContext Expander(Alloc, llvm::cl::TokenizeGNUCommandLine);
  Expander.setRelativeNames(true);
  if (llvm::Error E = Expander.expandResponseFiles(Args)) {
    std::string Msg = llvm::toString(std::move(E));
    return error(Msg);
  }
  return Parser(Args, Opts).run();
}

void printHelp() {
  llvm::outs()
      << "OVERVIEW: ampcc - C++ AMP compiler for OpenCL devices\n\n"
         "USAGE: ampcc [options] file...\n\n"
         "OPTIONS:\n"
         "  -o <file>          Write output to <file> ('-': standard output)\n"
         "  -c                 Compile to an object file, do not link\n"
         "  -S                 Write host assembly (kernels: -emit-opencl)\n"
         "  -E                 Preprocess only (the host pass's view)\n"
         "  -fsyntax-only      Check the code (host and restrict(amp)) only\n"
         "  -emit-opencl       Print the generated OpenCL C of every kernel\n"
         "  -x c++|none        Treat the following inputs as C++ sources\n"
         "  -I<dir> -D<macro>[=<val>] -U<macro> -include <file> -isystem <dir>\n"
         "  -O0 -O1 -O2 -O3 -Os  Optimization level (host code and kernels)\n"
         "  -g                 Debug information for host code\n"
         "  -std=<std>         c++14, c++17 (default), c++20, c++23, c++2c\n"
         "  -W<warning> -Werror -w  Warnings of host and amp code\n"
         "  -fno-rtti          No RTTI (kernels are found by name)\n"
         "  -ffp-contract=off  Never fuse a*b+c in kernels\n"
         "  -f[no-]robust-buffer-access  Kernel reads outside an array's buffer\n"
         "                     give 0 and writes there are dropped, as in\n"
         "                     Direct3D (default: on)\n"
         "  -fstrict-return -fstrict-aliasing  Let the optimizer assume a\n"
         "                     return on every path and type-based aliasing\n"
         "                     (default: off, as in Visual C++)\n"
         "  -fno-ms-headers    No <windows.h>, Microsoft STL header names,\n"
         "                     __min/__max or std::exception(\"message\")\n"
         "  -m<flag> -march=<cpu> -Xclang <arg> -MJ <file>  Host compile only\n"
         "  -fopenmp -flto -fsanitize=<list> -pthread  Host compile and link\n"
         "  -L<dir> -l<lib> -Wl,<arg> -Xlinker <arg> -fuse-ld=<ld> -s -shared\n"
         "                     Passed to the linker\n"
         "  -MD -MMD -MF <f> -MT <t>  Write make-style dependencies\n"
         "  @<file>            Read more options from <file>\n"
         "  -save-temps        Keep the generated host stub and OpenCL C\n"
         "  -v                 Print the commands ampcc runs\n"
         "  -###               Print the commands, run nothing\n"
         "  --version -dumpversion  Print the version\n\n"
         "ENVIRONMENT (at run time; see docs/user-guide.md):\n"
         "  CPPAMP_DEFAULT_ACCELERATOR  device path of the default accelerator\n"
         "  AMPCC_PROFILE=1             print a kernel and transfer profile at exit\n"
         "  AMPCC_TRACE_FILE=<file>     write a Chrome trace (Perfetto)\n"
         "  AMPCC_TRACE=1               print transfers and launches\n"
         "  AMPCC_DUMP_CL=1             print OpenCL programs before building\n";
}

} // namespace ampcc
