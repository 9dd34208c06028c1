//===- VisualCppFiles.cpp - source files as Visual C++ reads them --------===//
#include "ampcc/Frontend/VisualCppFiles.h"

#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/DirectoryLookup.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/ExtensibleRTTI.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace ampcc {

using llvm::ErrorOr;
using llvm::StringRef;
using llvm::Twine;
using llvm::vfs::File;
using llvm::vfs::Status;

std::optional<std::string> transcodeUTF16(StringRef Bytes) {
  if (!llvm::hasUTF16ByteOrderMark(llvm::ArrayRef<char>(Bytes.data(), Bytes.size())))
    return std::nullopt;
  // convertUTF16ToUTF8String reads the bytes as UTF16 units: copy them to
  // storage aligned for that (a memory buffer's data is, a substring not).
  std::vector<llvm::UTF16> Units(Bytes.size() / 2);
  if (Bytes.size() % 2)
    return std::nullopt;
  memcpy(Units.data(), Bytes.data(), Bytes.size());
  std::string Out;
  if (!llvm::convertUTF16ToUTF8String(llvm::ArrayRef<llvm::UTF16>(Units), Out))
    return std::nullopt;
  return Out;
}

StringRef withoutUTF8BOM(StringRef Text) {
  Text.consume_front("\xEF\xBB\xBF");
  return Text;
}

ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> readSourceFile(const Twine &Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    return Buf;
  if (auto Text = transcodeUTF16((*Buf)->getBuffer()))
    return llvm::MemoryBuffer::getMemBufferCopy(*Text, Path);
  return Buf;
}

namespace {

/// Does the file on disk start with a UTF-16 byte order mark? Two bytes
/// read: the cheap test before a file is read whole.
bool diskFileLooksUTF16(const Twine &Path) {
  auto FD = llvm::sys::fs::openNativeFileForRead(Path);
  if (!FD) {
    llvm::consumeError(FD.takeError());
    return false;
  }
  char Head[2];
  auto N = llvm::sys::fs::readNativeFile(*FD, Head);
  llvm::sys::fs::closeFile(*FD);
  if (!N) {
    llvm::consumeError(N.takeError());
    return false;
  }
  return *N == 2 && llvm::hasUTF16ByteOrderMark(Head);
}

/// A UTF-16 file's UTF-8 text.
class TranscodedFile : public File {
public:
  TranscodedFile(Status S, std::string Text) : S(std::move(S)), Text(std::move(Text)) {}
  ErrorOr<Status> status() override { return S; }
  ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const Twine &Name, int64_t, bool, bool) override {
    return llvm::MemoryBuffer::getMemBufferCopy(Text, Name);
  }
  std::error_code close() override { return {}; }

private:
  Status S;
  std::string Text;
};

/// A file found under another spelling, named as on disk: Clang names it so
/// in diagnostics, __FILE__ and dependency files (ExposesExternalVFSPath).
class RenamedFile : public File {
public:
  RenamedFile(std::unique_ptr<File> F, std::string Name)
      : F(std::move(F)), Name(std::move(Name)) {}
  ErrorOr<Status> status() override {
    auto S = F->status();
    if (!S)
      return S;
    Status Out = Status::copyWithNewName(*S, Name);
    Out.ExposesExternalVFSPath = true;
    return Out;
  }
  ErrorOr<std::string> getName() override { return Name; }
  ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const Twine &N, int64_t Size, bool NullTerminated, bool Volatile) override {
    return F->getBuffer(N, Size, NullTerminated, Volatile);
  }
  std::error_code close() override { return F->close(); }

private:
  std::unique_ptr<File> F;
  std::string Name;
};

