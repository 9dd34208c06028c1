//===- ampcc.cpp - the C++ AMP compiler driver --------------------------===//
//
// For each C++ source the driver
//  1. parses it in-process with Clang in HIP device mode, finds the kernels
//     and generates their OpenCL C (compiler/lib);
//  2. writes a host stub (OpenCL C text + kernel descriptors) and compiles it;
//  3. compiles the source itself with clang++ in HIP host mode;
// then links all objects with the runtime and the OpenCL ICD loader.
// With -c, the user object and its stub are combined into one relocatable
// object (ld -r), so build systems see one object per source as usual.
//
//===----------------------------------------------------------------------===//
#include "HostKernels.h"
#include "KernelKeys.h"
#include "LinkDiagnostics.h"
#include "Options.h"
#include "PtxKernels.h"
#include "PrecompiledHeaders.h"
#include "TempFiles.h"
#include "Toolchain.h"

#include "ampcc/CodeGen/HostStub.h"
#include "ampcc/Frontend/DeviceCompiler.h"

#include "llvm/ADT/StringExtras.h"

#include <cstring>
#include <optional>
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace ampcc;

namespace {

/// One source's compile, as its steps (Driver::compileSource) share it.
struct SourceCompile {
  std::string Src;
  std::vector<std::string> Frontend; ///< clang's arguments for both passes
  bool ToStdout = false;             ///< -o -
  std::string FinalObject;           ///< what the user gets (-c, -S)
  std::string UserObject;            ///< the host pass's object
  std::vector<std::string> HostBase; ///< the host compile, without its input
  std::string DepFile;               ///< -MF's file, if any
  bool StartsWithAmp = false;        ///< <amp.h> may come precompiled
  std::string HostPCH;               ///< the host pass's precompiled <amp.h>
  std::string HostSrc;               ///< what the host pass compiles
  std::vector<std::string> HostExtra; ///< its options for a rewritten file
  std::string HostErr;
  llvm::sys::ProcessInfo Host;
  DeviceCompileResult Device;
  std::vector<PtxImage> Ptx; ///< the kernels for the CUDA driver
  bool HasStub = false; ///< kernels, or a wide entry point, need one
  std::string StubObject, StubErr;
  llvm::sys::ProcessInfo StubProc;
  HostKernelCompiles HostKernels; ///< -fhost-kernels' compiles
};

class Driver {
public:
  Driver(const Options &Opts, const Toolchain &TC)
      : Opts(Opts), TC(TC), Prefixes(makePrecompiledAmpCache(TC)) {}
  ~Driver() {
    if (!TempDir.empty() && !Opts.SaveTemps)
      llvm::sys::fs::remove_directories(TempDir);
  }

  int run();

private:
  /// Compiles one source: its device pass, host pass and kernel stub, one
  /// step a function below, in the order they run.
  bool compileSource(const std::string &Src, std::string &OpenCLOut);
  std::vector<std::string> frontendArgs() const;
  /// -E: the host pass's preprocessor only.
  bool preprocess(const SourceCompile &C);
  /// The object (or assembly) the user gets, and the host pass's own.
  void chooseObjects(SourceCompile &C);
  /// The host compile's command, without its input (SourceCompile::HostBase).
  void buildHostCommand(SourceCompile &C);
  /// Whether <amp.h> comes precompiled, and the host pass's header.
  void choosePrecompiledAmp(SourceCompile &C);
  /// The host compile of \p HostSrc, with \p Extra options for it.
  std::vector<std::string> hostCommand(const SourceCompile &C, const std::string &HostSrc,
                                       llvm::ArrayRef<std::string> Extra) const;
  /// The device pass, in process; stops the host pass it makes useless.
  bool runDevicePass(SourceCompile &C);
  /// What the host pass compiles after the device pass repaired the file,
  /// and the host pass restarted on it.
  bool prepareHostSource(SourceCompile &C);
  bool writeRewrittenSource(SourceCompile &C);
  bool overlayRewrittenHeaders(SourceCompile &C);
  bool overlayIncludeSpellings(SourceCompile &C);
  /// Writes \p Overlay and gives it to the host pass.
  bool addOverlay(SourceCompile &C, llvm::vfs::YAMLVFSWriter &Overlay,
                  llvm::StringRef Suffix);
  /// The host stub's text; nullopt (error printed) where it cannot be made.
  std::optional<std::string> stubText(const SourceCompile &C);
  /// Writes the host stub and starts its compile.
  bool compileStub(SourceCompile &C);
  bool fixDependencyFile(const SourceCompile &C);
  /// -c: the source's one object; else the objects to link.
  bool placeObjects(const SourceCompile &C);
  std::string tempFile(const std::string &Src, llvm::StringRef Suffix);
  std::vector<std::string> dependencyArgs(const std::string &Object);
  static std::string objectNameFor(const std::string &Src, llvm::StringRef Ext);
  bool copyToStdout(const std::string &Path);

