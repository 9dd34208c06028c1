//===- KernelCache.h - On-disk cache of OpenCL program binaries -*- C++ -*-===//
//
// Building an OpenCL program from source costs from tens of milliseconds to
// seconds at the first launch of every process. The runtime keeps the
// binary a successful build produced (CL_PROGRAM_BINARIES) in a directory,
// under the SHA-256 of everything the binary depends on (the key text), and
// the next process builds from that binary instead.
//
// An entry is one file, `<sha256 of key text>.clbin`:
//
//   offset  size  field
//   0       8     magic "AMPCCKB\n"
//   8       4     format version (little-endian), EntryFormatVersion
//   12      8     key text length K (little-endian)
//   20      K     key text, compared on load: a file renamed or copied under
//                 another key's name is not that key's entry
//   20+K    8     payload length P (little-endian)
//   28+K    32    SHA-256 of the payload
//   60+K    P     payload: the program binary; nothing follows it
//
// Anything that does not validate (short file, wrong magic or version,
// another key, a length that disagrees with the file's size, a checksum
// mismatch) is a miss, so the caller builds from source and stores a fresh
// entry over it. Entries are written to a unique temporary file in the same
// directory and renamed over the entry, so concurrent processes storing the
// same key leave one complete entry and a reader never sees a partial one.
// Every failure (no directory, no permission, disk full) is a miss or a
// skipped store, never an exception: the cache may only make builds faster.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_KERNELCACHE_H
#define AMPCC_RUNTIME_KERNELCACHE_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ampcc {
namespace rt {

/// Everything a program binary depends on. Driver and platform versions are
/// in because an updated driver may refuse, or worse misrun, an old binary.
struct ProgramKeyParts {
  std::string Source;  ///< The OpenCL C text (hashed into the key text).
  std::string Options; ///< clBuildProgram options.
  std::string DeviceName, DeviceVendor, DriverVersion, DeviceVersion;
  std::string PlatformName, PlatformVersion;
};

/// The key text of a program: one line per part, each value prefixed with
/// its length so that no two different sets of parts give the same text.
std::string programKeyText(const ProgramKeyParts &Parts);

class KernelCache {
public:
  static constexpr uint32_t EntryFormatVersion = 1;

  /// A cache in Directory (created when the first entry is stored); an
  /// empty Directory is a disabled cache, which misses and stores nothing.
  explicit KernelCache(std::string Directory);

  bool enabled() const { return !Dir.empty(); }
  const std::string &directory() const { return Dir; }

  /// The file that holds (or would hold) the entry for KeyText.
  std::string entryPath(const std::string &KeyText) const;

  /// The payload of a valid entry for KeyText; nullopt on any miss.
  std::optional<std::vector<unsigned char>>
  load(const std::string &KeyText) const;

  /// Writes an entry for KeyText, replacing any earlier one atomically.
  /// False when it could not (it then leaves no temporary file behind).
  bool store(const std::string &KeyText, const unsigned char *Payload,
             size_t Size) const;

private:
  std::string Dir;
};

/// The process's cache, in the directory the environment names (Env.h).
const KernelCache &processKernelCache();

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_KERNELCACHE_H
