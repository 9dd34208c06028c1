//===- ProgramBuilder.cpp - OpenCL programs from source or cache ----------===//

#include "launches/ProgramBuilder.h"

#include "ampcc/exceptions.h"
#include "devices/Device.h"
#include "launches/BuildLog.h"
#include "launches/KernelCache.h"
#include "observation/Profile.h"
#include "observation/Stats.h"
#include "support/Env.h"

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace ampcc {
namespace rt {

std::string programBuildOptions() {
  // -w: the OpenCL C is ampcc's, checked when it was printed; its warnings
  // are not the user's, and NVIDIA's compiler writes "N warnings generated."
  // to the program's stderr. A failed build's log still has its errors.
  std::string Options = "-cl-std=CL1.2 -w";
  if (env().CLOptDisable)
    Options += " -cl-opt-disable";
  return Options;
}

std::string programCacheKey(const ProgramDesc &P, const Device &Dev,
                            const std::string &Options) {
  const DeviceInfo &I = Dev.info();
  ProgramKeyParts Parts;
  Parts.Source = P.Source ? P.Source : "";
  Parts.Options = Options;
  Parts.DeviceName = I.Name;
  Parts.DeviceVendor = I.Vendor;
  Parts.DriverVersion = I.DriverVersion;
  Parts.DeviceVersion = I.VersionText;
  Parts.PlatformName = I.PlatformName;
  Parts.PlatformVersion = I.PlatformVersion;
  return programKeyText(Parts);
}

static std::string buildLog(const Program &Built, Device &Dev) {
  std::string Log = Dev.backend()->buildLog(
      Built, Dev.id(), "(the OpenCL driver gave no build log)");
  // Drivers end the log with newlines; the exception message should not.
  while (!Log.empty() && (Log.back() == '\n' || Log.back() == ' '))
    Log.pop_back();
  return Log;
}

/// A program built from Binary, or null when the driver refuses it.
static Program buildFromBinary(const std::vector<unsigned char> &Binary,
                               const std::string &Options,
                               const std::string &File, Device &Dev) {
  Backend &B = *Dev.backend();
  int Err = 0;
  Program Built = B.loadBinary(Dev.context(), Dev.id(), Binary, Err);
  if (!Built) {
    trace("kernel cache: " + Dev.info().Name + " refused the cached binary of " +
          File + " (" + B.errorName(Err) + ")");
    return Program();
  }
  uint64_t Start = profileHostNowNs();
  Err = B.build(Built, Dev.id(), Options);
  profileBuild(File, Dev.info().Name, Start, profileHostNowNs(),
               /*FromBinary=*/true);
  if (Err) {
    trace("kernel cache: building the cached binary of " + File + " failed (" +
          B.errorName(Err) + ")");
    return Program();
  }
  return Built;
}

static Program buildFromSource(const ProgramDesc &P, const std::string &Options,
                               const std::string &File, Device &Dev) {
  Backend &B = *Dev.backend();
  const Context &C = Dev.context();
  Program Built;
  {
    HostStep Step("clCreateProgramWithSource", File);
    Built = B.loadSource(C, P.Source, File);
  }
  trace("building OpenCL program for " + File + " on " + Dev.info().Name);
  uint64_t Start = profileHostNowNs();
  int Err = B.build(Built, Dev.id(), Options);
  profileBuild(File, Dev.info().Name, Start, profileHostNowNs(),
               /*FromBinary=*/false);
  if (Err) {
    // The generated source carries #line directives, so the log points at
    // the user's file and line (with our help where the driver ignores them).
    std::string Message = "failed to build OpenCL program for " + File +
                          " on " + Dev.info().Name + ":\n" +
                          remapBuildLog(buildLog(Built, Dev), P.Source);
    if (B.failureOf(Err) != Backend::Failure::BuildFailure)
      Message += std::string("\n(clBuildProgram failed: ") + B.errorName(Err) +
                 " (" + std::to_string(Err) + "))";
    throw Concurrency::runtime_exception(Message, Err);
  }
  return Built;
}

/// The program from the PTX ampcc compiled ahead of time (the CUDA
/// backend); the driver compiles it for the device and caches the result.
static Program buildFromPtx(const ProgramDesc &P, const std::string &File,
                            Device &Dev, bool DomainCovered) {
  Backend &B = *Dev.backend();
  std::string Why;
  Program Built = B.loadPtx(Dev.context(), Dev.id(), P, DomainCovered, Why);
  if (!Built)
    throw Concurrency::runtime_exception(Why + " (compile it without -fno-cuda, or "
                                         "run it with AMPCC_BACKEND=opencl)",
                                         Concurrency::AMPCC_E_FAIL);
  trace("loading the PTX of " + File + " on " + Dev.info().Name);
  uint64_t Start = profileHostNowNs();
  int Err = B.build(Built, Dev.id(), "");
  profileBuild(File, Dev.info().Name, Start, profileHostNowNs(), /*FromBinary=*/true);
  if (Err)
    throw Concurrency::runtime_exception(
        "failed to load the PTX of " + File + " on " + Dev.info().Name + " (" +
            B.errorName(Err) + "): " + buildLog(Built, Dev),
        Err);
  return Built;
}

/// AMPCC_REPLACE_CL's text, read once: a reducer's candidate that stands
/// in for every program's own OpenCL C, so that the program's checks judge
/// it (docs/reliability.md). A file that cannot be read is an error, not a
/// silent fall back to the program's text.
static const std::string &replacementSource() {
  static const std::string Text = [] {
    const std::string &Path = env().ReplaceCL;
    std::FILE *F = std::fopen(Path.c_str(), "rb");
    if (!F)
      throw Concurrency::runtime_exception(
          "cannot read AMPCC_REPLACE_CL's file '" + Path + "'", Concurrency::AMPCC_E_FAIL);
    std::string T;
    char Buf[4096];
    for (size_t N; (N = std::fread(Buf, 1, sizeof Buf, F)) > 0;)
      T.append(Buf, N);
    std::fclose(F);
    return T;
  }();
  return Text;
}

Program buildProgram(const ProgramDesc &Own, Device &Dev,
                     const KernelCache &Cache, bool DomainCovered) {
  std::string File = Own.SourceFile ? Own.SourceFile : "<unknown file>";
  if (Dev.backend()->runsPtx())
    return buildFromPtx(Own, File, Dev, DomainCovered);
  if (!Own.Source)
    throw Concurrency::runtime_exception(
        "the OpenCL program for " + File + " has no source text",
        Concurrency::AMPCC_E_FAIL);
  // The cache key is made from the text below, so a replacement is never
  // taken for the program's own build.
  ProgramDesc P = Own;
  if (!env().ReplaceCL.empty())
    P.Source = replacementSource().c_str();
  if (env().DumpCL)
    std::fprintf(stderr, "ampcc: OpenCL C for %s on %s:\n%s\n", File.c_str(),
                 Dev.info().Name.c_str(), P.Source);

  std::string Options = programBuildOptions();
  if (DomainCovered)
    Options += " " AMPCC_DOMAIN_COVERED_OPTION;
  std::string Key;
  if (Cache.enabled()) {
    Key = programCacheKey(P, Dev, Options);
    std::optional<std::vector<unsigned char>> Binary;
    {
      HostStep Step("kernel cache lookup", File);
      Binary = Cache.load(Key);
    }
    if (Binary) {
      if (Program Built = buildFromBinary(*Binary, Options, File, Dev)) {
        profileCacheLookup(CacheOutcome::Hit);
        return Built;
      }
      profileCacheLookup(CacheOutcome::Refused);
    } else {
      profileCacheLookup(CacheOutcome::Miss);
    }
  }

  Program Built = buildFromSource(P, Options, File, Dev);
  if (Cache.enabled()) {
    HostStep Step("kernel cache store", File);
    // A failed store costs the next process a source build, nothing more.
    std::vector<unsigned char> Binary = Dev.backend()->binary(Built, Dev.id());
    if (!Binary.empty())
      Cache.store(Key, Binary.data(), Binary.size());
    else
      trace("kernel cache: " + Dev.info().Name + " gave no binary for " + File);
  }
  return Built;
}

} // namespace rt
} // namespace ampcc