  const Options &Opts;
  const Toolchain &TC;
  PrecompiledAmpCache Prefixes;
  std::string TempDir;
  std::vector<std::string> Objects;
  /// What the sources compiled here define at namespace scope.
  std::vector<DeviceCompileResult::GlobalVariable> Globals;
  unsigned TempCounter = 0;
};

/// A stable identifier of one compilation: the source's absolute path and
/// the object it becomes.
static std::string compilationUnitID(const std::string &Src,
                                     const std::string &Object) {
  llvm::SmallString<256> Abs(Src);
  llvm::sys::fs::make_absolute(Abs);
  uint64_t Hash = llvm::xxh3_64bits(Abs.str().str() + "|" + Object);
  return llvm::utohexstr(Hash, /*LowerCase=*/true);
}

std::string Driver::objectNameFor(const std::string &Src, llvm::StringRef Ext) {
  llvm::SmallString<128> Name(llvm::sys::path::filename(Src));
  llvm::sys::path::replace_extension(Name, Ext);
  return Name.str().str();
}

/// `-o -`: the output was written to a temporary file; copy its bytes.
bool Driver::copyToStdout(const std::string &Path) {
  if (TC.DryRun)
    return true;
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false);
  if (!Buf) {
    llvm::errs() << "ampcc: error: cannot read '" << Path
                 << "': " << Buf.getError().message() << "\n";
    return false;
  }
  llvm::outs() << (*Buf)->getBuffer();
  llvm::outs().flush();
  return true;
}

std::string Driver::tempFile(const std::string &Src, llvm::StringRef Suffix) {
  if (TempDir.empty()) {
    llvm::SmallString<128> Dir;
    if (Opts.SaveTemps) {
      Dir = ".";
    } else if (std::error_code EC =
                   llvm::sys::fs::createUniqueDirectory("ampcc", Dir)) {
      llvm::errs() << "ampcc: error: cannot create a temporary directory: "
                   << EC.message() << "\n";
      std::exit(1);
    }
    TempDir = Dir.str().str();
    if (!Opts.SaveTemps)
      removeOnSignal(TempDir);
  }
  llvm::SmallString<128> Stem(llvm::sys::path::filename(Src));
  llvm::sys::path::replace_extension(Stem, "");
  std::string Path = TempDir + "/" + Stem.str().str() + "-" +
                     std::to_string(TempCounter++) + Suffix.str();
  if (!Opts.SaveTemps)
    removeOnSignal(Path);
  return Path;
}

/// -MD/-MMD without -MF: name the dependency file after the final object, not
/// after the temporary one the host compile writes.
std::vector<std::string> Driver::dependencyArgs(const std::string &Object) {
  std::vector<std::string> Args = Opts.DepArgs;
  if (Args.empty())
    return Args;
  bool HasMF = false, HasMT = false;
  for (const std::string &A : Args) {
    HasMF |= A == "-MF";
    HasMT |= A == "-MT" || A == "-MQ";
  }
  if (!HasMF) {
    llvm::SmallString<128> D(Object);
    llvm::sys::path::replace_extension(D, "d");
    Args.push_back("-MF");
    Args.push_back(D.str().str());
  }
  if (!HasMT) {
    Args.push_back("-MT");
    Args.push_back(Object);
  }
  return Args;
}

/// The files a rewrite gave the host pass: it must compile those, not the
/// ones on disk.
static bool rewritten(const DeviceCompileResult &Device) {
  return !Device.RewrittenSource.empty() || !Device.RewrittenHeaders.empty() ||
         !Device.IncludeSpellings.empty();
}

