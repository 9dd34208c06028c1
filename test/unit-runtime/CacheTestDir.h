//===- CacheTestDir.h - A fresh directory per cache test --------*- C++ -*-===//
#ifndef AMPCC_TEST_UNIT_RUNTIME_CACHETESTDIR_H
#define AMPCC_TEST_UNIT_RUNTIME_CACHETESTDIR_H

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace ampcc_test {

/// A new empty directory under $TMPDIR (or /tmp), removed with its contents
/// when the object goes.
class CacheTestDir {
public:
  CacheTestDir() {
    const char *Tmp = std::getenv("TMPDIR");
    std::string Template =
        std::string(Tmp && *Tmp ? Tmp : "/tmp") + "/ampcc-cache-test.XXXXXX";
    std::vector<char> Buf(Template.begin(), Template.end());
    Buf.push_back('\0');
    if (char *Made = ::mkdtemp(Buf.data()))
      Path = Made;
  }
  ~CacheTestDir() {
    std::error_code Ignored;
    if (!Path.empty())
      std::filesystem::remove_all(Path, Ignored);
  }
  CacheTestDir(const CacheTestDir &) = delete;
  CacheTestDir &operator=(const CacheTestDir &) = delete;

  const std::string &path() const { return Path; }
  /// The names of the files in the directory (or in its subdirectory Sub).
  std::vector<std::string> files(const std::string &Sub = "") const {
    std::vector<std::string> Names;
    std::error_code Err;
    for (const auto &E : std::filesystem::directory_iterator(
             Sub.empty() ? Path : Path + "/" + Sub, Err))
      Names.push_back(E.path().filename().string());
    return Names;
  }

private:
  std::string Path;
};

} // namespace ampcc_test

#endif // AMPCC_TEST_UNIT_RUNTIME_CACHETESTDIR_H
