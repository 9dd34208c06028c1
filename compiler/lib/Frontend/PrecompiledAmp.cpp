//===- PrecompiledAmp.cpp - <amp.h> parsed once, for every file ----------===//
//
// See PrecompiledAmp.h. A header is named by a hash of its pass, the
// compilers' stamp and the compile's arguments; beside it, "<name>.inputs"
// lists each file it was built from with the size and time it had, and a
// header whose inputs changed is built again (Clang would refuse it).
// Headers are published by renaming complete files, so compiles running
// side by side (make -j) may each build one but never read half of one.
//
//===----------------------------------------------------------------------===//
#include "ampcc/Frontend/PrecompiledAmp.h"
#include "ampcc/Lex/NamedIdentifiers.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <chrono>
#include <cstring>

using namespace llvm;

namespace ampcc {

/// The headers of the C++ standard library (to C++20) and of the C library
/// it includes: a program may include them in any order ([using.headers]).
static bool isStandardHeader(StringRef Name) {
  static const StringSet<> Names = {
      "algorithm", "any", "array", "atomic", "bit", "bitset", "cassert", "ccomplex",
      "cctype", "cerrno", "cfenv", "cfloat", "charconv", "chrono", "cinttypes",
      "ciso646", "climits", "clocale", "cmath", "codecvt", "compare", "complex",
      "concepts", "condition_variable", "csetjmp", "csignal", "cstdalign", "cstdarg",
      "cstdbool", "cstddef", "cstdint", "cstdio", "cstdlib", "cstring", "ctgmath",
      "ctime", "cuchar", "cwchar", "cwctype", "deque", "exception", "execution",
      "forward_list", "fstream", "functional", "future", "initializer_list",
      "iomanip", "ios", "iosfwd", "iostream", "istream", "iterator", "limits",
      "list", "locale", "map", "memory", "memory_resource", "mutex", "new",
      "numbers", "numeric", "optional", "ostream", "queue", "random", "ranges",
      "ratio", "regex", "scoped_allocator", "set", "shared_mutex", "span",
      "sstream", "stack", "stdexcept", "streambuf", "string", "string_view",
      "system_error", "thread", "tuple", "type_traits", "typeindex", "typeinfo",
      "unordered_map", "unordered_set", "utility", "valarray", "variant", "vector",
      "version", "assert.h", "ctype.h", "errno.h", "fenv.h", "float.h",
      "inttypes.h", "iso646.h", "limits.h", "locale.h", "math.h", "setjmp.h",
      "signal.h", "stdarg.h", "stdbool.h", "stddef.h", "stdint.h", "stdio.h",
      "stdlib.h", "string.h", "tgmath.h", "time.h", "uchar.h", "wchar.h",
      "wctype.h"};
  return Names.contains(Name);
}

/// Drops blanks and comments from the front of \p Text; false at an
/// unterminated comment.
static bool skipBlanksAndComments(StringRef &Text) {
  while (true) {
    Text = Text.ltrim(" \t\r\n\f\v");
    if (Text.consume_front("//")) {
      // A line comment ends at a newline not escaped by a backslash.
      size_t End = 0;
      while ((End = Text.find('\n', End)) != StringRef::npos &&
             End > 0 && Text[End - 1] == '\\')
        ++End;
      Text = End == StringRef::npos ? StringRef() : Text.substr(End);
    } else if (Text.consume_front("/*")) {
      size_t End = Text.find("*/");
      if (End == StringRef::npos)
        return false;
      Text = Text.substr(End + 2);
    } else {
      return true;
    }
  }
}

/// Takes one directive's line (after its '#') from \p Text; empty when the
/// line is continued or holds a comment, which the check does not read.
static StringRef takeDirective(StringRef &Text) {
  size_t End = Text.find('\n');
  StringRef Line = Text.substr(0, End).trim();
  Text = End == StringRef::npos ? StringRef() : Text.substr(End + 1);
  if (Line.ends_with("\\") || Line.contains("/*") || Line.contains("//"))
    return StringRef();
  return Line;
}

/// An include guard opening a header: `#ifndef NAME` then `#define NAME`.
/// Defining its own guard first changes nothing <amp.h> reads.
static bool takeIncludeGuard(StringRef Line, StringRef &Text) {
  StringRef Guard;
  if (!Line.consume_front("ifndef") || (Guard = Line.trim()).empty())
    return false;
  StringRef After = Text;
  if (!skipBlanksAndComments(After) || !After.consume_front("#"))
    return false;
  StringRef Define = takeDirective(After);
  if (!Define.consume_front("define") || Define.trim() != Guard)
    return false;
  Text = After;
  return true;
}

static bool startsWithAmpHeader(StringRef Text, bool StandardHeadersFirst,
                                IncludeResolver Resolve, StringRef Dir, unsigned Depth) {
  Text.consume_front("\xEF\xBB\xBF");
  while (true) {
    if (!skipBlanksAndComments(Text) || !Text.consume_front("#"))
      return false;
    StringRef Line = takeDirective(Text);
    if (Line.empty())
      return false;
    StringRef Name = Line.take_while([](char C) { return isAlpha(C); });
    StringRef Rest = Line.drop_front(Name.size()).ltrim();
    if (Name == "pragma" && Rest == "once")
      continue;
    if (Name == "line")
      continue;
    if (Depth && Name == "ifndef" && takeIncludeGuard(Line, Text))
      continue;
    if (Name != "include")
      return false;
    bool Quoted = Rest.consume_front("\"") && Rest.consume_back("\"");
    if (!Quoted && (!Rest.consume_front("<") || !Rest.consume_back(">")))
      return false;
    StringRef Header = Rest.trim();
    if (!Quoted && Header == "amp.h")
      return true;
    if (!Quoted && StandardHeadersFirst && isStandardHeader(Header))
      continue;
    // A header of the program's own that itself starts with <amp.h> (a
    // project's common header, "stdafx.h"): what comes before <amp.h>
    // there is as neutral as here.
    std::string Path = Resolve && Depth < 4 ? Resolve(Header, Quoted, Dir) : std::string();
    if (Path.empty())
      return false;
    auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/true);
    return Buf && startsWithAmpHeader((*Buf)->getBuffer(), StandardHeadersFirst, Resolve,
                                      sys::path::parent_path(Path), Depth + 1);
  }
}

