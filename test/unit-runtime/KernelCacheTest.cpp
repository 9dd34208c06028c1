//===- KernelCacheTest.cpp - The on-disk program binary cache -------------===//
//
// The store alone, on plain bytes: keys, the entry format's validation,
// directories that cannot be used, and concurrent writers (threads and
// processes). ProgramCacheTest.cpp puts real OpenCL binaries through it.
//
//===----------------------------------------------------------------------===//

#include "CacheTestDir.h"
#include "launches/KernelCache.h"
#include "support/Env.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <thread>

#include <sys/wait.h>
#include <unistd.h>

using namespace ampcc::rt;
using ampcc_test::CacheTestDir;

namespace {

ProgramKeyParts sampleParts() {
  ProgramKeyParts P;
  P.Source = "__kernel void k(__global int *p) { p[0] = 1; }";
  P.Options = "-cl-std=CL1.2";
  P.DeviceName = "pthread-haswell";
  P.DeviceVendor = "GenuineIntel";
  P.DriverVersion = "3.1+debian";
  P.DeviceVersion = "OpenCL 3.0 PoCL";
  P.PlatformName = "Portable Computing Language";
  P.PlatformVersion = "OpenCL 3.0 PoCL 3.1";
  return P;
}

/// Bytes that differ with Seed and Size, so that payloads are told apart.
std::vector<unsigned char> payload(unsigned Seed, size_t Size) {
  std::vector<unsigned char> P(Size);
  for (size_t I = 0; I < Size; ++I)
    P[I] = (unsigned char)(Seed * 131 + I * 7 + (I >> 8));
  return P;
}

std::vector<unsigned char> readBytes(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  return std::vector<unsigned char>(std::istreambuf_iterator<char>(In), {});
}

void writeBytes(const std::string &Path, const std::vector<unsigned char> &B) {
  std::ofstream Out(Path, std::ios::binary | std::ios::trunc);
  Out.write(reinterpret_cast<const char *>(B.data()), std::streamsize(B.size()));
}

bool store(const KernelCache &C, const std::string &Key,
           const std::vector<unsigned char> &P) {
  return C.store(Key, P.data(), P.size());
}

/// A fresh directory and a cache in it, per test.
class KernelCacheTest : public ::testing::Test {
protected:
  void SetUp() override { ASSERT_FALSE(Dir.path().empty()); }
  /// Stores P under Key and returns the entry file's bytes.
  std::vector<unsigned char> storeAndRead(const std::vector<unsigned char> &P) {
    EXPECT_TRUE(store(Cache, Key, P));
    return readBytes(Cache.entryPath(Key));
  }

  CacheTestDir Dir;
  KernelCache Cache{Dir.path()};
  const std::string Key = programKeyText(sampleParts());
};

} // namespace

TEST_F(KernelCacheTest, KeyChangesWithEveryPart) {
  const std::string Base = programKeyText(sampleParts());
  EXPECT_EQ(programKeyText(sampleParts()), Base);
  std::string ProgramKeyParts::*Fields[] = {
      &ProgramKeyParts::Source,        &ProgramKeyParts::Options,
      &ProgramKeyParts::DeviceName,    &ProgramKeyParts::DeviceVendor,
      &ProgramKeyParts::DriverVersion, &ProgramKeyParts::DeviceVersion,
      &ProgramKeyParts::PlatformName,  &ProgramKeyParts::PlatformVersion};
  for (auto Field : Fields) {
    ProgramKeyParts P = sampleParts();
    P.*Field += " ";
    std::string Key = programKeyText(P);
    EXPECT_NE(Key, Base) << Key;
    EXPECT_NE(Cache.entryPath(Key), Cache.entryPath(Base)) << Key;
  }
  // Text moved from one part into the next is another key.
  ProgramKeyParts A = sampleParts(), B = sampleParts();
  A.DeviceName = "ab";
  A.DeviceVendor = "c";
  B.DeviceName = "a";
  B.DeviceVendor = "bc";
  EXPECT_NE(programKeyText(A), programKeyText(B));
  // The source is in the key by its digest only.
  EXPECT_EQ(Base.find(sampleParts().Source), std::string::npos) << Base;
}

TEST_F(KernelCacheTest, StoreThenLoadRoundTrips) {
  KernelCache Cache(Dir.path() + "/made/on/demand/");
  EXPECT_FALSE(Cache.load(Key)) << "hit in an empty cache";
  std::vector<unsigned char> P = payload(1, 10000);
  ASSERT_TRUE(store(Cache, Key, P));
  auto Loaded = Cache.load(Key);
  ASSERT_TRUE(Loaded);
  EXPECT_EQ(*Loaded, P);
  // One entry, named by the key's digest; no temporary file left.
  std::vector<std::string> Files = Dir.files("made/on/demand");
  ASSERT_EQ(Files.size(), 1u);
  EXPECT_EQ(Dir.path() + "/made/on/demand/" + Files[0], Cache.entryPath(Key));
  EXPECT_EQ(Files[0].size(), 64u + 6u) << Files[0];
  // Storing again replaces the entry.
  std::vector<unsigned char> Q = payload(2, 300);
  ASSERT_TRUE(store(Cache, Key, Q));
  EXPECT_EQ(*Cache.load(Key), Q);
  EXPECT_EQ(Dir.files("made/on/demand").size(), 1u);
}

