//===- DeviceFuzzer.cpp - libFuzzer harness over ampcc's device pass ------===//
//
// Each input is a C++ source file. It goes through what `ampcc -emit-opencl`
// does in process: restriction-specifier reordering, Clang's parse in HIP
// device mode, the restriction checker, the planner and the OpenCL printer.
// Whatever the input, that must end in a result or diagnostics: a crash,
// a sanitizer report or a hang (libFuzzer's -timeout) is a bug. Built with
// -DAMPCC_FUZZ=ON (clang's -fsanitize=fuzzer); scripts/fuzz.sh runs it.
//
//===----------------------------------------------------------------------===//
#include "ampcc/Frontend/DeviceCompiler.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <sanitizer/common_interface_defs.h>

#include <cstdint>
#include <cstdlib>
#include <fcntl.h>
#include <string>
#include <unistd.h>

namespace {

std::string TempDir, InputPath;
std::vector<std::string> Args;
bool Quiet = true;

/// Diagnostics of bad inputs are the expected outcome; printing them
/// thousands of times a minute hides libFuzzer's own report.
/// AMPCC_FUZZ_VERBOSE=1 keeps them (to look at one input).
class StderrToNull {
public:
  StderrToNull() {
    if (!Quiet)
      return;
    llvm::errs().flush();
    Saved = dup(2);
    int Null = open("/dev/null", O_WRONLY);
    dup2(Null, 2);
    close(Null);
    // A sanitizer's report on this input must still be seen (it went to
    // /dev/null before, so a finding looked like a silent exit).
    __sanitizer_set_report_fd(reinterpret_cast<void *>(static_cast<intptr_t>(Saved)));
  }
  ~StderrToNull() {
    if (Saved < 0)
      return;
    llvm::errs().flush();
    __sanitizer_set_report_fd(reinterpret_cast<void *>(static_cast<intptr_t>(2)));
    dup2(Saved, 2);
    close(Saved);
  }

private:
  int Saved = -1;
};

} // namespace

/// ampcc's instrumented code inlines LLVM's BumpPtrAllocator, which poisons
/// each new slab for AddressSanitizer, while the uninstrumented libclang-cpp
/// allocates from the same slabs without unpoisoning them: a false
/// use-after-poison (found with <amp.h> read from a PCH), unless poisoning
/// by hand is off. ASAN_OPTIONS still overrides it.
extern "C" const char *__asan_default_options() { return "allow_user_poisoning=0"; }

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  llvm::SmallString<128> Dir;
  if (llvm::sys::fs::createUniqueDirectory("ampcc-fuzz", Dir)) {
    llvm::errs() << "ampcc-fuzz: cannot create a temporary directory\n";
    std::exit(1);
  }
  TempDir = Dir.str().str();
  // Do not leave a directory behind per run.
  std::atexit([] { llvm::sys::fs::remove_directories(TempDir); });
  InputPath = (Dir + "/input.cpp").str();
  Args = ampcc::frontendLanguageArgs(AMPCC_BUILD_INCLUDE_DIR, "c++17");
  Args.push_back("-fdelayed-template-parsing");
  const char *Verbose = std::getenv("AMPCC_FUZZ_VERBOSE");
  Quiet = !(Verbose && *Verbose == '1');
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(InputPath, EC);
    if (EC)
      return 0;
    OS.write(reinterpret_cast<const char *>(Data), Size);
  }
  StderrToNull Silence;
  ampcc::compileDevice(InputPath, Args, AMPCC_CLANGXX_PATH);
  return 0;
}