class VisualCppFileSystem
    : public llvm::RTTIExtends<VisualCppFileSystem, llvm::vfs::ProxyFileSystem> {
public:
  static const char ID;
  VisualCppFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                      VisualCppFileChanges &Changes)
      : RTTIExtends(std::move(Base)), Changes(Changes) {}

  ErrorOr<Status> status(const Twine &Path) override {
    auto S = getUnderlyingFS().status(Path);
    if (S) {
      if (S->isRegularFile())
        if (const std::string *Text = transcoded(Path.str()))
          return Status::copyWithNewSize(*S, Text->size());
      return S;
    }
    if (!notFound(S.getError()))
      return S;
    std::string Wanted = Path.str();
    std::optional<std::string> Real = resolve(Wanted);
    if (!Real)
      return S;
    auto RS = status(*Real);
    if (!RS)
      return S;
    if (RS->isDirectory())
      return Status::copyWithNewName(*RS, Wanted);
    Changes.Spellings[absolute(Wanted)] = *Real;
    Status Out = Status::copyWithNewName(*RS, *Real);
    Out.ExposesExternalVFSPath = true;
    return Out;
  }

  bool exists(const Twine &Path) override { return bool(status(Path)); }

  ErrorOr<std::unique_ptr<File>> openFileForRead(const Twine &Path) override {
    auto F = getUnderlyingFS().openFileForRead(Path);
    if (F) {
      auto S = (*F)->status();
      if (S && S->isRegularFile())
        if (const std::string *Text = transcoded(Path.str()))
          return std::unique_ptr<File>(std::make_unique<TranscodedFile>(
              Status::copyWithNewSize(*S, Text->size()), *Text));
      return F;
    }
    if (!notFound(F.getError()))
      return F;
    std::string Wanted = Path.str();
    std::optional<std::string> Real = resolve(Wanted);
    if (!Real)
      return F;
    auto RF = openFileForRead(*Real);
    if (!RF)
      return F;
    auto RS = (*RF)->status();
    if (!RS || !RS->isRegularFile())
      return RF;
    Changes.Spellings[absolute(Wanted)] = *Real;
    return std::unique_ptr<File>(std::make_unique<RenamedFile>(std::move(*RF), *Real));
  }

  VisualCppFileChanges &changes() { return Changes; }