TEST_F(KernelCacheTest, EntryOfAnotherKeyIsAMiss) {
  ProgramKeyParts Other = sampleParts();
  Other.DriverVersion = "3.2";
  const std::string KeyA = programKeyText(sampleParts());
  const std::string KeyB = programKeyText(Other);
  ASSERT_TRUE(store(Cache, KeyA, payload(1, 100)));
  EXPECT_FALSE(Cache.load(KeyB));
  // Even under B's file name, A's entry is not B's: the key text inside
  // decides.
  writeBytes(Cache.entryPath(KeyB), readBytes(Cache.entryPath(KeyA)));
  EXPECT_FALSE(Cache.load(KeyB));
  EXPECT_TRUE(Cache.load(KeyA));
}

TEST_F(KernelCacheTest, CorruptedEntryIsIgnoredAndReplaced) {
  const std::vector<unsigned char> P = payload(3, 500);
  const std::vector<unsigned char> Good = storeAndRead(P);
  const size_t KeyEnd = 20 + Key.size();
  // A byte in each field: magic, version, key length, key text, payload
  // length, checksum, first and last payload byte.
  const size_t Offsets[] = {0,          7,           8,
                            12,         20,          KeyEnd - 1,
                            KeyEnd,     KeyEnd + 8,  KeyEnd + 39,
                            KeyEnd + 40, Good.size() - 1};
  for (size_t At : Offsets) {
    ASSERT_LT(At, Good.size());
    std::vector<unsigned char> Bad = Good;
    Bad[At] ^= 0x5a;
    writeBytes(Cache.entryPath(Key), Bad);
    EXPECT_FALSE(Cache.load(Key)) << "byte " << At << " corrupted";
    ASSERT_TRUE(store(Cache, Key, P));
    auto Loaded = Cache.load(Key);
    ASSERT_TRUE(Loaded) << "not replaced after byte " << At;
    EXPECT_EQ(*Loaded, P);
  }
}

TEST_F(KernelCacheTest, WrongMagicOrVersionIsIgnoredAndReplaced) {
  const std::vector<unsigned char> P = payload(4, 64);
  const std::vector<unsigned char> Entry = storeAndRead(P);
  ASSERT_EQ(std::string(Entry.begin(), Entry.begin() + 8), "AMPCCKB\n");
  std::vector<unsigned char> Magic = Entry;
  Magic[0] = 'X';
  writeBytes(Cache.entryPath(Key), Magic);
  EXPECT_FALSE(Cache.load(Key));
  std::vector<unsigned char> Version = Entry;
  Version[8] = KernelCache::EntryFormatVersion + 1;
  writeBytes(Cache.entryPath(Key), Version);
  EXPECT_FALSE(Cache.load(Key));
  // Not an entry at all: a text file, an empty file, a directory.
  writeBytes(Cache.entryPath(Key), {'h', 'e', 'l', 'l', 'o'});
  EXPECT_FALSE(Cache.load(Key));
  writeBytes(Cache.entryPath(Key), {});
  EXPECT_FALSE(Cache.load(Key));
  ASSERT_TRUE(store(Cache, Key, P));
  EXPECT_EQ(*Cache.load(Key), P);
}

TEST_F(KernelCacheTest, TruncatedOrExtendedEntryIsIgnored) {
  const std::vector<unsigned char> P = payload(5, 40);
  const std::vector<unsigned char> Good = storeAndRead(P);
  for (size_t Size = 0; Size < Good.size(); ++Size) {
    writeBytes(Cache.entryPath(Key),
               std::vector<unsigned char>(Good.begin(), Good.begin() + Size));
    ASSERT_FALSE(Cache.load(Key)) << "truncated to " << Size << " bytes";
  }
  std::vector<unsigned char> Longer = Good;
  Longer.push_back(0);
  writeBytes(Cache.entryPath(Key), Longer);
  EXPECT_FALSE(Cache.load(Key));
  writeBytes(Cache.entryPath(Key), Good);
  EXPECT_EQ(*Cache.load(Key), P);
}

TEST_F(KernelCacheTest, UnusableDirectoryFallsBackQuietly) {
  // A regular file where a directory should be: mkdir fails even for root.
  writeBytes(Dir.path() + "/file", {'x'});
  for (std::string Path : {Dir.path() + "/file", Dir.path() + "/file/sub"}) {
    KernelCache Cache(Path);
    EXPECT_TRUE(Cache.enabled());
    EXPECT_FALSE(Cache.load(Key)) << Path;
    EXPECT_FALSE(store(Cache, Key, payload(6, 10))) << Path;
    EXPECT_FALSE(Cache.load(Key)) << Path;
  }
  EXPECT_EQ(Dir.files().size(), 1u) << "a temporary file was left behind";
  if (::geteuid() != 0) {
    // Permissions bind only non-root users.
    std::string ReadOnly = Dir.path() + "/ro";
    ASSERT_EQ(::mkdir(ReadOnly.c_str(), 0500), 0);
    KernelCache Cache(ReadOnly);
    EXPECT_FALSE(store(Cache, Key, payload(6, 10)));
    EXPECT_FALSE(Cache.load(Key));
    ::chmod(ReadOnly.c_str(), 0700);
  }
}

