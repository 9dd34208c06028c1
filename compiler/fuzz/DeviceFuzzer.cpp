//===- DeviceFuzzer.cpp - libFuzzer harness over ampcc's device pass ------===//
//
// Each input is a C++ source file. It goes through what `ampcc -emit-opencl`
// does in process: restriction-specifier reordering, Clang's parse in HIP
// device mode, the restriction checker, the planner and the OpenCL printer.
// Whatever the input, that must end in a result or diagnostics: a crash,
// a sanitizer report or a hang (libFuzzer's -timeout) is a bug. Built with
// -DAMPCC_FUZZ=ON (clang's -fsanitize=fuzzer); scripts/fuzz.sh runs it.
//
// Parsing <amp.h> took most of each input's time, so the harness
// precompiles it once (with the device pass's own arguments) and every
// input starts from that PCH; the input's own #include <amp.h> is then
// skipped by the include guard. The restrict(...) callbacks do not see
// <amp.h>'s own specifiers that way (the suite covers those).
// AMPCC_FUZZ_NO_PCH=1 parses the headers every time, as ampcc does: use it
// to confirm that a finding is not the PCH's.
//
//===----------------------------------------------------------------------===//
#include "ampcc/Frontend/DeviceCompiler.h"

#include "clang/Basic/FileManager.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
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

/// Precompiles the C++ AMP headers into \p PCH with the arguments the
/// device pass parses with (runDevicePass in DeviceCompiler.cpp).
bool precompileHeaders(const std::string &Dir, const std::string &PCH) {
  std::string Header = Dir + "/amp-headers.h";
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Header, EC);
    if (EC)
      return false;
    OS << "#include <amp.h>\n#include <amp_math.h>\n";
  }
  std::vector<std::string> Cmd = {AMPCC_CLANGXX_PATH};
  Cmd.insert(Cmd.end(), Args.begin(), Args.end());
  Cmd.insert(Cmd.end(), {"--offload-device-only", "--offload-arch=gfx906",
                         "-fsyntax-only", "-D__AMPCC_DEVICE_PASS__=1",
                         "-Xclang", "-o", "-Xclang", PCH, Header});
  llvm::IntrusiveRefCntPtr<clang::FileManager> Files(
      new clang::FileManager(clang::FileSystemOptions()));
  clang::tooling::ToolInvocation Invocation(
      Cmd, std::make_unique<clang::GeneratePCHAction>(), Files.get());
  return Invocation.run() && llvm::sys::fs::exists(PCH);
}

} // namespace

/// ampcc's instrumented code inlines LLVM's BumpPtrAllocator, which poisons
/// each new slab for AddressSanitizer, while the uninstrumented libclang-cpp
/// allocates from the same slabs without unpoisoning them: a false
/// use-after-poison (reading the PCH), unless poisoning by hand is off.
/// ASAN_OPTIONS still overrides it.
extern "C" const char *__asan_default_options() { return "allow_user_poisoning=0"; }

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  llvm::SmallString<128> Dir;
  if (llvm::sys::fs::createUniqueDirectory("ampcc-fuzz", Dir)) {
    llvm::errs() << "ampcc-fuzz: cannot create a temporary directory\n";
    std::exit(1);
  }
  TempDir = Dir.str().str();
  // The PCH is some megabytes: do not leave one behind per run.
  std::atexit([] { llvm::sys::fs::remove_directories(TempDir); });
  InputPath = (Dir + "/input.cpp").str();
  Args = ampcc::frontendLanguageArgs(AMPCC_BUILD_INCLUDE_DIR, "c++17");
  Args.push_back("-fdelayed-template-parsing");
  const char *Verbose = std::getenv("AMPCC_FUZZ_VERBOSE");
  Quiet = !(Verbose && *Verbose == '1');
  const char *NoPCH = std::getenv("AMPCC_FUZZ_NO_PCH");
  if (!(NoPCH && *NoPCH == '1')) {
    std::string PCH = (Dir + "/amp-headers.pch").str();
    if (!precompileHeaders(Dir.str().str(), PCH)) {
      llvm::errs() << "ampcc-fuzz: cannot precompile <amp.h>\n";
      std::exit(1);
    }
    Args.insert(Args.end(), {"-include-pch", PCH});
  }
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