private:
  static bool notFound(std::error_code EC) {
    return EC == std::errc::no_such_file_or_directory ||
           EC == std::errc::not_a_directory;
  }

  /// \p Path absolute (against the file system's working directory), with
  /// `.` and `..` removed as Windows does: by name.
  std::string absolute(StringRef Path) {
    llvm::SmallString<256> Abs(Path);
    if (!llvm::sys::path::is_absolute(Abs))
      if (auto CWD = getCurrentWorkingDirectory()) {
        llvm::SmallString<256> Full(*CWD);
        llvm::sys::path::append(Full, Abs);
        Abs = Full;
      }
    llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    return Abs.str().str();
  }

  /// The UTF-8 text of a UTF-16 file, or null. Decided once per path;
  /// what the underlying file system holds decides (an in-memory repaired
  /// copy of a UTF-16 file is UTF-8 already).
  const std::string *transcoded(const std::string &Path) {
    auto [It, New] = Checked.try_emplace(Path);
    if (New && diskFileLooksUTF16(Path))
      if (auto Buf = getUnderlyingFS().getBufferForFile(Path))
        if (auto Text = transcodeUTF16((*Buf)->getBuffer())) {
          It->second = std::move(*Text);
          Changes.Transcoded[absolute(Path)] = *It->second;
        }
    return It->second ? &*It->second : nullptr;
  }

  bool underSystemDir(StringRef Abs) const {
    return llvm::any_of(Changes.SystemDirs, [&](const std::string &Dir) {
      return Abs.starts_with(Dir) &&
             (Abs.size() == Dir.size() || llvm::sys::path::is_separator(Abs[Dir.size()]) ||
              llvm::sys::path::is_separator(Dir.back()));
    });
  }

  /// The entries of directory \p Dir (cached).
  const std::vector<std::string> &listing(const std::string &Dir) {
    auto [It, New] = Listings.try_emplace(Dir);
    if (New) {
      std::error_code EC;
      for (auto I = getUnderlyingFS().dir_begin(Dir, EC), E = llvm::vfs::directory_iterator();
           !EC && I != E; I.increment(EC))
        It->second.push_back(llvm::sys::path::filename(I->path()).str());
      std::sort(It->second.begin(), It->second.end());
    }
    return It->second;
  }

  /// The path on disk that \p Wanted names when the case of its names is
  /// ignored, as on Windows: the longest prefix that exists, then each
  /// further name matched against its directory's entries. Only outside
  /// system header directories, and only for one unambiguous match.
  std::optional<std::string> resolve(const std::string &Wanted) {
    std::string Abs = absolute(Wanted);
    if (underSystemDir(Abs))
      return std::nullopt;
    llvm::SmallString<256> Prefix(Abs);
    std::vector<std::string> Rest;
    while (true) {
      StringRef Name = llvm::sys::path::filename(Prefix);
      if (Name.empty() || Name == Prefix.str())
        return std::nullopt;
      Rest.push_back(Name.str());
      llvm::sys::path::remove_filename(Prefix);
      while (Prefix.size() > 1 && llvm::sys::path::is_separator(Prefix.back()))
        Prefix.pop_back();
      if (Prefix.empty())
        return std::nullopt;
      auto S = getUnderlyingFS().status(Prefix);
      if (S && S->isDirectory())
        break;
      if (S)
        return std::nullopt;
    }
    std::string Dir = Prefix.str().str();
    for (auto It = Rest.rbegin(); It != Rest.rend(); ++It) {
      const std::string *Match = nullptr;
      for (const std::string &Entry : listing(Dir))
        if (StringRef(Entry).equals_insensitive(*It)) {
          if (Match)
            return std::nullopt; // Foo.h and foo.h: Windows has no answer.
          Match = &Entry;
        }
      if (!Match)
        return std::nullopt;
      llvm::SmallString<256> Next(Dir);
      llvm::sys::path::append(Next, *Match);
      Dir = Next.str().str();
    }
    if (Dir == Abs)
      return std::nullopt;
    return Dir;
  }

  VisualCppFileChanges &Changes;
  llvm::StringMap<std::optional<std::string>> Checked;
  std::map<std::string, std::vector<std::string>> Listings;
};

const char VisualCppFileSystem::ID = 0;

} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
createVisualCppFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                          VisualCppFileChanges &Changes) {
  return llvm::makeIntrusiveRefCnt<VisualCppFileSystem>(std::move(Base), Changes);
}

void setSystemHeaderDirs(clang::CompilerInstance &CI) {
  if (!CI.hasFileManager() || !CI.hasPreprocessor())
    return;
  VisualCppFileSystem *FS = nullptr;
  CI.getFileManager().getVirtualFileSystem().visit([&](llvm::vfs::FileSystem &F) {
    if (!FS)
      FS = llvm::dyn_cast<VisualCppFileSystem>(&F);
  });
  if (!FS)
    return;
  auto CWD = FS->getCurrentWorkingDirectory();
  std::vector<std::string> &Dirs = FS->changes().SystemDirs;
  Dirs.clear();
  for (const clang::DirectoryLookup &DL :
       CI.getPreprocessor().getHeaderSearchInfo().search_dir_range()) {
    if (!DL.isSystemHeaderDirectory() || !DL.isNormalDir())
      continue;
    llvm::SmallString<256> Dir(DL.getName());
    if (!llvm::sys::path::is_absolute(Dir) && CWD) {
      llvm::SmallString<256> Full(*CWD);
      llvm::sys::path::append(Full, Dir);
      Dir = Full;
    }
    llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
    while (Dir.size() > 1 && llvm::sys::path::is_separator(Dir.back()))
      Dir.pop_back();
    Dirs.push_back(Dir.str().str());
  }
}

} // namespace ampcc
