//===- DeviceCodeGen.cpp - the frontend's view of CodeGen ----------------===//
#include "ampcc/CodeGen/DeviceCodeGen.h"

#include "CodeGenModule.h"

using namespace clang;

namespace ampcc {

DeviceCodeGen::DeviceCodeGen(ASTContext &Ctx, DiagnosticsEngine &Diags,
                             const DeviceOptions &Opts, const DeviceCodeGen *Earlier)
    : CGM(std::make_unique<CodeGenModule>(Ctx, Diags, Opts,
                                          Earlier ? Earlier->CGM->sharedMutations()
                                                  : nullptr)) {}

DeviceCodeGen::~DeviceCodeGen() = default;

void DeviceCodeGen::emitKernel(const KernelSite &K) { CGM->emitKernel(K); }

std::string DeviceCodeGen::finish() { return CGM->finish(); }

const std::vector<EmittedKernel> &DeviceCodeGen::kernels() const { return CGM->kernels(); }

bool DeviceCodeGen::usesDouble() const { return CGM->usesDouble(); }

bool DeviceCodeGen::hadError() const { return CGM->hadError(); }

ProgramChecks DeviceCodeGen::checks() { return CGM->checks(); }

} // namespace ampcc
