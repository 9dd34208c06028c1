//===- Env.cpp - Environment settings of the runtime ----------------------===//

#include "support/Env.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace ampcc {
namespace rt {

static bool flag(const char *Name) {
  const char *V = std::getenv(Name);
  return V && *V && std::strcmp(V, "0") != 0;
}

std::string kernelCacheDir(const char *AmpccCacheDir, const char *XdgCacheHome,
                           const char *Home) {
  // Empty means unset, as for CPPAMP_DEFAULT_ACCELERATOR.
  if (AmpccCacheDir && *AmpccCacheDir) {
    if (!std::strcmp(AmpccCacheDir, "off") || !std::strcmp(AmpccCacheDir, "0"))
      return "";
    return AmpccCacheDir;
  }
  // The XDG base directory specification ignores relative paths.
  if (XdgCacheHome && XdgCacheHome[0] == '/')
    return std::string(XdgCacheHome) + "/ampcc/kernels";
  if (Home && Home[0] == '/')
    return std::string(Home) + "/.cache/ampcc/kernels";
  return "";
}

static EnvSettings readEnv() {
  EnvSettings S;
  // An empty CPPAMP_DEFAULT_ACCELERATOR means "not chosen", as if unset:
  // `CPPAMP_DEFAULT_ACCELERATOR= ./prog` is how shells clear a variable.
  if (const char *V = std::getenv("CPPAMP_DEFAULT_ACCELERATOR"); V && *V)
    S.DefaultAccelerator = V;
  S.Trace = flag("AMPCC_TRACE");
  S.DumpCL = flag("AMPCC_DUMP_CL");
  S.CLOptDisable = flag("AMPCC_CL_OPT_DISABLE");
  S.Profile = flag("AMPCC_PROFILE");
  S.ContextPerDevice = flag("AMPCC_CONTEXT_PER_DEVICE");
  S.NoImages = flag("AMPCC_NO_IMAGES");
  S.CpuDevicesNotEmulated = flag("AMPCC_CPU_DEVICES_NOT_EMULATED");
  S.Verbose = flag("AMPCC_VERBOSE");
  if (const char *V = std::getenv("AMPCC_CUDA_LIBRARY"); V && *V)
    S.CudaLibrary = V;
  if (const char *V = std::getenv("AMPCC_TRACE_FILE"); V && *V)
    S.TraceFile = V;
  if (const char *V = std::getenv("AMPCC_REPLACE_CL"); V && *V)
    S.ReplaceCL = V;
  if (const char *V = std::getenv("AMPCC_MAX_LAUNCH_ITEMS"); V && *V) {
    char *End = nullptr;
    unsigned long long N = std::strtoull(V, &End, 10);
    // A bad value is an error, not a silent default: say so once, loudly.
    if (*End || N == 0)
      std::fprintf(stderr, "ampcc: ignoring AMPCC_MAX_LAUNCH_ITEMS='%s': not a "
                           "positive integer\n", V);
    else
      S.MaxLaunchItems = N;
  }
  if (const char *V = std::getenv("AMPCC_PEER_COPIES"); V && *V) {
    if (!std::strcmp(V, "host"))
      S.PeerCopiesThroughHost = true;
    else if (!std::strcmp(V, "device"))
      S.PeerCopiesThroughHost = false;
    else
      std::fprintf(stderr, "ampcc: ignoring AMPCC_PEER_COPIES='%s': not "
                           "\"host\" or \"device\"\n", V);
  }
  if (const char *V = std::getenv("AMPCC_BACKEND"); V && *V) {
    if (!std::strcmp(V, "opencl"))
      S.Backend = BackendChoice::OpenCL;
    else if (!std::strcmp(V, "cuda"))
      S.Backend = BackendChoice::Cuda;
    else if (!std::strcmp(V, "host"))
      S.Backend = BackendChoice::Host;
    else if (!std::strcmp(V, "all"))
      S.Backend = BackendChoice::All;
    else
      std::fprintf(stderr, "ampcc: ignoring AMPCC_BACKEND='%s': not \"opencl\", "
                           "\"cuda\", \"host\" or \"all\"\n", V);
  }
  if (const char *V = std::getenv("AMPCC_STAGED_COPIES"); V && *V)
    S.StagedCopies = std::strcmp(V, "0") != 0;
  S.KernelCacheDir = kernelCacheDir(std::getenv("AMPCC_CACHE_DIR"),
                                    std::getenv("XDG_CACHE_HOME"),
                                    std::getenv("HOME"));
  return S;
}

const EnvSettings &env() {
  static const EnvSettings Settings = readEnv();
  return Settings;
}

} // namespace rt
} // namespace ampcc