bool startsWithAmpHeader(StringRef Text, bool StandardHeadersFirst, IncludeResolver Resolve,
                         StringRef Dir) {
  return startsWithAmpHeader(Text, StandardHeadersFirst, Resolve, Dir, 0);
}

/// "<size> <mtime> <path>" for \p Path, or "" when it cannot be read.
static std::string inputLine(StringRef Path) {
  sys::fs::file_status Status;
  if (sys::fs::status(Path, Status) || !sys::fs::is_regular_file(Status))
    return std::string();
  auto Time = Status.getLastModificationTime().time_since_epoch().count();
  return std::to_string(Status.getSize()) + " " + std::to_string(Time) + " " +
         Path.str();
}

bool precompiledHeaderIsCurrent(const std::string &PCH) {
  if (!sys::fs::exists(PCH))
    return false;
  auto Buf = MemoryBuffer::getFile(PCH + ".inputs", /*IsText=*/true);
  if (!Buf)
    return false;
  SmallVector<StringRef, 0> Lines;
  (*Buf)->getBuffer().split(Lines, '\n', -1, /*KeepEmpty=*/false);
  if (Lines.empty())
    return false;
  for (StringRef Line : Lines) {
    StringRef Path = Line.split(' ').second.split(' ').second;
    if (inputLine(Path) != Line)
      return false;
  }
  return true;
}

PrecompiledAmpCache::PrecompiledAmpCache(std::vector<std::string> ReadDirs,
                                         std::string WriteDir, std::string Stamp)
    : ReadDirs(std::move(ReadDirs)), WriteDir(std::move(WriteDir)),
      Stamp(std::move(Stamp)) {}

/// Whether \p Args name a header or include directory by a relative path,
/// which means another header from another working directory.
static bool hasRelativePaths(ArrayRef<std::string> Args) {
  static const char *const PathOptions[] = {"-I", "-isystem", "-iquote", "-idirafter",
                                            "-include", "-imacros", "-ivfsoverlay"};
  for (size_t I = 0; I < Args.size(); ++I)
    for (StringRef Opt : PathOptions) {
      StringRef A = Args[I];
      if (!A.consume_front(Opt))
        continue;
      if (A.empty() && I + 1 < Args.size())
        A = Args[I + 1];
      if (!A.empty() && !sys::path::is_absolute(A))
        return true;
    }
  return false;
}

std::string PrecompiledAmpCache::name(StringRef Pass, ArrayRef<std::string> Args) const {
  std::string Key = Pass.str() + '\0' + Stamp;
  for (const std::string &A : Args)
    Key += '\0' + A;
  SmallString<256> CWD;
  if (hasRelativePaths(Args) && !sys::fs::current_path(CWD))
    Key += '\0' + CWD.str().str();
  return Pass.str() + "-" + utohexstr(xxh3_64bits(Key), /*LowerCase=*/true) + ".pch";
}