TEST_F(KernelCacheTest, DisabledCacheNeitherLoadsNorStores) {
  KernelCache Cache("");
  EXPECT_FALSE(Cache.enabled());
  EXPECT_FALSE(store(Cache, Key, payload(7, 10)));
  EXPECT_FALSE(Cache.load(Key));
}

TEST_F(KernelCacheTest, DirectoryFromEnvironment) {
  EXPECT_EQ(kernelCacheDir("/c", "/x", "/h"), "/c");
  EXPECT_EQ(kernelCacheDir("rel/dir", "/x", "/h"), "rel/dir");
  EXPECT_EQ(kernelCacheDir("off", "/x", "/h"), "");
  EXPECT_EQ(kernelCacheDir("0", "/x", "/h"), "");
  EXPECT_EQ(kernelCacheDir("", "/x", "/h"), "/x/ampcc/kernels");
  EXPECT_EQ(kernelCacheDir(nullptr, "/x", "/h"), "/x/ampcc/kernels");
  EXPECT_EQ(kernelCacheDir(nullptr, "relative", "/h"), "/h/.cache/ampcc/kernels");
  EXPECT_EQ(kernelCacheDir(nullptr, nullptr, "/h"), "/h/.cache/ampcc/kernels");
  EXPECT_EQ(kernelCacheDir(nullptr, "", ""), "");
  EXPECT_EQ(kernelCacheDir(nullptr, nullptr, nullptr), "");
}

// Writers storing the same key, each its own payload, while they also load:
// every load sees one writer's whole payload, and one valid entry remains.
static bool isOneOf(const std::vector<unsigned char> &Got,
                    const std::vector<std::vector<unsigned char>> &Payloads) {
  for (const auto &P : Payloads)
    if (Got == P)
      return true;
  return false;
}

TEST_F(KernelCacheTest, ConcurrentThreadsLeaveOneValidEntry) {
  KernelCache Cache(Dir.path() + "/kernels");
  const unsigned Writers = 8, Stores = 25;
  std::vector<std::vector<unsigned char>> Payloads;
  for (unsigned W = 0; W < Writers; ++W)
    Payloads.push_back(payload(W, 20000 + W * 1000));
  std::vector<std::thread> Threads;
  std::vector<int> Failed(Writers, 0), Torn(Writers, 0);
  for (unsigned W = 0; W < Writers; ++W)
    Threads.emplace_back([&, W] {
      for (unsigned S = 0; S < Stores; ++S) {
        Failed[W] += !store(Cache, Key, Payloads[W]);
        // A load during the storm may miss (before the first rename) but
        // must never return a mixture.
        if (auto Got = Cache.load(Key))
          Torn[W] += !isOneOf(*Got, Payloads);
      }
    });
  for (std::thread &T : Threads)
    T.join();
  for (unsigned W = 0; W < Writers; ++W) {
    EXPECT_EQ(Failed[W], 0) << "writer " << W;
    EXPECT_EQ(Torn[W], 0) << "writer " << W;
  }
  auto Final = Cache.load(Key);
  ASSERT_TRUE(Final);
  EXPECT_TRUE(isOneOf(*Final, Payloads));
  EXPECT_EQ(Dir.files("kernels").size(), 1u);
}

TEST_F(KernelCacheTest, ConcurrentProcessesLeaveOneValidEntry) {
  KernelCache Cache(Dir.path() + "/kernels");
  const unsigned Writers = 6, Stores = 25;
  std::vector<std::vector<unsigned char>> Payloads;
  for (unsigned W = 0; W < Writers; ++W)
    Payloads.push_back(payload(100 + W, 30000 - W * 1000));
  std::vector<pid_t> Children;
  for (unsigned W = 0; W < Writers; ++W) {
    pid_t Pid = ::fork();
    ASSERT_GE(Pid, 0);
    if (Pid == 0) {
      // The child: store and load; its exit status says whether every
      // store worked and every load was one writer's whole payload.
      int Bad = 0;
      for (unsigned S = 0; S < Stores; ++S) {
        Bad += !store(Cache, Key, Payloads[W]);
        if (auto Got = Cache.load(Key))
          Bad += !isOneOf(*Got, Payloads);
      }
      ::_exit(Bad ? 1 : 0);
    }
    Children.push_back(Pid);
  }
  for (pid_t Pid : Children) {
    int Status = 0;
    ASSERT_EQ(::waitpid(Pid, &Status, 0), Pid);
    EXPECT_TRUE(WIFEXITED(Status) && WEXITSTATUS(Status) == 0)
        << "child " << Pid << " status " << Status;
  }
  auto Final = Cache.load(Key);
  ASSERT_TRUE(Final);
  EXPECT_TRUE(isOneOf(*Final, Payloads));
  EXPECT_EQ(Dir.files("kernels").size(), 1u);
}
