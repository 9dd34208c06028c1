//===- DeviceCompiler.cpp - parse a file and generate its kernels -------===//
//
// The device pass from start to end: the token pass over the main file
// (SpecifierReorder.h), a first parse (DevicePass.h), parses again while
// Visual C++ repairs change the file, and a parse of the file as written
// when repairs hid why it failed; then what the host pass must compile.
//
//===----------------------------------------------------------------------===//
#include "ampcc/Frontend/DeviceCompiler.h"
#include "DevicePass.h"
#include "ForwardingDiagConsumer.h"

#include "ampcc/Frontend/VisualCppFiles.h"
#include "ampcc/Lex/SpecifierMacros.h"
#include "ampcc/Lex/SpecifierReorder.h"

#include "clang/Basic/DiagnosticOptions.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <optional>

using namespace clang;

namespace ampcc {

std::vector<std::string> frontendLanguageArgs(const std::string &IncludeDir,
                                              const std::string &Std,
                                              bool MsHeaders) {
  // HIP mode gives restrict(...) its semantics (see include/ampcc/restrict.h);
  // no HIP installation is needed or used. -fms-extensions accepts Visual
  // C++'s __int64 and __declspec; besides those keywords it only defines
  // _WCHAR_T_DEFINED and _NATIVE_WCHAR_T_DEFINED (unlike -fms-compatibility,
  // which breaks libstdc++). Visual C++ accepts dynamic exception
  // specifications (`throw(int)`) in every language mode, with a warning;
  // C++ AMP code written for it does too, so Clang's C++17 error is a
  // warning here. Visual C++ 2012 and 2013 (C++ AMP's compilers) accept the
  // `register` storage class silently, so Clang's C++17 error is off
  // (-Wregister makes it a warning again, -Werror=register an error). They
  // also accept narrowing conversions in braces and template arguments
  // (`Bits<0x80000000>` for an int parameter) with a warning at most: a
  // warning here too (-Werror=c++11-narrowing restores Clang's error).
  // restrict(...) and tile_static are keywords in Visual C++, usable without
  // any header: their macros come first in every file.
  std::vector<std::string> Args = {
      "-x", "hip", "-nogpuinc", "-nogpulib", "-std=" + Std,
      "-fdeclspec", "-fms-extensions", "-Wno-cuda-compat",
      "-Wno-error=dynamic-exception-spec", "-Wno-register",
      "-Wno-error=c++11-narrowing", "-D__AMPCC__=1",
      "-isystem", IncludeDir,
      "-include", IncludeDir + "/ampcc/restrict.h"};
  // What a Visual C++ machine gives every program (<windows.h>, the
  // Microsoft STL's internal header names, __min/__max): on unless
  // -fno-ms-headers. After the user's -I options, as system headers are.
  if (MsHeaders)
    Args.insert(Args.end(), {"-isystem", IncludeDir + "/ms", "-include",
                             IncludeDir + "/ampcc/ms_prelude.h"});
  return Args;
}

/// Applies repairs to the in-memory copies of the files they edit (read
/// from disk the first time a file is edited), last offset first so that
/// earlier offsets stay valid.
static void applyEdits(std::vector<SourceEdit> Edits,
                       std::map<std::string, std::string> &Overlays) {
  // Templates are parsed once per instantiation too: one edit per place.
  std::stable_sort(Edits.begin(), Edits.end());
  Edits.erase(std::unique(Edits.begin(), Edits.end(),
                          [](const SourceEdit &A, const SourceEdit &B) {
                            return A.File == B.File && A.Offset == B.Offset;
                          }),
              Edits.end());
  for (auto It = Edits.rbegin(); It != Edits.rend(); ++It) {
    auto [Slot, New] = Overlays.try_emplace(It->File);
    if (New) {
      auto Header = readSourceFile(It->File);
      if (!Header) {
        Overlays.erase(Slot);
        continue;
      }
      Slot->second = (*Header)->getBuffer().str();
    }
    if (It->Offset + It->Length <= Slot->second.size())
      Slot->second.replace(It->Offset, It->Length, It->Text);
  }
}

/// How diagnostics print, from the user's options as clang's driver reads
/// them.
static llvm::IntrusiveRefCntPtr<DiagnosticOptions>
diagnosticOptions(const std::vector<std::string> &FrontendArgs) {
  llvm::IntrusiveRefCntPtr<DiagnosticOptions> DiagOpts(new DiagnosticOptions());
  DiagOpts->ShowColors = llvm::sys::Process::StandardErrHasColors();
  // As clang's driver: warnings name their flag ("[-Wunused-variable]")
  // unless told not to; the last colour option wins.
  DiagOpts->ShowOptionNames = true;
  // As clang's driver: #line directives (the user's, and those of repairs
  // that move text) give the line numbers diagnostics print.
  DiagOpts->ShowPresumedLoc = true;
  for (const std::string &A : FrontendArgs) {
    if (A == "-fno-diagnostics-show-option")
      DiagOpts->ShowOptionNames = false;
    else if (A == "-fdiagnostics-show-option")
      DiagOpts->ShowOptionNames = true;
    else if (A == "-fdiagnostics-parseable-fixits")
      DiagOpts->ShowParseableFixits = true;
    else if (A == "-fno-caret-diagnostics" || A == "-fcaret-diagnostics")
      DiagOpts->ShowCarets = A == "-fcaret-diagnostics";
    else if (A == "-fcolor-diagnostics" || A == "-fdiagnostics-color" ||
             A == "-fdiagnostics-color=always")
      DiagOpts->ShowColors = true;
    else if (A == "-fno-color-diagnostics" || A == "-fno-diagnostics-color" ||
             A == "-fdiagnostics-color=never")
      DiagOpts->ShowColors = false;
  }
  return DiagOpts;
}

/// The user's -ferror-limit=, or Clang's driver default.
static unsigned errorLimit(const std::vector<std::string> &FrontendArgs) {
  unsigned ErrorLimit = 20;
  for (const std::string &A : FrontendArgs)
    if (llvm::StringRef(A).starts_with("-ferror-limit="))
      llvm::StringRef(A).substr(strlen("-ferror-limit=")).getAsInteger(10, ErrorLimit);
  return ErrorLimit;
}

/// Restriction specifiers in the spec's positions that Clang does not parse
/// (`mutable restrict(amp)`, `restrict(amp) noexcept`, before a trailing
/// return type) are moved first, on the same lines (SpecifierReorder.h).
static ReorderResult reorderMainFile(const std::string &File, llvm::StringRef Text,
                                     const std::vector<std::string> &FrontendArgs,
                                     const std::string &ClangPath,
                                     llvm::function_ref<std::string()> PCH) {
  ReorderResult Reordered = reorderRestrictionSpecifiers(Text);
  // Names from headers or -D options where specifiers stand: learn what
  // they mean from the preprocessor, then order again (SpecifierMacros.h).
  if (Reordered.NeedsMacros) {
    std::vector<std::string> PPArgs = {ClangPath};
    PPArgs.insert(PPArgs.end(), FrontendArgs.begin(), FrontendArgs.end());
    PPArgs.insert(PPArgs.end(), {"--offload-device-only", "--offload-arch=gfx906",
                                 "-fsyntax-only", "-D__AMPCC_DEVICE_PASS__=1"});
    SpecifierMacroMap Macros = collectSpecifierMacros(File, PPArgs, PCH());
    Reordered = reorderRestrictionSpecifiers(Text, &Macros);
  }
  return Reordered;
}

/// Repairs may have hidden why a parse failed (an error taken for one ampcc
/// repairs whose repair did not help): parses the file as written, with no
/// repairs, and prints what Clang says. Returns the errors printed.
static unsigned parseAsWritten(const std::string &File, const std::vector<std::string> &Args,
                               const std::string &ClangPath, const DeviceOptions &Opts,
                               DiagnosticOptions *DiagOpts, unsigned ErrorLimit,
                               const ReorderResult &Reordered, const std::string &MainPath) {
  ForwardingDiagConsumer Plain(DiagOpts, /*ErrorsOnly=*/false);
  Plain.ErrorLimit = ErrorLimit;
  Plain.disableRepairs();
  std::map<std::string, std::string> Original;
  if (Reordered.Changed)
    Original[MainPath] = Reordered.Text;
  runDevicePass(File, Args, ClangPath, Original, Opts, Plain, Reordered.Misplacements);
  unsigned Printed = Plain.printedErrors();
  if (!Printed)
    llvm::errs() << "ampcc: error: internal error: the device pass over '" << File
                 << "' failed and Clang reported no error; please report this "
                    "with the file\n";
  return Printed;
}

DeviceCompileResult compileDevice(const std::string &File,
                                  const std::vector<std::string> &FrontendArgs,
                                  const std::string &ClangPath,
                                  const DeviceOptions &Opts,
                                  PrecompiledAmpCache *Prefixes) {
  llvm::IntrusiveRefCntPtr<DiagnosticOptions> DiagOpts = diagnosticOptions(FrontendArgs);
  unsigned ErrorLimit = errorLimit(FrontendArgs);
  ForwardingDiagConsumer Diags(DiagOpts.get(), /*ErrorsOnly=*/false);
  Diags.RetryWithFixIts = true;
  Diags.ErrorLimit = ErrorLimit;
  // <amp.h> from a precompiled header, where the file starts with it (the
  // driver checked); a header is built under the arguments that read it.
  auto precompiled = [&](const std::vector<std::string> &Args) -> std::string {
    if (!Prefixes)
      return std::string();
    return Prefixes->get("device", Args,
                         [&](llvm::ArrayRef<std::string> KeyArgs, const std::string &Prefix,
                             const std::string &Out, std::vector<std::string> &Inputs) {
                           return precompileDevicePrefix(Prefix, KeyArgs.vec(), ClangPath, Out,
                                                         Inputs);
                         });
  };
  std::optional<std::string> BasePCH; // under FrontendArgs, asked for once
  auto basePCH = [&] {
    if (!BasePCH)
      BasePCH = precompiled(FrontendArgs);
    return *BasePCH;
  };
  // The token pass; UTF-16 is read as UTF-8 (VisualCppFiles.h).
  auto Buffer = readSourceFile(File);
  ReorderResult Reordered;
  if (Buffer)
    Reordered = reorderMainFile(File, (*Buffer)->getBuffer(), FrontendArgs, ClangPath,
                                basePCH);
  std::vector<std::string> Args = FrontendArgs;
  std::string Defines;
  for (const std::string &D : Reordered.Defines) {
    Args.push_back("-D" + D);
    size_t Eq = D.find('=');
    Defines += "#define " + D.substr(0, Eq) + " " + D.substr(Eq + 1) + "\n";
  }
  // The reordering's macros are options too: they choose the header.
  std::string PCH = Reordered.Defines.empty() ? basePCH() : precompiled(Args);
  if (!PCH.empty())
    Args.insert(Args.end(), {"-include-pch", PCH});
  if (Reordered.Changed)
    Diags.restrictions().setRewrite(Reordered, (*Buffer)->getBuffer());
  llvm::SmallString<256> MainPath(File);
  llvm::sys::fs::make_absolute(MainPath);
  llvm::sys::path::remove_dots(MainPath, /*remove_dot_dot=*/true);
  std::map<std::string, std::string> Overlays;
  if (Reordered.Changed)
    Overlays[MainPath.str().str()] = Reordered.Text;
  VisualCppFileChanges FileChanges;
  DeviceCompileResult Result = runDevicePass(File, Args, ClangPath, Overlays, Opts, Diags,
                                             Reordered.Misplacements, &FileChanges);
  unsigned Parses = 1;
  // A UTF-8 byte order mark is skipped only at the start of a file: the
  // host pass's copy starts with a #line.
  if (Reordered.Changed)
    Result.RewrittenSource = Defines + "#line 1 \"" + File + "\"\n" +
                             withoutUTF8BOM(Reordered.Text).str();

  unsigned Printed = Diags.printedErrors();
  std::vector<SourceEdit> Edits = Diags.Repairs.edits();
  if (Diags.Errors)
    Edits.insert(Edits.end(), Diags.InferenceEdits.begin(), Diags.InferenceEdits.end());
  if (!Edits.empty() && (!Diags.Errors || Diags.Retry)) {
    Diags.Errors = 0;
    // Parse again with the edits applied; the host pass compiles the same
    // text (DeviceCompileResult::RewrittenSource and RewrittenHeaders).
    if (!Buffer) {
      llvm::errs() << "ampcc: error: cannot read '" << File << "'\n";
      Result.Success = false;
      return Result;
    }
    Overlays[MainPath.str().str()] =
        Reordered.Changed ? Reordered.Text : (*Buffer)->getBuffer().str();
    applyEdits(std::move(Edits), Overlays);
    // A repair may uncover the next (a declaration moved before a template
    // lets Clang see the template's next use of a later name): parse again
    // while a parse fails and finds new repairs, a few times at most.
    std::unique_ptr<ForwardingDiagConsumer> Again;
    for (int Round = 0; Round < 4; ++Round) {
      Again = std::make_unique<ForwardingDiagConsumer>(DiagOpts.get(), /*ErrorsOnly=*/true);
      Again->ErrorLimit = ErrorLimit;
      bool Last = Round == 3;
      // Errors that new repairs follow are dropped: the next round reports.
      Again->RetryWithFixIts = !Last;
      Result = runDevicePass(File, Args, ClangPath, Overlays, Opts, *Again,
                             Reordered.Misplacements, &FileChanges);
      ++Parses;
      std::vector<SourceEdit> More = Again->Repairs.edits();
      if (Result.Success || More.empty() || Last)
        break;
      applyEdits(std::move(More), Overlays);
    }
    std::string Text = std::move(Overlays[MainPath.str().str()]);
    Overlays.erase(MainPath.str().str());
    Result.RewrittenHeaders = std::move(Overlays);
    Result.RewrittenSource =
        Defines.empty() ? withoutUTF8BOM(Text).str()
                        : Defines + "#line 1 \"" + File + "\"\n" + withoutUTF8BOM(Text).str();
    Diags.Errors += Again->Errors;
    Printed += Again->printedErrors();
  }
  // A failed parse always says why.
  if (!Result.Success && !Printed) {
    Printed = parseAsWritten(File, Args, ClangPath, Opts, DiagOpts.get(), ErrorLimit,
                             Reordered, MainPath.str().str());
    ++Parses;
  }
  Result.Parses = Parses;
  // The host pass reads UTF-16 files as the device pass did, as UTF-8
  // text, and includes spelt in another case as the files on disk.
  auto MainText = FileChanges.Transcoded.find(MainPath.str().str());
  if (MainText != FileChanges.Transcoded.end() && Result.RewrittenSource.empty())
    Result.RewrittenSource = MainText->second;
  for (auto &[Path, Text] : FileChanges.Transcoded)
    if (Path != MainPath.str())
      Result.RewrittenHeaders.try_emplace(Path, Text);
  Result.IncludeSpellings = FileChanges.Spellings;
  if (Printed)
    llvm::errs() << Printed << (Printed == 1 ? " error" : " errors")
                 << " generated.\n";
  return Result;
}

} // namespace ampcc
