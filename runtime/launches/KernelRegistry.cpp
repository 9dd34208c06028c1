//===- KernelRegistry.cpp - Registered kernels and built programs ---------===//

#include "launches/KernelRegistry.h"

#include "ampcc/exceptions.h"
#include "devices/Device.h"
#include "launches/KernelCache.h"
#include "launches/ProgramBuilder.h"
#include "observation/Profile.h"

#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>

namespace ampcc {
namespace rt {

namespace {
struct Registry {
  std::mutex Lock;
  std::unordered_map<std::string, const KernelDesc *> Kernels;
  /// -fno-rtti launch keys -> typeid names (registerKernelAliases). Resolved
  /// at lookup: the two tables register from different static initialisers.
  std::unordered_map<std::string, std::string> Aliases;
  // Built state, keyed by descriptor address and device: descriptors are
  // static data of the program, so their addresses are stable identities.
  // Each program has up to two variants (KernelRegistry.h, DomainCovered).
  std::map<std::tuple<const ProgramDesc *, Device *, bool>, Program> Programs;
  std::map<std::tuple<const KernelDesc *, Device *, bool, bool>,
           std::unique_ptr<BuiltKernel>>
      Built;
};
} // namespace

static Registry &registry() {
  // Function-local and never destroyed: registerKernels runs from other
  // translation units' static initialisers (in an order we do not control),
  // and launches may come from static destructors.
  static Registry *R = new Registry;
  return *R;
}

void registerKernels(const KernelDesc *Descs, uint32_t Count) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Guard(R.Lock);
  // A lambda in an inline function is registered by every translation unit
  // that uses it, with equivalent code (the ODR): the first one is kept.
  for (uint32_t I = 0; I < Count; ++I)
    if (Descs[I].TypeName)
      R.Kernels.emplace(Descs[I].TypeName, &Descs[I]);
  // The CUDA backend asks whether every program carries PTX.
  if (Count && Descs[0].Program)
    notePrograms(Descs[0].Program);
}

void registerKernelAliases(const char *const (*Aliases)[2], uint32_t Count) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Guard(R.Lock);
  for (uint32_t I = 0; I < Count; ++I)
    if (Aliases[I][0] && Aliases[I][1])
      R.Aliases.emplace(Aliases[I][0], Aliases[I][1]);
}

const KernelDesc *lookupKernel(const char *TypeName) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Guard(R.Lock);
  auto It = R.Kernels.find(TypeName);
  if (It == R.Kernels.end())
    if (auto Alias = R.Aliases.find(TypeName); Alias != R.Aliases.end())
      It = R.Kernels.find(Alias->second);
  return It == R.Kernels.end() ? nullptr : It->second;
}

/// The variant \p V resolves to for P on Dev (KernelRegistry.h). Under the
/// registry's lock.
static bool coveredVariant(Registry &R, const KernelDesc &K, Device &Dev,
                           DomainVariant V) {
  if (V != DomainVariant::Either)
    return V == DomainVariant::Covered;
  const ProgramDesc *P = K.Program;
  for (bool Covered : {true, false})
    if (auto It = R.Programs.find({P, &Dev, Covered}); It != R.Programs.end() && It->second)
      return Covered;
  return P && P->RobustSinkBytes;
}

BuiltKernel &getKernel(const KernelDesc &K, Device &Dev, bool Images,
                       DomainVariant Variant) {
  Registry &R = registry();
  // One lock for the whole build: a second thread launching the same kernel
  // must wait for the first build rather than start its own.
  std::lock_guard<std::mutex> Guard(R.Lock);
  bool DomainCovered = coveredVariant(R, K, Dev, Variant);
  auto Found = R.Built.find({&K, &Dev, Images, DomainCovered});
  if (Found != R.Built.end())
    return *Found->second;

  const char *Location = K.Location ? K.Location : "<unknown location>";
  if (!K.Program)
    throw Concurrency::runtime_exception(
        std::string("kernel at ") + Location + " has no OpenCL program",
        Concurrency::AMPCC_E_FAIL);
  const ProgramDesc &P = *K.Program;
  if (P.UsesDouble && !Dev.info().SupportsDouble)
    throw Concurrency::unsupported_feature(
        std::string("kernel at ") + Location +
        " uses double, but device " + Dev.info().Name +
        " does not support double precision");

  Program &Built = R.Programs[{&P, &Dev, DomainCovered}];
  if (!Built) {
    try {
      Built = buildProgram(P, Dev, processKernelCache(), DomainCovered);
    } catch (...) {
      // Forget the failed entry so that the next launch reports again.
      R.Programs.erase({&P, &Dev, DomainCovered});
      throw;
    }
  }

  HostStep Step("clCreateKernel", Location);
  Backend &Back = *Dev.backend();
  int Err = 0;
  const char *Name = Images ? K.ImageKernelName : K.KernelName;
  rt::Kernel Kernel = Back.kernel(Built, Name, Err);
  if (!Kernel && Back.failureOf(Err) == Backend::Failure::MissingKernel)
    throw Concurrency::runtime_exception(
        std::string("the OpenCL program for ") +
            (P.SourceFile ? P.SourceFile : "<unknown file>") +
            " has no kernel named '" + (Name ? Name : "") +
            "' (kernel at " + Location + ")",
        Err);
  if (!Kernel)
    Back.fail(Err, std::string("clCreateKernel for kernel at ") + Location);

  auto B = std::make_unique<BuiltKernel>();
  KernelProperties Props = Back.kernelProperties(Kernel, Dev.id());
  B->Kernel = std::move(Kernel);
  B->MaxWorkGroupSize = Props.MaxWorkGroupSize ? Props.MaxWorkGroupSize
                                               : Dev.info().MaxWorkGroupSize;
  B->LocalMemBytes = Props.LocalMemBytes;
  BuiltKernel &Result = *B;
  R.Built.emplace(std::make_tuple(&K, &Dev, Images, DomainCovered), std::move(B));
  return Result;
}

void releaseBuiltKernels() {
  Registry &R = registry();
  std::lock_guard<std::mutex> Guard(R.Lock);
  // Commands already enqueued keep their own references.
  R.Built.clear();
  R.Programs.clear();
}

} // namespace rt
} // namespace ampcc
