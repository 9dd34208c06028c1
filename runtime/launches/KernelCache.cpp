//===- KernelCache.cpp - On-disk cache of OpenCL program binaries ---------===//

#include "launches/KernelCache.h"

#include "launches/Sha256.h"
#include "observation/Stats.h"
#include "support/Env.h"

#include <atomic>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ampcc {
namespace rt {

static const char Magic[8] = {'A', 'M', 'P', 'C', 'C', 'K', 'B', '\n'};
/// Magic, version and key length.
static const size_t PrefixBytes = 8 + 4 + 8;
/// Payload length and checksum, after the key text.
static const size_t TrailerBytes = 8 + 32;
/// A bigger file is not one of ours: do not read it into memory.
static const uint64_t MaxEntryBytes = uint64_t(1) << 30;

std::string programKeyText(const ProgramKeyParts &Parts) {
  std::string Text = "ampcc OpenCL program binary\n";
  auto Add = [&](const char *Name, const std::string &Value) {
    Text += std::string(Name) + " " + std::to_string(Value.size()) + ":" +
            Value + "\n";
  };
  // The source is hashed rather than copied: it can be hundreds of KB, and
  // a SHA-256 match is as good as a byte comparison.
  Add("source-sha256", toHex(sha256(Parts.Source.data(), Parts.Source.size())));
  Add("options", Parts.Options);
  Add("device-name", Parts.DeviceName);
  Add("device-vendor", Parts.DeviceVendor);
  Add("driver-version", Parts.DriverVersion);
  Add("device-version", Parts.DeviceVersion);
  Add("platform-name", Parts.PlatformName);
  Add("platform-version", Parts.PlatformVersion);
  return Text;
}

// --- Entry encoding -----------------------------------------------------------

static void putLE(std::string &Out, uint64_t V, int Bytes) {
  for (int I = 0; I < Bytes; ++I)
    Out += char(uint8_t(V >> (8 * I)));
}

static uint64_t getLE(const unsigned char *P, int Bytes) {
  uint64_t V = 0;
  for (int I = Bytes - 1; I >= 0; --I)
    V = V << 8 | P[I];
  return V;
}

static std::string encodeEntry(const std::string &KeyText,
                               const unsigned char *Payload, size_t Size) {
  std::string Out(Magic, sizeof(Magic));
  putLE(Out, KernelCache::EntryFormatVersion, 4);
  putLE(Out, KeyText.size(), 8);
  Out += KeyText;
  putLE(Out, Size, 8);
  Sha256Digest Sum = sha256(Payload, Size);
  Out.append(reinterpret_cast<const char *>(Sum.data()), Sum.size());
  Out.append(reinterpret_cast<const char *>(Payload), Size);
  return Out;
}

/// The payload of File if it is a complete, intact entry for KeyText.
static std::optional<std::vector<unsigned char>>
decodeEntry(const std::vector<unsigned char> &File, const std::string &KeyText) {
  // Each length is checked against what is left before it is used, so a
  // corrupt length can neither overflow nor read past the file.
  size_t Left = File.size();
  const unsigned char *P = File.data();
  if (Left < PrefixBytes || std::memcmp(P, Magic, sizeof(Magic)) != 0 ||
      getLE(P + 8, 4) != KernelCache::EntryFormatVersion)
    return std::nullopt;
  uint64_t KeySize = getLE(P + 12, 8);
  P += PrefixBytes;
  Left -= PrefixBytes;
  if (KeySize != KeyText.size() || Left < KeySize + TrailerBytes ||
      std::memcmp(P, KeyText.data(), KeySize) != 0)
    return std::nullopt;
  P += KeySize;
  Left -= KeySize;
  uint64_t PayloadSize = getLE(P, 8);
  const unsigned char *Sum = P + 8;
  P += TrailerBytes;
  Left -= TrailerBytes;
  // OpenCL refuses empty binaries, so an empty payload is not an entry.
  if (PayloadSize == 0 || PayloadSize != Left)
    return std::nullopt;
  Sha256Digest Actual = sha256(P, Left);
  if (std::memcmp(Actual.data(), Sum, Actual.size()) != 0)
    return std::nullopt;
  return std::vector<unsigned char>(P, P + Left);
}

// --- Files --------------------------------------------------------------------

/// Repeats Transfer (::read or ::write) until Size bytes moved; false on an
/// error or an early end of file.
template <typename Byte, typename Op>
static bool transferAll(int Fd, Byte *Data, size_t Size, Op Transfer) {
  size_t Done = 0;
  while (Done < Size) {
    ssize_t N = Transfer(Fd, Data + Done, Size - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Done += size_t(N);
  }
  return true;
}

static bool readFile(const std::string &Path, std::vector<unsigned char> &Out) {
  int Fd = ::open(Path.c_str(), O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return false;
  struct stat St;
  // A file that shrinks under us gives a short read: a miss.
  bool Ok = ::fstat(Fd, &St) == 0 && S_ISREG(St.st_mode) &&
            uint64_t(St.st_size) <= MaxEntryBytes;
  if (Ok) {
    Out.resize(size_t(St.st_size));
    Ok = transferAll(Fd, Out.data(), Out.size(), ::read);
  }
  ::close(Fd);
  return Ok;
}

/// mkdir -p. True when Path is a directory afterwards (made by us or by a
/// process racing us).
static bool makeDirectories(const std::string &Path) {
  struct stat St;
  if (::stat(Path.c_str(), &St) == 0)
    return S_ISDIR(St.st_mode);
  size_t Slash = Path.find_last_of('/');
  if (Slash != std::string::npos && Slash > 0 &&
      !makeDirectories(Path.substr(0, Slash)))
    return false;
  if (::mkdir(Path.c_str(), 0755) == 0 || errno == EEXIST)
    return ::stat(Path.c_str(), &St) == 0 && S_ISDIR(St.st_mode);
  return false;
}

// --- KernelCache --------------------------------------------------------------

KernelCache::KernelCache(std::string Directory) : Dir(std::move(Directory)) {
  while (Dir.size() > 1 && Dir.back() == '/')
    Dir.pop_back();
}

std::string KernelCache::entryPath(const std::string &KeyText) const {
  return Dir + "/" + toHex(sha256(KeyText.data(), KeyText.size())) + ".clbin";
}

std::optional<std::vector<unsigned char>>
KernelCache::load(const std::string &KeyText) const {
  if (!enabled())
    return std::nullopt;
  std::vector<unsigned char> File;
  if (!readFile(entryPath(KeyText), File))
    return std::nullopt;
  std::optional<std::vector<unsigned char>> Payload = decodeEntry(File, KeyText);
  if (!Payload)
    trace("kernel cache: ignoring the invalid entry " + entryPath(KeyText));
  return Payload;
}

bool KernelCache::store(const std::string &KeyText,
                        const unsigned char *Payload, size_t Size) const {
  if (!enabled() || !Payload || Size == 0)
    return false;
  if (!makeDirectories(Dir)) {
    trace("kernel cache: cannot create the directory " + Dir + ": " +
          std::strerror(errno));
    return false;
  }
  std::string Entry = encodeEntry(KeyText, Payload, Size);
  std::string Path = entryPath(KeyText);
  // Unique per process and per store within it, so that writers never share
  // a temporary file; O_EXCL guards against a name left by a dead process
  // with a recycled pid.
  static std::atomic<unsigned> Counter{0};
  std::string Temp;
  int Fd = -1;
  for (int Try = 0; Try < 16 && Fd < 0; ++Try) {
    Temp = Path + ".tmp." + std::to_string(::getpid()) + "." +
           std::to_string(Counter.fetch_add(1));
    Fd = ::open(Temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (Fd < 0 && errno != EEXIST)
      break;
  }
  if (Fd < 0) {
    trace("kernel cache: cannot write in " + Dir + ": " + std::strerror(errno));
    return false;
  }
  bool Ok = transferAll(Fd, Entry.data(), Entry.size(), ::write);
  Ok = ::close(Fd) == 0 && Ok;
  // No fsync: after a crash a reader may find a short or empty entry, which
  // fails validation and is rebuilt; speed matters more than durability.
  // rename(2) replaces Path atomically: readers see the old entry or the
  // new one, never a mixture.
  if (Ok)
    Ok = ::rename(Temp.c_str(), Path.c_str()) == 0;
  if (!Ok) {
    trace("kernel cache: cannot store " + Path + ": " + std::strerror(errno));
    ::unlink(Temp.c_str());
  }
  return Ok;
}

const KernelCache &processKernelCache() {
  static const KernelCache Cache(env().KernelCacheDir);
  return Cache;
}

} // namespace rt
} // namespace ampcc
