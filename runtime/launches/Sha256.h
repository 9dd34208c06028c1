//===- Sha256.h - SHA-256 digests -------------------------------*- C++ -*-===//
//
// The kernel binary cache names its entries by the SHA-256 of what a program
// binary depends on, and checks each entry's payload against a stored
// SHA-256. A 64-bit hash would do for the checksum, but a name two keys can
// share would make them overwrite each other's entries; 256 bits make that
// impossible in practice. OpenSSL is not a dependency of the runtime, so this
// is a small implementation of FIPS 180-4, checked against its test vectors
// (test/unit-runtime/Sha256Test.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_SHA256_H
#define AMPCC_RUNTIME_SHA256_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace ampcc {
namespace rt {

using Sha256Digest = std::array<uint8_t, 32>;

/// Incremental SHA-256: update() any number of times, then digest() once.
class Sha256 {
public:
  Sha256();
  void update(const void *Data, size_t Size);
  void update(const std::string &S) { update(S.data(), S.size()); }
  Sha256Digest digest();

private:
  void compress(const uint8_t *Block);

  std::array<uint32_t, 8> State;
  uint8_t Pending[64];  ///< Bytes not yet compressed (fewer than 64).
  size_t PendingSize = 0;
  uint64_t TotalBytes = 0;
};

/// The digest of one buffer.
Sha256Digest sha256(const void *Data, size_t Size);
/// Lower-case hexadecimal, 64 characters.
std::string toHex(const Sha256Digest &D);

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_SHA256_H