std::vector<std::string> Driver::frontendArgs() const {
  std::vector<std::string> Frontend =
      frontendLanguageArgs(TC.IncludeDir, Opts.Std, Opts.MsHeaders);
  // Visual C++ parses a function template's body when it is instantiated,
  // so names it uses may be declared after it (a header's template naming
  // accelerator_view before the .cpp's `using namespace concurrency;`).
  // clang-cl does the same by default.
  if (Opts.DelayedTemplateParsing)
    Frontend.push_back("-fdelayed-template-parsing");
  Frontend.insert(Frontend.end(), Opts.FrontendArgs.begin(), Opts.FrontendArgs.end());
  if (!Opts.ShowOptionNames)
    Frontend.push_back("-fno-diagnostics-show-option");
  // Checked mode: <amp.h>'s host accesses throw std::out_of_range.
  if (Opts.CheckBounds)
    Frontend.push_back("-DAMPCC_CHECK_BOUNDS=1");
  return Frontend;
}

bool Driver::preprocess(const SourceCompile &C) {
  std::vector<std::string> Cmd = {TC.ClangXX};
  Cmd.insert(Cmd.end(), C.Frontend.begin(), C.Frontend.end());
  Cmd.insert(Cmd.end(), {"--offload-host-only", "-E", C.Src});
  Cmd.insert(Cmd.end(), Opts.DepArgs.begin(), Opts.DepArgs.end());
  if (!Opts.Output.empty() && Opts.Output != "-")
    Cmd.insert(Cmd.end(), {"-o", Opts.Output});
  return TC.run(Cmd) == 0;
}

void Driver::chooseObjects(SourceCompile &C) {
  C.ToStdout = Opts.Output == "-";
  C.FinalObject = Opts.Act == Action::Compile && !Opts.Output.empty() && !C.ToStdout
                      ? Opts.Output
                      : objectNameFor(C.Src, Opts.Act == Action::Assemble ? "s" : "o");
  if (Opts.Act == Action::Assemble && !Opts.Output.empty())
    C.FinalObject = Opts.Output;
  if (C.ToStdout && Opts.Act == Action::Compile)
    C.FinalObject = tempFile(C.Src, ".o");
  // Whether the object of the user's code is the final one depends on the
  // kernels, known after the device pass: compile into a temporary object
  // and rename it then.
  C.UserObject = tempFile(C.Src, ".host.o");
}

void Driver::buildHostCommand(SourceCompile &C) {
  std::vector<std::string> &Cmd = C.HostBase;
  Cmd = {TC.ClangXX};
  Cmd.insert(Cmd.end(), C.Frontend.begin(), C.Frontend.end());
  Cmd.push_back("--offload-host-only");
  // C++ AMP's inference rules, as in the device pass (compiler/plugin).
  Cmd.push_back("-fplugin=" + TC.HostPlugin);
  // And Visual C++'s definitions of static const members (StaticConstMembers.h).
  // (-fplugin-arg- takes the plugin's name up to its first '-'.)
  if (Opts.MsHeaders)
    Cmd.insert(Cmd.end(), {"-Xclang", "-plugin-arg-ampcc-host", "-Xclang", "ms"});
  // Visual C++ resolves the cpu half of restrict(cpu, amp) code among
  // cpu-callable functions only; Clang by default lets an amp-only candidate
  // win there (a better conversion, a non-template) and then rejects the
  // call. The C++ AMP Algorithms Library's minmax builds its pair through
  // a restrict(cpu, amp) constructor template beside an amp-only one.
  Cmd.push_back("-fgpu-exclude-wrong-side-overloads");
  // Visual C++'s code generation, which programs written for it rely on
  // (Options::StrictReturn): falling off the end of a value-returning
  // function returns an unspecified value instead of being unreachable, and
  // accesses through differently typed pointers stay in order.
  if (!Opts.StrictReturn)
    Cmd.push_back("-fno-strict-return");
  if (!Opts.StrictAliasing)
    Cmd.push_back("-fno-strict-aliasing");
  // The device pass parses the same file and prints its warnings.
  Cmd.push_back("-w");
  // Its errors are printed after the device pass's, from a file.
  if (llvm::sys::Process::StandardErrHasColors() &&
      llvm::none_of(C.Frontend, [](llvm::StringRef A) {
        return A.contains("color");
      }))
    Cmd.push_back("-fcolor-diagnostics");
  // HIP host objects define __hip_cuid_<cuid>; without a cuid of our own the
  // name is the same in every object and a link of two of them fails. With
  // --offload-host-only clang's driver drops -cuid=, so give it to cc1.
  Cmd.insert(Cmd.end(), {"-Xclang", "-cuid=" + compilationUnitID(C.Src, C.FinalObject)});
  Cmd.insert(Cmd.end(), Opts.CodegenArgs.begin(), Opts.CodegenArgs.end());
  if (Opts.Act == Action::Compile) {
    std::vector<std::string> Deps = dependencyArgs(C.FinalObject);
    for (size_t I = 0; I + 1 < Deps.size(); ++I)
      if (Deps[I] == "-MF")
        C.DepFile = Deps[I + 1];
    Cmd.insert(Cmd.end(), Deps.begin(), Deps.end());
  }
}