std::string PrecompiledAmpCache::find(StringRef Pass, ArrayRef<std::string> Args) const {
  std::string Name = name(Pass, Args);
  // Checked once per cache: a header's inputs are hundreds of files to
  // stat, and the fuzzer asks again for every input.
  if (auto It = Current.find(Name); It != Current.end())
    return It->second;
  std::vector<std::string> Dirs = ReadDirs;
  if (!WriteDir.empty())
    Dirs.push_back(WriteDir);
  for (const std::string &Dir : Dirs) {
    SmallString<256> Path(Dir);
    sys::path::append(Path, Name);
    if (!precompiledHeaderIsCurrent(Path.str().str()))
      continue;
    // Used now: the listing's time orders headers for pruning (prune()).
    if (Dir == WriteDir)
      if (auto FD = sys::fs::openNativeFileForWrite(Path + ".inputs",
                                                    sys::fs::CD_OpenExisting,
                                                    sys::fs::OF_Append)) {
        sys::fs::setLastAccessAndModificationTime(*FD, std::chrono::system_clock::now());
        sys::fs::closeFile(*FD);
      }
    Current[Name] = Path.str().str();
    return Path.str().str();
  }
  return std::string();
}

void PrecompiledAmpCache::prune() const {
  using Clock = std::chrono::system_clock;
  std::vector<std::pair<Clock::time_point, std::string>> Headers;
  std::error_code EC;
  for (sys::fs::directory_iterator It(WriteDir, EC), End; It != End && !EC; It.increment(EC)) {
    std::string Path = It->path();
    sys::fs::file_status Status;
    if (sys::fs::status(Path, Status))
      continue;
    Clock::time_point Time = Status.getLastModificationTime();
    if (StringRef(Path).ends_with(".pch.inputs")) {
      Headers.emplace_back(Time, Path.substr(0, Path.size() - strlen(".inputs")));
    } else if (!StringRef(Path).ends_with(".pch") && !StringRef(Path).ends_with(".pch.names") &&
               sys::path::filename(Path) != "amp-prefix.h" &&
               Clock::now() - Time > std::chrono::minutes(10)) {
      sys::fs::remove(Path); // what a build that was stopped left behind
    }
  }
  if (Headers.size() <= MaxHeaders)
    return;
  // The least recently used go (~20 MB each): a directory shared by every
  // set of options a machine compiles with stays a few hundred MB.
  llvm::sort(Headers, [](const auto &A, const auto &B) { return A.first > B.first; });
  // One used in the last minutes stays: a compile beside this one may have
  // found it and not opened it yet.
  for (size_t I = MaxHeaders; I < Headers.size(); ++I) {
    if (Clock::now() - Headers[I].first < KeepRecent)
      continue;
    sys::fs::remove(Headers[I].second + ".inputs");
    sys::fs::remove(Headers[I].second);
    sys::fs::remove(Headers[I].second + ".names");
  }
}

std::string PrecompiledAmpCache::prefixFile() const {
  SmallString<256> Path(WriteDir);
  sys::path::append(Path, "amp-prefix.h");
  static const char Text[] = "#include <amp.h>\n";
  auto Old = MemoryBuffer::getFile(Path);
  if (Old && (*Old)->getBuffer() == Text)
    return Path.str().str();
  // Written aside and renamed: a reader never sees half the file, and a
  // header built from it keeps matching its recorded size.
  SmallString<256> Temp(Path);
  Temp += "." + std::to_string(sys::Process::getProcessId());
  {
    std::error_code EC;
    raw_fd_ostream OS(Temp, EC);
    if (EC)
      return std::string();
    OS << Text;
  }
  if (sys::fs::rename(Temp, Path))
    return std::string();
  return Path.str().str();
}

