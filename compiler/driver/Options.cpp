//===- Options.cpp - the ampcc command line ------------------------------===//
//
// Each option lands in the argument lists of the steps it matters to (see
// Options.h): both passes (-I, -D, -W), the host compile only (-O, -m...,
// -Xclang), the kernel stub compile (-fPIC), the link (-L, -Xlinker), or
// several of them (-fopenmp, -flto, -fsanitize=). Options.td lists them,
// each in the group of those steps, and LLVM's OptTable parses the command
// line with it, as clang's and lld's drivers do. Response files are
// expanded first, as clang does, because CMake and Ninja use them for long
// command lines.
//
//===----------------------------------------------------------------------===//
#include "Options.h"

#include "ampcc/Frontend/PtxCompiler.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Option/Option.h"
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

/// The spellings "did you mean" suggests: the options of Options.td as users
/// write them, with the common values of the prefixes (-O2, -Wall), and
/// without the refused ones and second spellings (--help, -h). A trailing
/// '=' marks a joined value.
static const char *const KnownSpellings[] = {
    "-###", "--help", "--version", "-dumpversion", "-v", "-c", "-S", "-E",
    "-o", "-x", "-fsyntax-only", "-emit-opencl", "-emit-ptx", "-emit-host-kernels",
    "-Xhost-kernels", "-fcuda",
    "-fno-cuda", "--cuda-gpu-arch=", "-save-temps", "-I",
    "-isystem", "-iquote", "-include", "-D", "-U", "-std=", "--std=", "-O0",
    "-O1", "-O2", "-O3", "-Os", "-Oz", "-g", "-fPIC", "-fpic", "-fPIE",
    "-fpie", "-pthread", "-march=", "-mtune=", "-mcpu=", "-m64", "-ffast-math",
    "-ffp-contract=", "-fms-extensions", "-fno-ms-extensions",
    "-fdelayed-template-parsing", "-fno-delayed-template-parsing",
    "-fms-headers", "-fno-ms-headers", "-frobust-buffer-access",
    "-fstrict-return", "-fno-strict-return", "-fstrict-aliasing",
    "-fno-strict-aliasing", "-fhost-kernels", "-fno-host-kernels", "-fpch-amp",
    "-fno-pch-amp",
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

namespace {

// The rows Options.inc writes name llvm::opt's flags and visibilities.
using namespace llvm::opt;

enum ID {
  OPT_INVALID = 0,
#define OPTION(...) LLVM_MAKE_OPT_ID(__VA_ARGS__),
#include "Options.inc"
#undef OPTION
};

#define PREFIX(NAME, VALUE)                                                    \
  constexpr llvm::StringLiteral NAME##_init[] = VALUE;                         \
  constexpr llvm::ArrayRef<llvm::StringLiteral> NAME(NAME##_init,              \
                                                     std::size(NAME##_init) - 1);
#include "Options.inc"
#undef PREFIX

constexpr llvm::opt::OptTable::Info InfoTable[] = {
#define OPTION(...) LLVM_CONSTRUCT_OPT_INFO(__VA_ARGS__),
#include "Options.inc"
#undef OPTION
};

/// The options of Options.td.
class AmpccOptTable : public llvm::opt::GenericOptTable {
public:
  AmpccOptTable() : GenericOptTable(InfoTable) {}
};

/// One pass over the parsed arguments, in command-line order.
class Parser {
public:
  Parser(const llvm::opt::InputArgList &Args, Options &Opts) : Args(Args), Opts(Opts) {}
  bool run(unsigned MissingIndex, unsigned MissingCount);

private:
  bool one(const llvm::opt::Arg &A);
  /// The options the driver reads itself (grp_driver), but for the
  /// -f/-fno- pairs, which readFlagPairs reads once the order is known.
  bool driverOption(const llvm::opt::Arg &A);
  void readFlagPairs();
  /// Checks the value of an option passed on, and notes what it means to
  /// ampcc (-O, -fno-rtti, -fsanitize=bounds, ...); false (error printed)
  /// if it is not valid.
  bool readPassedOption(const llvm::opt::Arg &A);
  /// Appends \p A, as written, to the argument lists of its group.
  void route(const llvm::opt::Arg &A);
  bool addInput(llvm::StringRef A);
  bool setStd(llvm::StringRef Std, llvm::StringRef Spelling);
  /// The argument as the user wrote it (the option's own, for an option
  /// whose value is the next argument).
  llvm::StringRef written(const llvm::opt::Arg &A) const {
    return Args.getArgString(A.getIndex());
  }

  const llvm::opt::InputArgList &Args;
  Options &Opts;
  bool SawOutputTwice = false;
  std::string Language; ///< -x: "" (by extension) or "c++"
};

/// An argument that names no option: a "did you mean" within two edits.
bool unknownArgument(llvm::StringRef A) {
  std::string Near = nearestSpelling(A);
  if (!Near.empty())
    return error("unknown argument '" + A + "'; did you mean '" + Near + "'?");
  return error("unknown argument: '" + A + "'");
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

bool Parser::run(unsigned MissingIndex, unsigned MissingCount) {
  for (const llvm::opt::Arg *A : Args)
    if (!one(*A))
      return false;
  readFlagPairs();
  // Only the last argument can lack its value.
  if (MissingCount)
    return error("argument to '" + llvm::Twine(Args.getArgString(MissingIndex)) +
                 "' is missing (expected 1 value)");
  if (Opts.ShowVersion || Opts.ShowHelp || Opts.DumpVersion)
    return true;
  if (Opts.Sources.empty() && Opts.LinkInputs.empty())
    return error("no input files");
  if (SawOutputTwice)
    return error("more than one '-o' given");
  bool PerSource = Opts.Act != Action::Link && !Opts.printsKernels() &&
                   Opts.Act != Action::SyntaxOnly;
  if (Opts.CudaArchs.empty())
    Opts.CudaArchs.push_back(defaultPtxArch());
  if (PerSource && Opts.Sources.size() > 1 && !Opts.Output.empty() &&
      Opts.Output != "-")
    return error("cannot specify '-o' with '-c', '-S' or '-E' and multiple "
                 "source files");
  if (Opts.Act != Action::Link && !Opts.LinkInputs.empty())
    return error("'" + Opts.LinkInputs.front() +
                 "': linker input unused when not linking");
  return true;
}

bool Parser::one(const llvm::opt::Arg &A) {
  const llvm::opt::Option &Opt = A.getOption();
  llvm::StringRef Written = written(A);
  if (Opt.getID() == OPT_INPUT) {
    // Still here after expansion: the file could not be read.
    if (Written.starts_with("@"))
      return error("cannot read response file '" + Written.drop_front() +
                   "': no such file or directory");
    return addInput(Written);
  }
  if (Opt.getID() == OPT_UNKNOWN)
    return unknownArgument(Written);
  if (Opt.matches(OPT_grp_refused))
    return error("option '" + Written + "' is not supported: " + Opt.getHelpText());
  if (Opt.matches(OPT_grp_driver))
    return driverOption(A);
  if (!readPassedOption(A))
    return false;
  route(A);
  return true;
}

bool Parser::driverOption(const llvm::opt::Arg &A) {
  switch (A.getOption().getID()) {
  case OPT_version:
    Opts.ShowVersion = true;
    break;
  case OPT_dumpversion:
    Opts.DumpVersion = true;
    break;
  case OPT_help:
  case OPT_h:
    Opts.ShowHelp = true;
    break;
  case OPT_v:
    Opts.Verbose = true;
    break;
  case OPT__HASH_HASH_HASH:
    Opts.DryRun = true;
    break;
  case OPT_save_temps:
    Opts.SaveTemps = true;
    break;
  case OPT_c:
    Opts.Act = Action::Compile;
    break;
  case OPT_S:
    Opts.Act = Action::Assemble;
    break;
  case OPT_E:
    Opts.Act = Action::Preprocess;
    break;
  case OPT_fsyntax_only:
    Opts.Act = Action::SyntaxOnly;
    break;
  case OPT_emit_opencl:
    Opts.Act = Action::EmitOpenCL;
    break;
  case OPT_emit_ptx:
    Opts.Act = Action::EmitPtx;
    break;
  case OPT_emit_host_kernels:
    Opts.Act = Action::EmitHostKernels;
    break;
  case OPT_Xhost_kernels:
    Opts.HostKernelArgs.push_back(A.getValue());
    break;
  case OPT_cuda_gpu_arch_EQ:
    if (!ptxSmVersion(A.getValue()))
      return error("invalid value '" + llvm::Twine(A.getValue()) + "' in '" +
                   written(A) + "': ampcc compiles PTX for sm_50 to sm_90a");
    if (!llvm::is_contained(Opts.CudaArchs, A.getValue()))
      Opts.CudaArchs.push_back(A.getValue());
    break;
  case OPT_o:
    SawOutputTwice = !Opts.Output.empty();
    Opts.Output = A.getValue();
    break;
  case OPT_x: {
    llvm::StringRef V = A.getValue();
    if (V != "c++" && V != "none")
      return error("language '" + V + "' in '-x " + V +
                   "' is not supported: ampcc compiles C++ (-x c++) only");
    Language = V == "c++" ? "c++" : "";
    break;
  }
  case OPT_std_EQ:
  case OPT__std:
    return setStd(A.getValue(), written(A));
  default:
    break; // the -f/-fno- pairs: readFlagPairs
  }
  return true;
}

void Parser::readFlagPairs() {
  // The last of a pair wins, as in clang.
  Opts.ShowOptionNames = Args.hasFlag(OPT_fdiagnostics_show_option,
                                      OPT_fno_diagnostics_show_option, Opts.ShowOptionNames);
  Opts.DelayedTemplateParsing =
      Args.hasFlag(OPT_fdelayed_template_parsing, OPT_fno_delayed_template_parsing,
                   Opts.DelayedTemplateParsing);
  Opts.MsHeaders = Args.hasFlag(OPT_fms_headers, OPT_fno_ms_headers, Opts.MsHeaders);
  Opts.StrictReturn =
      Args.hasFlag(OPT_fstrict_return, OPT_fno_strict_return, Opts.StrictReturn);
  Opts.StrictAliasing =
      Args.hasFlag(OPT_fstrict_aliasing, OPT_fno_strict_aliasing, Opts.StrictAliasing);
  Opts.PrecompiledAmp = Args.hasFlag(OPT_fpch_amp, OPT_fno_pch_amp, Opts.PrecompiledAmp);
  if (const llvm::opt::Arg *A =
          Args.getLastArg(OPT_frobust_buffer_access, OPT_fno_robust_buffer_access))
    Opts.RobustAccess = A->getOption().matches(OPT_frobust_buffer_access);
  Opts.NoRTTI = Args.hasFlag(OPT_fno_rtti, OPT_frtti, Opts.NoRTTI);
  Opts.Cuda = Args.hasFlag(OPT_fcuda, OPT_fno_cuda, Opts.Cuda);
  Opts.HostKernels = Args.hasFlag(OPT_fhost_kernels, OPT_fno_host_kernels, Opts.HostKernels);
}

bool Parser::readPassedOption(const llvm::opt::Arg &A) {
  llvm::StringRef Written = written(A);
  switch (A.getOption().getID()) {
  case OPT_ffp_contract_EQ: {
    llvm::StringRef Mode = A.getValue();
    if (Mode != "on" && Mode != "off" && Mode != "fast")
      return error("invalid value '" + Mode + "' in '" + Written + "'");
    Opts.FPContract = Mode != "off";
    return true;
  }
  case OPT_O: {
    llvm::StringRef Level = A.getValue();
    if (!(Level.empty() || Level == "0" || Level == "1" || Level == "2" ||
          Level == "3" || Level == "s" || Level == "z" || Level == "fast" ||
          Level == "g"))
      return error("invalid optimization level '" + Written + "'");
    return true;
  }
  case OPT_Xclang:
  case OPT_Xlinker:
    // Their argument is always the next one.
    if (Written != A.getSpelling())
      return error("unknown argument: '" + Written + "'");
    return true;
  case OPT_m:
    // -m alone, and -mllvm (LLVM's own options), are not host code flags.
    if (Written.size() == 2 || Written.starts_with("-mllvm"))
      return unknownArgument(Written);
    return true;
  case OPT_fsanitize:
  case OPT_fno_sanitize: {
    // `bounds` also checks every element access in kernels (checked mode),
    // and makes host accesses out of range throw std::out_of_range.
    bool Enables = Written.starts_with("-fsanitize="),
         Disables = Written.starts_with("-fno-sanitize=");
    if (Enables || Disables) {
      llvm::SmallVector<llvm::StringRef, 4> Kinds;
      Written.substr(Written.find('=') + 1).split(Kinds, ',');
      if (llvm::is_contained(Kinds, "bounds") || llvm::is_contained(Kinds, "array-bounds"))
        Opts.CheckBounds = Enables;
    }
    return true;
  }
  default:
    return true;
  }
}

void Parser::route(const llvm::opt::Arg &A) {
  llvm::opt::ArgStringList Rendered;
  A.render(Args, Rendered);
  auto To = [&](std::vector<std::string> &List) {
    List.insert(List.end(), Rendered.begin(), Rendered.end());
  };
  const llvm::opt::Option &Opt = A.getOption();
  bool HostLink = Opt.matches(OPT_grp_host_link), HostStub = Opt.matches(OPT_grp_host_stub);
  if (Opt.matches(OPT_grp_frontend))
    To(Opts.FrontendArgs);
  if (Opt.matches(OPT_grp_host) || HostLink || HostStub)
    To(Opts.CodegenArgs);
  if (HostStub)
    To(Opts.StubArgs);
  if (HostLink || Opt.matches(OPT_grp_link))
    To(Opts.LinkArgs);
  if (Opt.matches(OPT_grp_deps))
    To(Opts.DepArgs);
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
  AmpccOptTable Table;
  unsigned MissingIndex = 0, MissingCount = 0;
  llvm::opt::InputArgList Parsed =
      Table.ParseArgs(llvm::ArrayRef(Args).drop_front(), MissingIndex, MissingCount);
  return Parser(Parsed, Opts).run(MissingIndex, MissingCount);
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
         "  -emit-ptx          Print the kernels' PTX for the CUDA driver\n"
         "  -emit-host-kernels  Print the C of the kernels for the host backend\n"
         "  --cuda-gpu-arch=sm_XX  PTX for this GPU target (repeatable;\n"
         "                     default sm_70, which the driver compiles for\n"
         "                     every newer GPU); -fno-cuda: no PTX\n"
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
         "  -f[no-]host-kernels  Also compile kernels for this CPU, which the\n"
         "                     host backend runs (default: on)\n"
         "  -Xhost-kernels <arg>  Pass <arg> to the C compile of the host kernels\n"
         "  -fstrict-return -fstrict-aliasing  Let the optimizer assume a\n"
         "                     return on every path and type-based aliasing\n"
         "                     (default: off, as in Visual C++)\n"
         "  -fno-pch-amp       Parse <amp.h> in every file instead of loading\n"
         "                     it precompiled (AMPCC_PCH_DIR: where those are kept)\n"
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
         "  AMPCC_DUMP_CL=1             print OpenCL programs before building\n"
         "  AMPCC_BACKEND=opencl|cuda|host|all  which backends list devices\n"
         "  AMPCC_VERBOSE=1             print which backend runs them, and why\n";
}

} // namespace ampcc