void Driver::choosePrecompiledAmp(SourceCompile &C) {
  // -E and -### show the compile as written.
  if (!Opts.PrecompiledAmp || Opts.DryRun || Opts.Act == Action::Preprocess ||
      !precompiledAmpSupports(Opts.Std))
    return;
  auto Text = llvm::MemoryBuffer::getFile(C.Src, /*IsText=*/true);
  if (!Text ||
      !mayLoadPrecompiledAmp(Opts.FrontendArgs, Opts.MsHeaders, C.Src, (*Text)->getBuffer()))
    return;
  C.StartsWithAmp = true;
  if (Opts.printsKernels())
    return;
  std::vector<std::string> Key = hostPrefixArgs(C.HostBase);
  C.HostPCH = Prefixes.get("host", Key,
                           [&](llvm::ArrayRef<std::string> Args, const std::string &Prefix,
                               const std::string &Out, std::vector<std::string> &Inputs) {
                             return buildHostPrefix(TC, Args, Prefix, Out, Inputs);
                           });
}

std::vector<std::string> Driver::hostCommand(const SourceCompile &C,
                                             const std::string &HostSrc,
                                             llvm::ArrayRef<std::string> Extra) const {
  std::vector<std::string> Cmd = C.HostBase;
  if (!C.HostPCH.empty())
    Cmd.insert(Cmd.end(), {"-include-pch", C.HostPCH});
  Cmd.insert(Cmd.end(), Extra.begin(), Extra.end());
  if (Opts.Act == Action::SyntaxOnly)
    Cmd.insert(Cmd.end(), {"-fsyntax-only", HostSrc});
  else if (Opts.Act == Action::Assemble)
    // -S: the host code's assembly; kernels are OpenCL C (-emit-opencl)
    // and are compiled by the device's driver at run time.
    Cmd.insert(Cmd.end(), {"-S", HostSrc, "-o", C.FinalObject});
  else
    Cmd.insert(Cmd.end(), {"-c", HostSrc, "-o", C.UserObject});
  return Cmd;
}

