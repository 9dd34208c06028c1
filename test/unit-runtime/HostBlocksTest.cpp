//===- HostBlocksTest.cpp - Host copies recycled, and zeroed anew ---------===//

#include "ampcc/runtime_api.h"
#include "transfers/HostBlocks.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

using namespace ampcc::rt;

TEST(HostBlocksTest, FreedLargeBlockComesBackForTheSameSize) {
  const size_t Bytes = 3u << 20;
  unsigned char *First;
  {
    HostBlock B = takeHostBlock(Bytes);
    ASSERT_TRUE(B);
    First = B.get();
  }
  HostBlock Other = takeHostBlock(Bytes + 4096); // another size: a new block
  EXPECT_NE(Other.get(), First);
  HostBlock Again = takeHostBlock(Bytes);
  EXPECT_EQ(Again.get(), First);
}

TEST(HostBlocksTest, AtMost256MiBAreKept) {
  const size_t Bytes = 96u << 20; // three of them pass the limit
  std::vector<unsigned char *> Seen;
  {
    std::vector<HostBlock> Blocks;
    for (int I = 0; I < 3; ++I) {
      Blocks.push_back(takeHostBlock(Bytes));
      ASSERT_TRUE(Blocks.back());
      Seen.push_back(Blocks.back().get());
    }
  } // two kept (192 MiB), the third freed
  std::vector<HostBlock> Again;
  for (int I = 0; I < 3; ++I)
    Again.push_back(takeHostBlock(Bytes));
  int Reused = 0;
  for (const HostBlock &B : Again)
    for (unsigned char *P : Seen)
      Reused += B.get() == P;
  // The allocator may hand the freed third block's address out again too.
  EXPECT_GE(Reused, 2);
}

TEST(HostBlocksTest, ARecycledHostCopyReadsAsZeros) {
  // A source's host copy that reuses a dirty block is zeroed like a fresh
  // buffer: a new array reads zeros.
  const size_t Count = (2u << 20) / sizeof(int);
  DataSource *S = createOwnedSource(sizeof(int), Count, nullptr);
  int *P = static_cast<int *>(hostAccess(S, true));
  for (size_t I = 0; I < Count; ++I)
    P[I] = int(I) + 1;
  releaseSource(S);
  DataSource *T = createOwnedSource(sizeof(int), Count, nullptr);
  const int *Q = static_cast<const int *>(hostAccess(T, false));
  EXPECT_EQ(static_cast<const void *>(Q), static_cast<const void *>(P));
  size_t NonZero = 0;
  for (size_t I = 0; I < Count; ++I)
    NonZero += Q[I] != 0;
  EXPECT_EQ(NonZero, 0u);
  releaseSource(T);
}
