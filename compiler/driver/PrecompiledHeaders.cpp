//===- PrecompiledHeaders.cpp - the driver's precompiled <amp.h> ---------===//
#include "PrecompiledHeaders.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;

namespace ampcc {

/// "<size>:<mtime>" of \p Path after links: a rebuilt or upgraded compiler
/// reads headers of its own making only.
static std::string fileStamp(StringRef Path) {
  SmallString<256> Real;
  if (sys::fs::real_path(Path, Real))
    Real = Path;
  sys::fs::file_status Status;
  if (sys::fs::status(Real, Status))
    return "?";
  return std::to_string(Status.getSize()) + ":" +
         std::to_string(Status.getLastModificationTime().time_since_epoch().count());
}

/// Whether files can be made in \p Dir (or in its nearest existing parent).
static bool writable(StringRef Dir) {
  SmallString<256> Probe(Dir);
  while (!Probe.empty() && !sys::fs::exists(Probe))
    sys::path::remove_filename(Probe);
  return !Probe.empty() && !sys::fs::access(Probe, sys::fs::AccessMode::Write);
}

static std::string userCacheDir() {
  SmallString<256> Dir;
  if (const char *X = std::getenv("XDG_CACHE_HOME"); X && *X)
    Dir = X;
  else if (const char *H = std::getenv("HOME"); H && *H)
    sys::path::append(Dir, H, ".cache");
  else
    return std::string();
  sys::path::append(Dir, "ampcc", "pch");
  return writable(Dir) ? Dir.str().str() : std::string();
}

PrecompiledAmpCache makePrecompiledAmpCache(const Toolchain &TC) {
  std::string Stamp = std::string(AMPCC_VERSION) + "|" + fileStamp(TC.Self) + "|" +
                      fileStamp(TC.HostPlugin) + "|" + fileStamp(TC.ClangXX);
  if (const char *Env = std::getenv("AMPCC_PCH_DIR"); Env && *Env)
    return PrecompiledAmpCache({}, Env, Stamp);
  // Beside the runtime library: <prefix>/lib/ampcc/pch, or the build tree's lib/pch.
  SmallString<256> Own(TC.RuntimeLib);
  sys::path::remove_filename(Own);
  sys::path::append(Own, "pch");
  if (writable(Own))
    return PrecompiledAmpCache({}, Own.str().str(), Stamp);
  return PrecompiledAmpCache({Own.str().str()}, userCacheDir(), Stamp);
}

std::vector<std::string> hostPrefixArgs(const std::vector<std::string> &HostBase) {
  std::vector<std::string> Key;
  for (size_t I = 0; I < HostBase.size(); ++I) {
    StringRef A = HostBase[I];
    bool TakesValue = A == "-MF" || A == "-MT" || A == "-MQ";
    if (TakesValue) {
      ++I;
      continue;
    }
    if (A == "-MD" || A == "-MMD" || A == "-MP" || A == "-fcolor-diagnostics")
      continue;
    if (A == "-Xclang" && I + 1 < HostBase.size() &&
        StringRef(HostBase[I + 1]).starts_with("-cuid=")) {
      ++I;
      continue;
    }
    Key.push_back(A.str());
  }
  return Key;
}

std::string resolveProgramHeader(const std::vector<std::string> &FrontendArgs,
                                 StringRef Name, bool Quoted, StringRef FromDir) {
  std::vector<std::string> Dirs;
  if (Quoted)
    Dirs.push_back(FromDir.empty() ? "." : FromDir.str());
  for (StringRef Opt : {"-iquote", "-I"}) {
    if (Opt == "-iquote" && !Quoted)
      continue;
    for (size_t I = 0; I < FrontendArgs.size(); ++I) {
      StringRef A = FrontendArgs[I];
      if (!A.consume_front(Opt))
        continue;
      if (A.empty() && I + 1 < FrontendArgs.size())
        A = FrontendArgs[++I];
      if (!A.empty())
        Dirs.push_back(A.str());
    }
  }
  for (const std::string &Dir : Dirs) {
    SmallString<256> Path(Dir);
    sys::path::append(Path, Name);
    if (sys::fs::is_regular_file(Path))
      return Path.str().str();
  }
  return std::string();
}

bool mayLoadPrecompiledAmp(const std::vector<std::string> &FrontendArgs, bool MsHeaders,
                           StringRef Src, StringRef Text) {
  auto Resolve = [&](StringRef Name, bool Quoted, StringRef FromDir) {
    return resolveProgramHeader(FrontendArgs, Name, Quoted, FromDir);
  };
  return startsWithAmpHeader(Text, MsHeaders, Resolve, sys::path::parent_path(Src));
}

bool precompiledAmpSupports(StringRef Std) {
  Std.consume_front("gnu++") || Std.consume_front("c++");
  return Std == "14" || Std == "1y" || Std == "17" || Std == "1z";
}

void reportPrecompiledAmp(PrecompiledAmpCache &Cache, bool Verbose) {
  if (Verbose)
    for (const std::string &PCH : Cache.Loaded)
      errs() << "ampcc: precompiled <amp.h>: " << PCH
             << (is_contained(Cache.Built, PCH) ? " (built)" : "") << "\n";
  Cache.Loaded.clear();
}

std::vector<std::string> dependencyFileInputs(StringRef Text) {
  std::vector<std::string> Inputs;
  std::string Word;
  bool Target = true;
  auto Flush = [&] {
    if (Word.empty())
      return;
    if (Target && StringRef(Word).ends_with(":"))
      Target = false;
    else if (!Target)
      Inputs.push_back(Word);
    Word.clear();
  };
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\\' && I + 1 < Text.size() && (Text[I + 1] == '\n' || Text[I + 1] == '\r')) {
      Flush();
      ++I;
      continue;
    }
    if (C == '\\' && I + 1 < Text.size() && Text[I + 1] == ' ') {
      Word += ' ';
      ++I;
      continue;
    }
    if (C == '$' && I + 1 < Text.size() && Text[I + 1] == '$') {
      Word += '$';
      ++I;
      continue;
    }
    if (isSpace(C)) {
      Flush();
      continue;
    }
    Word += C;
  }
  Flush();
  return Inputs;
}