bool Driver::runDevicePass(SourceCompile &C) {
  if (Opts.Verbose)
    llvm::errs() << "ampcc: device pass (in-process clang, HIP device mode) on "
                 << C.Src << "\n";
  DeviceOptions DevOpts;
  DevOpts.FPContract = Opts.FPContract;
  DevOpts.CheckBounds = Opts.CheckBounds;
  DevOpts.RobustAccess = Opts.RobustAccess;
  // The host's printing of the kernels only where they are compiled.
  DevOpts.HostKernels = Opts.Act == Action::EmitHostKernels ||
                        (Opts.HostKernels && (Opts.Act == Action::Compile ||
                                              Opts.Act == Action::Link));
  if (Opts.DryRun) {
    C.Device.Success = true;
    C.Device.Kernels.resize(1);
  } else {
    // Clang runs in this process, and some invalid programs crash it
    // (docs/reliability.md: a typo in a nested lambda, Clang 19's
    // Sema::tryCaptureVariable). A crash is an internal compiler error
    // naming the file and ends the compile like any error, temporaries
    // removed and the host compile stopped, instead of a segmentation
    // fault and a stack dump. What Clang held is leaked: the driver ends
    // soon after. (ampcc-fuzz calls compileDevice itself, outside this, so
    // that such crashes stay findings.)
    llvm::CrashRecoveryContext CRC;
    if (!CRC.RunSafely([&] {
          C.Device = compileDevice(C.Src, C.Frontend, TC.ClangXX, DevOpts,
                                   C.StartsWithAmp ? &Prefixes : nullptr);
        })) {
      llvm::errs() << "ampcc: error: internal compiler error: Clang crashed ("
                   << (CRC.RetCode > 128 ? strsignal(CRC.RetCode - 128) : "a signal")
                   << ") in the device pass over '" << C.Src
                   << "'; please report this with the file\n";
      C.Device = DeviceCompileResult();
    }
  }
  if (!C.Device.Success || rewritten(C.Device))
    TC.cancel(C.Host);
  Globals.insert(Globals.end(), C.Device.Globals.begin(), C.Device.Globals.end());
  return C.Device.Success;
}

bool Driver::writeRewrittenSource(SourceCompile &C) {
  C.HostSrc = tempFile(C.Src, ".cpp");
  if (!writeFile(C.HostSrc, "#line 1 \"" + C.Src + "\"\n" + C.Device.RewrittenSource))
    return false;
  llvm::SmallString<256> Dir(C.Src);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_filename(Dir);
  C.HostExtra.insert(C.HostExtra.end(), {"-iquote", Dir.str().str()});
  return true;
}

bool Driver::addOverlay(SourceCompile &C, llvm::vfs::YAMLVFSWriter &Overlay,
                        llvm::StringRef Suffix) {
  std::string Yaml;
  llvm::raw_string_ostream OS(Yaml);
  Overlay.write(OS);
  std::string OverlayFile = tempFile(C.Src, Suffix);
  if (!writeFile(OverlayFile, OS.str()))
    return false;
  C.HostExtra.insert(C.HostExtra.end(), {"-ivfsoverlay", OverlayFile});
  return true;
}

bool Driver::overlayRewrittenHeaders(SourceCompile &C) {
  llvm::vfs::YAMLVFSWriter Overlay;
  Overlay.setUseExternalNames(false);
  for (const auto &[Path, Text] : C.Device.RewrittenHeaders) {
    std::string Copy = tempFile(Path, llvm::sys::path::extension(Path));
    llvm::SmallString<256> AbsCopy(Copy);
    llvm::sys::fs::make_absolute(AbsCopy);
    if (!writeFile(Copy, Text))
      return false;
    Overlay.addFileMapping(Path, AbsCopy);
  }
  return addOverlay(C, Overlay, ".vfs.yaml");
}

bool Driver::overlayIncludeSpellings(SourceCompile &C) {
  llvm::vfs::YAMLVFSWriter Overlay;
  Overlay.setUseExternalNames(true);
  for (const auto &[Asked, OnDisk] : C.Device.IncludeSpellings)
    Overlay.addFileMapping(Asked, OnDisk);
  return addOverlay(C, Overlay, ".spelling.yaml");
}

bool Driver::prepareHostSource(SourceCompile &C) {
  // The host pass compiles what the device pass parsed: when fix-its were
  // applied, a copy whose #line keeps diagnostics and __FILE__ on the
  // user's file, with the file's directory searched for its "..." includes.
  C.HostSrc = C.Src;
  if (!C.Device.RewrittenSource.empty() && !writeRewrittenSource(C))
    return false;
  // Headers the device pass changed: a VFS overlay puts the changed text
  // under the header's own path, which diagnostics and __FILE__ keep.
  if (!C.Device.RewrittenHeaders.empty() && !overlayRewrittenHeaders(C))
    return false;
  // Includes the device pass found only by ignoring case, as Windows does:
  // the name asked for leads to the file on disk, under whose name
  // diagnostics, __FILE__ and the dependency file see it. Given last, this
  // overlay is searched first and reaches a changed header through the one
  // above.
  if (!C.Device.IncludeSpellings.empty() && !overlayIncludeSpellings(C))
    return false;
  if (rewritten(C.Device)) {
    // The precompiled <amp.h> stands for the file's start as written: kept
    // for a repaired copy that starts the same way, with no header changed.
    if (!C.Device.RewrittenHeaders.empty() || !C.Device.IncludeSpellings.empty() ||
        (!C.Device.RewrittenSource.empty() &&
         !mayLoadPrecompiledAmp(Opts.FrontendArgs, Opts.MsHeaders, C.Src,
                                C.Device.RewrittenSource)))
      C.HostPCH.clear();
    // A new file: a redirection does not truncate what the cancelled
    // attempt wrote.
    C.HostErr = tempFile(C.Src, ".host.err");
    C.Host = TC.start(hostCommand(C, C.HostSrc, C.HostExtra), C.HostErr);
  }
  return true;
}

