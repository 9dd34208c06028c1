//===- DeviceFuzzer.cpp - libFuzzer harness over ampcc's device pass ------===//
//
// Each input is a C++ source file. It goes through what `ampcc -emit-opencl`
// does in process: restriction-specifier reordering, Clang's parse in HIP
// device mode, the restriction checker, the planner and the OpenCL printer.
// Whatever the input, that must end in a result or diagnostics: a crash,
// a sanitizer report or a hang (libFuzzer's -timeout) is a bug. Built with
// -DAMPCC_FUZZ=ON (clang's -fsanitize=fuzzer); scripts/fuzz.sh runs it.
//
// Every input is compiled as if it began with `#include <amp.h>`, which
// comes from a precompiled header, as the driver's compiles do: parsing
// <amp.h> (PPL, <windows.h>, most of the standard library) is not what is
// fuzzed, and it was most of an input's time (docs/robustness.md). The
// header is built once per build of the harness into $AMPCC_PCH_DIR, else
// the build tree's lib/pch-fuzz, and shared by the workers
// (PrecompiledAmpCache). AMPCC_FUZZ_NO_PCH=1 compiles each input as
// written, <amp.h> parsed every time (to compare).
//
// The inputs' diagnostics, thousands a minute, are silenced by libFuzzer's
// -close_fd_mask=2 (scripts/fuzz.sh), which gives its own messages and the
// sanitizers' reports a copy of stderr first. The harness once sent stderr
// to /dev/null itself around each input, and so also whatever libFuzzer
// printed from a signal handler meanwhile: the final statistics of an
// interrupted run, and the notices of a crash or a hang, were lost.
// Silenced so, the diagnostics are still formatted (ampcc's printer is
// fuzzed too) but written through a buffer: llvm::errs() is unbuffered,
// and Clang writes a snippet's line a character at a time, about 8,000
// write calls for a seed with errors.
//
//===----------------------------------------------------------------------===//
#include "ampcc/Frontend/DeviceCompiler.h"
#include "ampcc/Frontend/PrecompiledAmp.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

namespace {

std::string TempDir, InputPath;
std::vector<std::string> Args;
std::unique_ptr<ampcc::PrecompiledAmpCache> Prefixes;
/// Inputs run and Clang's parses of them (repair rounds make more than one
/// an input), printed at exit for scripts/fuzz-rate.sh.
unsigned long long Inputs = 0, Parses = 0;

/// Whether libFuzzer was told to close stderr (-close_fd_mask=2 or 3):
/// then nobody reads the inputs' diagnostics as they come, and they can
/// wait in a buffer. Without it (an artifact run alone to reproduce a
/// crash) every character is written at once, so that the diagnostics
/// before a crash are seen.
bool stderrClosed(int Argc, char **Argv) {
  static const char Flag[] = "-close_fd_mask=";
  for (int I = 1; I < Argc; ++I)
    if (!std::strncmp(Argv[I], Flag, sizeof(Flag) - 1))
      return std::atoi(Argv[I] + sizeof(Flag) - 1) & 2;
  return false;
}

/// Where the precompiled <amp.h> is kept, and the stamp that ties it to
/// this build of the harness (a rebuilt harness builds its own).
std::unique_ptr<ampcc::PrecompiledAmpCache> makePrefixes(const char *Argv0) {
  std::string Self = llvm::sys::fs::getMainExecutable(Argv0, (void *)&makePrefixes);
  llvm::sys::fs::file_status Status;
  std::string Stamp = "ampcc-fuzz";
  if (!llvm::sys::fs::status(Self, Status))
    Stamp += "|" + std::to_string(Status.getSize()) + ":" +
             std::to_string(Status.getLastModificationTime().time_since_epoch().count());
  llvm::SmallString<256> Dir;
  if (const char *Env = std::getenv("AMPCC_PCH_DIR"); Env && *Env) {
    Dir = Env;
  } else {
    Dir = llvm::sys::path::parent_path(llvm::sys::path::parent_path(Self));
    llvm::sys::path::append(Dir, "lib", "pch-fuzz");
  }
  return std::make_unique<ampcc::PrecompiledAmpCache>(std::vector<std::string>(),
                                                      Dir.str().str(), Stamp);
}

} // namespace

/// ampcc's instrumented code inlines LLVM's BumpPtrAllocator, which poisons
/// each new slab for AddressSanitizer, while the uninstrumented libclang-cpp
/// allocates from the same slabs without unpoisoning them: a false
/// use-after-poison (found with <amp.h> read from a PCH), unless poisoning
/// by hand is off. ASAN_OPTIONS still overrides it.
extern "C" const char *__asan_default_options() { return "allow_user_poisoning=0"; }

extern "C" int LLVMFuzzerInitialize(int *Argc, char ***Argv) {
  llvm::SmallString<128> Dir;
  if (llvm::sys::fs::createUniqueDirectory("ampcc-fuzz", Dir)) {
    llvm::errs() << "ampcc-fuzz: cannot create a temporary directory\n";
    std::exit(1);
  }
  TempDir = Dir.str().str();
  // Do not leave a directory behind per run.
  std::atexit([] {
    llvm::sys::fs::remove_directories(TempDir);
    // stdout: fuzz.sh and fuzz-rate.sh close stderr (-close_fd_mask=2).
    if (Inputs)
      llvm::outs() << "ampcc-fuzz: " << Inputs << " inputs, " << Parses << " parses\n";
  });
  InputPath = (Dir + "/input.cpp").str();
  if (stderrClosed(*Argc, *Argv))
    llvm::errs().SetBuffered();
  Args = ampcc::frontendLanguageArgs(AMPCC_BUILD_INCLUDE_DIR, "c++17");
  Args.push_back("-fdelayed-template-parsing");
  // No typo correction: Clang 19 crashes in it on mutated nested lambdas
  // (docs/reliability.md#fuzzing), which stopped a worker every 20-40
  // minutes, and each restart ran the whole corpus again (minutes); and
  // correcting thousands of mutated names is Clang's work, not ampcc's.
  // AMPCC_FUZZ_SPELL_CHECKING=1 keeps it.
  const char *Spell = std::getenv("AMPCC_FUZZ_SPELL_CHECKING");
  if (!(Spell && *Spell == '1'))
    Args.push_back("-fno-spell-checking");
  const char *NoPCH = std::getenv("AMPCC_FUZZ_NO_PCH");
  if (!(NoPCH && *NoPCH == '1'))
    Prefixes = makePrefixes(*Argc ? (*Argv)[0] : "ampcc-fuzz");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(InputPath, EC);
    if (EC)
      return 0;
    if (Prefixes)
      OS << "#include <amp.h>\n";
    OS.write(reinterpret_cast<const char *>(Data), Size);
  }
  ampcc::DeviceCompileResult R = ampcc::compileDevice(
      InputPath, Args, AMPCC_CLANGXX_PATH, ampcc::DeviceOptions(), Prefixes.get());
  ++Inputs;
  Parses += R.Parses;
  return 0;
}