std::string PrecompiledAmpCache::getExact(StringRef Pass, ArrayRef<std::string> Args,
                                          BuildFn Build) {
  std::string Found = find(Pass, Args);
  if (!Found.empty() || WriteDir.empty())
    return Found;
  if (sys::fs::create_directories(WriteDir))
    return std::string();
  std::string Prefix = prefixFile();
  if (Prefix.empty())
    return std::string();
  SmallString<256> Path(WriteDir);
  sys::path::append(Path, name(Pass, Args));
  std::string Temp = (Path + "." + std::to_string(sys::Process::getProcessId())).str();
  std::vector<std::string> Inputs;
  auto Start = std::chrono::system_clock::now();
  bool Ok = Build(Args, Prefix, Temp, Inputs);
  std::string Listing;
  for (const std::string &Input : Inputs) {
    std::string Line = inputLine(Input);
    sys::fs::file_status Status;
    // An input gone already, or changed while the header was built (Clang
    // may have read either text): the header cannot be checked.
    if (Line.empty() || sys::fs::status(Input, Status) ||
        Status.getLastModificationTime() > Start) {
      Ok = false;
      break;
    }
    Listing += Line + "\n";
  }
  std::string NamesTemp = Temp + ".names";
  if (!Ok || Listing.empty()) {
    sys::fs::remove(Temp);
    sys::fs::remove(NamesTemp);
    return std::string();
  }
  // The names before the listing: a header is used once its listing is
  // there, and one without names serves its own arguments only.
  if (sys::fs::exists(NamesTemp) && sys::fs::rename(NamesTemp, Path + ".names"))
    sys::fs::remove(NamesTemp);
  // The listing first: a header without one is never used.
  std::string InputsTemp = Temp + ".inputs";
  {
    std::error_code EC;
    raw_fd_ostream OS(InputsTemp, EC);
    if (EC)
      return std::string();
    OS << Listing;
  }
  if (sys::fs::rename(InputsTemp, Path + ".inputs") || sys::fs::rename(Temp, Path)) {
    sys::fs::remove(Temp);
    sys::fs::remove(InputsTemp);
    return std::string();
  }
  if (!precompiledHeaderIsCurrent(Path.str().str()))
    return std::string();
  Built.push_back(Path.str().str());
  prune();
  return Path.str().str();
}

namespace {

/// A -D or -U option of a compile: its macro's name and where its one or
/// two arguments are.
struct MacroOption {
  std::string Name;
  size_t First, Count;
};

} // namespace

/// The -D and -U options in \p Args of the program's macros: names that do
/// not start with '_', which are the implementation's (ampcc's own
/// -D__AMPCC__=1, _DEBUG, _MSC_VER) and stay in every header's arguments.
static std::vector<MacroOption> programMacros(ArrayRef<std::string> Args) {
  std::vector<MacroOption> Macros;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (!A.consume_front("-D") && !A.consume_front("-U"))
      continue;
    size_t Count = 1;
    if (A.empty() && I + 1 < Args.size()) {
      A = Args[I + 1];
      Count = 2;
    }
    StringRef Name = A.take_until([](char C) { return C == '=' || C == '('; });
    if (!Name.empty() && !Name.starts_with("_"))
      Macros.push_back({Name.str(), I, Count});
    I += Count - 1;
  }
  return Macros;
}

/// \p Args without the options in \p Macros whose names are not in \p Keep.
static std::vector<std::string> withoutMacros(ArrayRef<std::string> Args,
                                              ArrayRef<MacroOption> Macros,
                                              ArrayRef<std::string> Keep) {
  std::vector<bool> Drop(Args.size());
  for (const MacroOption &M : Macros)
    if (!is_contained(Keep, M.Name))
      std::fill_n(Drop.begin() + M.First, M.Count, true);
  std::vector<std::string> Left;
  for (size_t I = 0; I < Args.size(); ++I)
    if (!Drop[I])
      Left.push_back(Args[I]);
  return Left;
}

std::string PrecompiledAmpCache::get(StringRef Pass, ArrayRef<std::string> Args,
                                     BuildFn Build) {
  std::vector<MacroOption> Macros = programMacros(Args);
  std::string Header;
  // First the header without the program's macros (what <amp.h> reads is
  // mostly the implementation's), then with those of them it met: a
  // macro named there may lead it to others. Else the header of all the
  // arguments.
  std::vector<std::string> Keep;
  for (int Round = 0; Round < 2 && !Macros.empty() && Header.empty(); ++Round) {
    std::string Candidate = getExact(Pass, withoutMacros(Args, Macros, Keep), Build);
    if (Candidate.empty())
      break;
    std::vector<std::string> Unkept;
    for (const MacroOption &M : Macros)
      if (!is_contained(Keep, M.Name))
        Unkept.push_back(M.Name);
    std::optional<std::vector<std::string>> Named = namedAmong(Candidate + ".names", Unkept);
    if (!Named)
      break;
    if (Named->empty())
      Header = Candidate;
    Keep.insert(Keep.end(), Named->begin(), Named->end());
  }
  if (Header.empty())
    Header = getExact(Pass, Args, Build);
  if (!Header.empty())
    Loaded.push_back(Header);
  return Header;
}

} // namespace ampcc