std::optional<std::string> Driver::stubText(const SourceCompile &C) {
  const DeviceCompileResult &Device = C.Device;
  std::string Text = Device.Kernels.empty()
                         ? std::string()
                         : emitHostStub(Device.Kernels, Device.Program, C.Src,
                                        Device.UsesDouble, Device.Checks,
                                        C.HostKernels.tables(), C.Ptx);
  if (Device.WideMain.Present)
    Text += emitWideMainEntry(Device.WideMain.Params, Device.WideMain.ReturnsVoid);
  if (Opts.NoRTTI && !Device.Kernels.empty()) {
    if (!uniqueKernelKeys(C.Src, Device.KernelKeys))
      return std::nullopt;
    Text += kernelAliasTable(Device.KernelKeys);
  }
  return Text;
}

bool Driver::compileStub(SourceCompile &C) {
  if (!C.HasStub || Opts.Act == Action::SyntaxOnly || Opts.Act == Action::Assemble) {
    if (Opts.DryRun)
      TC.run(hostCommand(C, C.HostSrc, C.HostExtra));
    return true;
  }
  std::string Stub = tempFile(C.Src, ".kernels.cpp");
  C.StubObject = tempFile(C.Src, ".kernels.o");
  C.StubErr = tempFile(C.Src, ".kernels.err");
  auto Temp = [&](llvm::StringRef Suffix) { return tempFile(C.Src, Suffix); };
  bool HostKernelsOk = !Opts.HostKernels || C.Device.Kernels.empty() ||
                       startHostKernels(Opts, TC, C.Device.Kernels, C.Device.HostProgram,
                                        compilationUnitID(C.Src, C.FinalObject), Temp,
                                        C.HostKernels);
  std::optional<std::string> Text = stubText(C);
  if (!HostKernelsOk || !Text || !writeFile(Stub, *Text)) {
    TC.cancel(C.Host);
    return false;
  }
  std::vector<std::string> StubCmd = {TC.ClangXX, "-x", "c++", "-std=c++17",
                                      "-isystem", TC.IncludeDir, "-c", Stub,
                                      "-o", C.StubObject};
  StubCmd.insert(StubCmd.end(), Opts.StubArgs.begin(), Opts.StubArgs.end());
  if (Opts.DryRun) {
    TC.run(hostCommand(C, C.HostSrc, C.HostExtra));
    TC.run(StubCmd);
  } else {
    C.StubProc = TC.start(StubCmd, C.StubErr);
  }
  return true;
}

bool Driver::fixDependencyFile(const SourceCompile &C) {
  // The dependency file names what clang compiled: make it name the user's
  // file, not the temporary copy (which would force a rebuild every time).
  if (C.DepFile.empty() || C.HostSrc == C.Src)
    return true;
  auto Buf = llvm::MemoryBuffer::getFile(C.DepFile);
  if (!Buf)
    return true;
  std::string Text = (*Buf)->getBuffer().str();
  for (size_t Pos = 0; (Pos = Text.find(C.HostSrc, Pos)) != std::string::npos;
       Pos += C.Src.size())
    Text.replace(Pos, C.HostSrc.size(), C.Src);
  return writeFile(C.DepFile, Text);
}