bool buildHostPrefix(const Toolchain &TC, llvm::ArrayRef<std::string> KeyArgs,
                     const std::string &PrefixFile, const std::string &Output,
                     std::vector<std::string> &Inputs) {
  std::string DepFile = Output + ".d";
  std::string ErrFile = Output + ".err";
  std::vector<std::string> Cmd(KeyArgs.begin(), KeyArgs.end());
  // Templates that <amp.h> itself uses are instantiated in the header
  // (as clang-cl's /Yc does), not again at the end of every file; its own
  // templates are parsed where written, as in the device pass's header
  // (precompileDevicePrefix says why); the action last: cc1 takes the
  // last one given.
  Cmd.insert(Cmd.end(), {"-fpch-instantiate-templates", "-fno-delayed-template-parsing", "-c",
                         PrefixFile, "-o", Output, "-MD", "-MF", DepFile, "-Xclang",
                         "-plugin-arg-ampcc-host", "-Xclang", "names=" + Output + ".names",
                         "-Xclang", "-emit-pch"});
  // Its errors are not shown: without a header, the file's own compile
  // parses <amp.h> and reports whatever is wrong.
  sys::ProcessInfo PI = TC.start(Cmd, ErrFile);
  bool Ok = PI.Pid && sys::Wait(PI, std::nullopt).ReturnCode == 0;
  sys::fs::remove(ErrFile);
  if (Ok) {
    if (auto Buf = MemoryBuffer::getFile(DepFile))
      for (std::string &Input : dependencyFileInputs((*Buf)->getBuffer())) {
        SmallString<256> Abs(Input);
        sys::fs::make_absolute(Abs);
        Inputs.push_back(Abs.str().str());
      }
    else
      Ok = false;
  }
  sys::fs::remove(DepFile);
  return Ok && !Inputs.empty();
}

} // namespace ampcc
