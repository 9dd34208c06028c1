//===- ProgramBuilder.cpp - OpenCL programs from source or cache ----------===//

#include "launches/ProgramBuilder.h"

#include "ampcc/exceptions.h"
#include "devices/Device.h"
#include "launches/BuildLog.h"
#include "launches/KernelCache.h"
#include "observation/Profile.h"
#include "observation/Stats.h"
#include "support/Env.h"
#include "backends/opencl/Errors.h"

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace ampcc {
namespace rt {

std::string programBuildOptions() {
  std::string Options = "-cl-std=CL1.2";
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

static std::string buildLog(cl_program Program, Device &Dev) {
  size_t Size = 0;
  if (clGetProgramBuildInfo(Program, Dev.id(), CL_PROGRAM_BUILD_LOG, 0,
                            nullptr, &Size) != CL_SUCCESS || Size == 0)
    return "(the OpenCL driver gave no build log)";
  std::string Log(Size, '\0');
  if (clGetProgramBuildInfo(Program, Dev.id(), CL_PROGRAM_BUILD_LOG, Size,
                            &Log[0], nullptr) != CL_SUCCESS)
    return "(the OpenCL driver gave no build log)";
  Log.resize(std::char_traits<char>::length(Log.c_str()));
  // Drivers end the log with newlines; the exception message should not.
  while (!Log.empty() && (Log.back() == '\n' || Log.back() == ' '))
    Log.pop_back();
  return Log;
}

/// Program's binary for Dev, or nullopt when the driver gives none.
static std::optional<std::vector<unsigned char>>
programBinary(cl_program Program, Device &Dev) {
  // The program's context may hold several devices: find Dev's slot.
  cl_uint Count = 0;
  if (clGetProgramInfo(Program, CL_PROGRAM_NUM_DEVICES, sizeof(Count), &Count,
                       nullptr) != CL_SUCCESS || Count == 0)
    return std::nullopt;
  std::vector<cl_device_id> Ids(Count);
  std::vector<size_t> Sizes(Count);
  if (clGetProgramInfo(Program, CL_PROGRAM_DEVICES, Count * sizeof(cl_device_id),
                       Ids.data(), nullptr) != CL_SUCCESS ||
      clGetProgramInfo(Program, CL_PROGRAM_BINARY_SIZES, Count * sizeof(size_t),
                       Sizes.data(), nullptr) != CL_SUCCESS)
    return std::nullopt;
  std::vector<std::vector<unsigned char>> Binaries(Count);
  std::vector<unsigned char *> Pointers(Count, nullptr);
  size_t Mine = Count;
  for (cl_uint I = 0; I < Count; ++I) {
    if (Ids[I] == Dev.id())
      Mine = I;
    // A null pointer asks the driver to skip that device's binary.
    Binaries[I].resize(Sizes[I]);
    if (Ids[I] == Dev.id() && Sizes[I])
      Pointers[I] = Binaries[I].data();
  }
  if (Mine == Count || Sizes[Mine] == 0 ||
      clGetProgramInfo(Program, CL_PROGRAM_BINARIES,
                       Count * sizeof(unsigned char *), Pointers.data(),
                       nullptr) != CL_SUCCESS)
    return std::nullopt;
  return std::move(Binaries[Mine]);
}

/// A program built from Binary, or nullptr when the driver refuses it.
static cl_program buildFromBinary(const std::vector<unsigned char> &Binary,
                                  const std::string &Options,
                                  const std::string &File, Device &Dev) {
  cl_device_id Id = Dev.id();
  const unsigned char *Bytes = Binary.data();
  size_t Size = Binary.size();
  cl_int Status = CL_SUCCESS, Err = CL_SUCCESS;
  cl_program Program = clCreateProgramWithBinary(Dev.context(), 1, &Id, &Size,
                                                 &Bytes, &Status, &Err);
  if (Err != CL_SUCCESS || Status != CL_SUCCESS) {
    trace("kernel cache: " + Dev.info().Name + " refused the cached binary of " +
          File + " (" + clErrorName(Err != CL_SUCCESS ? Err : Status) + ")");
    if (Program)
      clReleaseProgram(Program);
    return nullptr;
  }
  uint64_t Start = profileHostNowNs();
  Err = clBuildProgram(Program, 1, &Id, Options.c_str(), nullptr, nullptr);
  profileBuild(File, Dev.info().Name, Start, profileHostNowNs(),
               /*FromBinary=*/true);
  if (Err != CL_SUCCESS) {
    trace("kernel cache: building the cached binary of " + File + " failed (" +
          clErrorName(Err) + ")");
    clReleaseProgram(Program);
    return nullptr;
  }
  return Program;
}

static cl_program buildFromSource(const ProgramDesc &P,
                                  const std::string &Options,
                                  const std::string &File, Device &Dev) {
  cl_int Err = CL_SUCCESS;
  const char *Text = P.Source; // The API wants a non-const array of them.
  cl_context Context = Dev.context();
  HostStep Step("clCreateProgramWithSource", File);
  cl_program Program =
      clCreateProgramWithSource(Context, 1, &Text, nullptr, &Err);
  checkCL(Err, "clCreateProgramWithSource for " + File);
  trace("building OpenCL program for " + File + " on " + Dev.info().Name);
  cl_device_id Id = Dev.id();
  uint64_t Start = profileHostNowNs();
  Err = clBuildProgram(Program, 1, &Id, Options.c_str(), nullptr, nullptr);
  profileBuild(File, Dev.info().Name, Start, profileHostNowNs(),
               /*FromBinary=*/false);
  if (Err != CL_SUCCESS) {
    // The generated source carries #line directives, so the log points at
    // the user's file and line (with our help where the driver ignores them).
    std::string Message = "failed to build OpenCL program for " + File +
                          " on " + Dev.info().Name + ":\n" +
                          remapBuildLog(buildLog(Program, Dev), P.Source);
    if (Err != CL_BUILD_PROGRAM_FAILURE)
      Message += "\n(" + clErrorMessage(Err, "clBuildProgram") + ")";
    clReleaseProgram(Program);
    throw Concurrency::runtime_exception(Message, Err);
  }
  return Program;
}

cl_program buildProgram(const ProgramDesc &P, Device &Dev,
                        const KernelCache &Cache, bool DomainCovered) {
  std::string File = P.SourceFile ? P.SourceFile : "<unknown file>";
  if (!P.Source)
    throw Concurrency::runtime_exception(
        "the OpenCL program for " + File + " has no source text",
        Concurrency::AMPCC_E_FAIL);
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
      if (cl_program Program = buildFromBinary(*Binary, Options, File, Dev)) {
        profileCacheLookup(CacheOutcome::Hit);
        return Program;
      }
      profileCacheLookup(CacheOutcome::Refused);
    } else {
      profileCacheLookup(CacheOutcome::Miss);
    }
  }

  cl_program Program = buildFromSource(P, Options, File, Dev);
  if (Cache.enabled()) {
    HostStep Step("kernel cache store", File);
    // A failed store costs the next process a source build, nothing more.
    if (std::optional<std::vector<unsigned char>> Binary =
            programBinary(Program, Dev))
      Cache.store(Key, Binary->data(), Binary->size());
    else
      trace("kernel cache: " + Dev.info().Name + " gave no binary for " + File);
  }
  return Program;
}

} // namespace rt
} // namespace ampcc