bool Driver::placeObjects(const SourceCompile &C) {
  // The kernels' objects first: their static initialisers note the
  // program's kernels with the runtime, and ELF runs an object's
  // initialisers in link order, so a global `accelerator` of the file
  // (constructed by the user object's) lists the devices knowing them.
  std::vector<std::string> SourceObjects;
  if (C.HasStub)
    SourceObjects.push_back(C.StubObject);
  llvm::append_range(SourceObjects, C.HostKernels.Objects); // none without a stub
  SourceObjects.push_back(C.UserObject);
  if (Opts.Act != Action::Compile) {
    Objects.insert(Objects.end(), SourceObjects.begin(), SourceObjects.end());
    return true;
  }
  if (!C.HasStub)
    return (Opts.DryRun || moveFile(C.UserObject, C.FinalObject)) &&
           (!C.ToStdout || copyToStdout(C.FinalObject));
  // One relocatable object per source, as build systems expect.
  std::vector<std::string> Merge = {TC.ClangXX, "-r", "-nostdlib"};
  // LTO objects are bitcode: the merge must go through the LTO plugin.
  for (const std::string &A : Opts.CodegenArgs)
    if (llvm::StringRef(A).starts_with("-flto"))
      Merge.push_back(A);
  Merge.insert(Merge.end(), SourceObjects.begin(), SourceObjects.end());
  Merge.insert(Merge.end(), {"-o", C.FinalObject});
  return TC.run(Merge) == 0 && (!C.ToStdout || copyToStdout(C.FinalObject));
}

bool Driver::compileSource(const std::string &Src, std::string &OpenCLOut) {
  if (!llvm::sys::fs::exists(Src)) {
    llvm::errs() << "ampcc: error: no such file or directory: '" << Src << "'\n";
    return false;
  }
  SourceCompile C;
  C.Src = Src;
  C.Frontend = frontendArgs();
  // -E is what ccache and distcc run to hash a compile: the host pass's
  // preprocessor alone, which sees the whole file (kernels included).
  if (Opts.Act == Action::Preprocess)
    return preprocess(C);
  if (Opts.DryRun) {
    // The device pass runs in process; show it as the clang arguments it
    // parses with, then the subprocesses as if the file had kernels.
    llvm::errs() << " # device pass (in process):";
    for (const std::string &A : C.Frontend)
      llvm::errs() << " " << A;
    llvm::errs() << " --offload-device-only " << Src << "\n";
  }
  // The host compile: the user's code in HIP host mode.
  chooseObjects(C);
  buildHostCommand(C);
  choosePrecompiledAmp(C);

  // The host pass starts now, on the file as written, and runs beside the
  // device pass (the two take about the same time): it is kept unless the
  // device pass finds errors or had to repair the file.
  C.HostErr = tempFile(Src, ".host.err");
  if (!Opts.DryRun && !Opts.printsKernels())
    C.Host = TC.start(hostCommand(C, Src, {}), C.HostErr);
  bool DeviceOk = runDevicePass(C);
  reportPrecompiledAmp(Prefixes, Opts.Verbose);
  if (!DeviceOk)
    return false;
  if (Opts.Act == Action::EmitOpenCL || Opts.Act == Action::EmitHostKernels) {
    if (Opts.Sources.size() > 1)
      OpenCLOut += "/* ---- " + Src + " ---- */\n";
    OpenCLOut += Opts.Act == Action::EmitOpenCL
                     ? C.Device.Program
                     : emitHostKernelsSource(C.Device.Kernels, C.Device.HostProgram);
    return true;
  }
  if (!compileKernelsToPtx(Opts, TC, C.Device, C.Ptx)) {
    TC.cancel(C.Host);
    return false;
  }
  if (Opts.Act == Action::EmitPtx) {
    OpenCLOut += ptxListing(Src, C.Ptx);
    return true;
  }
  C.HasStub = !C.Device.Kernels.empty() || C.Device.WideMain.Present;
  if (!prepareHostSource(C))
    return false;
  // The host stub (the kernels' OpenCL C and descriptions) compiles beside
  // the host pass's end.
  if (!compileStub(C))
    return false;
  bool HostOk = Opts.DryRun || TC.finish(C.Host, C.HostErr, /*SpeakAmp=*/true) == 0;
  bool StubOk = Opts.DryRun || !C.StubProc.Pid || TC.finish(C.StubProc, C.StubErr) == 0;
  if (!Opts.DryRun)
    finishHostKernels(C.Src, C.HostKernels);
  if (!HostOk || !StubOk)
    return false;
  if (Opts.Act == Action::SyntaxOnly || Opts.Act == Action::Assemble)
    return true;
  return fixDependencyFile(C) && placeObjects(C);
}

