//===- Sha256Test.cpp - SHA-256 against the FIPS 180-4 test vectors -------===//

#include "launches/Sha256.h"

#include <gtest/gtest.h>

#include <string>

using namespace ampcc::rt;

static std::string hexOf(const std::string &S) {
  return toHex(sha256(S.data(), S.size()));
}

TEST(Sha256Test, KnownVectors) {
  EXPECT_EQ(hexOf(""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(hexOf("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(hexOf("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(hexOf(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256Test, PaddingBoundaries) {
  // 55 and 56 bytes straddle the one-block/two-block padding boundary; 64
  // is a whole block. Values from coreutils' sha256sum.
  EXPECT_EQ(hexOf(std::string(55, 'x')),
            "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072");
  EXPECT_EQ(hexOf(std::string(56, 'x')),
            "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e");
  EXPECT_EQ(hexOf(std::string(64, 'x')),
            "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c");
}

TEST(Sha256Test, PiecewiseUpdatesGiveTheSameDigest) {
  std::string Text;
  for (int I = 0; I < 1000; ++I)
    Text += char('a' + I * 7 % 26);
  Sha256Digest Whole = sha256(Text.data(), Text.size());
  for (size_t Piece : {1, 3, 63, 64, 65, 200}) {
    Sha256 H;
    for (size_t At = 0; At < Text.size(); At += Piece)
      H.update(Text.data() + At, std::min(Piece, Text.size() - At));
    EXPECT_EQ(H.digest(), Whole) << "pieces of " << Piece;
  }
}
