//===- DeviceCompiler.cpp - parse a file and generate its kernels -------===//
#include "DeviceCompiler.h"

#include "../Analysis/KernelFinder.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"

using namespace clang;

namespace ampcc {

namespace {

class KernelConsumer : public ASTConsumer {
public:
  explicit KernelConsumer(DeviceCompileResult &Result) : Result(Result) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    DiagnosticsEngine &Diags = Ctx.getDiagnostics();
    // Sema errors make the AST unreliable; Clang has already reported them.
    if (Diags.hasErrorOccurred())
      return;
    std::vector<KernelSite> Sites = findKernels(Ctx);
    DeviceCodeGen CG(Ctx, Diags);
    for (const KernelSite &K : Sites)
      CG.emitKernel(K);
    if (Diags.hasErrorOccurred())
      return;
    Result.Kernels = CG.kernels();
    Result.UsesDouble = CG.usesDouble();
    if (!Result.Kernels.empty())
      Result.Program = CG.finish();
    Result.Success = true;
  }

private:
  DeviceCompileResult &Result;
};

class KernelAction : public ASTFrontendAction {
public:
  explicit KernelAction(DeviceCompileResult &Result) : Result(Result) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 llvm::StringRef) override {
    return std::make_unique<KernelConsumer>(Result);
  }

private:
  DeviceCompileResult &Result;
};

} // namespace

DeviceCompileResult compileDevice(const std::string &File,
                                  const std::vector<std::string> &FrontendArgs,
                                  const std::string &ClangPath) {
  DeviceCompileResult Result;
  std::vector<std::string> Args = {ClangPath};
  Args.insert(Args.end(), FrontendArgs.begin(), FrontendArgs.end());
  // Device mode: one front-end job, restrict(amp) code is the device side.
  Args.insert(Args.end(), {"--offload-device-only", "--offload-arch=gfx906",
                           "-fsyntax-only", "-D__AMPCC_DEVICE_PASS__=1", File});
  llvm::IntrusiveRefCntPtr<FileManager> Files(new FileManager(FileSystemOptions()));
  tooling::ToolInvocation Invocation(
      Args, std::make_unique<KernelAction>(Result), Files.get());
  if (!Invocation.run())
    Result.Success = false;
  return Result;
}

} // namespace ampcc