int Driver::run() {
  std::string OpenCL;
  for (const std::string &Src : Opts.Sources)
    if (!compileSource(Src, OpenCL))
      return 1;

  if (Opts.printsKernels()) {
    if (Opts.Output.empty() || Opts.Output == "-") {
      llvm::outs() << OpenCL;
      return 0;
    }
    return writeFile(Opts.Output, OpenCL) ? 0 : 1;
  }
  if (Opts.Act != Action::Link)
    return 0;

  std::vector<std::string> Cmd = {TC.ClangXX};
  Cmd.insert(Cmd.end(), Objects.begin(), Objects.end());
  Cmd.insert(Cmd.end(), Opts.LinkInputs.begin(), Opts.LinkInputs.end());
  Cmd.insert(Cmd.end(), Opts.LinkArgs.begin(), Opts.LinkArgs.end());
  for (const std::string &A : Opts.CodegenArgs)
    if (llvm::StringRef(A).starts_with("-g"))
      Cmd.push_back(A);
  std::string Exe = Opts.Output.empty() ? "a.out" : Opts.Output;
  bool ToStdout = Exe == "-";
  if (ToStdout)
    Exe = tempFile("a.out", "");
  // oneTBB carries <ppl.h> and friends. It is always on the link line, so a
  // program needs no flag for PPL; --as-needed keeps it out of programs
  // that do not use it (no extra shared library to load at start-up).
  // -u: the runtime's wide-stream buffers (runtime/WideStreams.cpp), which
  // no generated code references, are in every program.
  Cmd.insert(Cmd.end(), {"-Wl,-u,ampcc_wide_streams_", TC.RuntimeLib, "-lOpenCL",
                         "-Wl,--push-state,--as-needed",
                         "-ltbb", "-Wl,--pop-state", "-lpthread", "-o", Exe});
  if (Opts.DryRun)
    return TC.run(Cmd) == 0 ? 0 : 1;
  // The linker's errors are read again to explain duplicate variables.
  std::string LinkErr = tempFile("link", ".err");
  llvm::sys::ProcessInfo Link = TC.start(Cmd, LinkErr);
  if (TC.finish(Link, LinkErr) != 0) {
    if (auto Buf = llvm::MemoryBuffer::getFile(LinkErr))
      explainDuplicateSymbols((*Buf)->getBuffer(), Globals, llvm::errs());
    return 1;
  }
  return !ToStdout || copyToStdout(Exe) ? 0 : 1;
}

} // namespace

int main(int Argc, const char **Argv) {
  llvm::InitLLVM X(Argc, Argv);
  // Crashes of the in-process device pass are recovered (runDevicePass).
  llvm::CrashRecoveryContext::Enable();
  Options Opts;
  if (!parseOptions(Argc, Argv, Opts))
    return 1;
  if (Opts.ShowHelp) {
    printHelp();
    return 0;
  }
  if (Opts.DumpVersion) {
    llvm::outs() << AMPCC_VERSION "\n";
    return 0;
  }
  if (Opts.ShowVersion) {
    llvm::outs() << "ampcc version " AMPCC_VERSION " (C++ AMP for OpenCL; "
                 << "Clang " CLANG_VERSION_STRING_FOR_AMPCC ")\n";
    return 0;
  }
  // A runtime built with sanitizers (cmake/AMPCCSanitize.cmake) links only
  // into programs built with the same ones.
  if (*AMPCC_RUNTIME_SANITIZE) {
    std::string Flag = "-fsanitize=" AMPCC_RUNTIME_SANITIZE;
    Opts.CodegenArgs.push_back(Flag);
    Opts.LinkArgs.push_back(Flag);
  }
  Toolchain TC = Toolchain::discover(Argv[0]);
  TC.Verbose = Opts.Verbose;
  TC.DryRun = Opts.DryRun;
  Driver D(Opts, TC);
  return D.run();
}
