//===- WorkGroupShapeTest.cpp - work-groups of untiled GPU launches -------===//

#include "launches/WorkGroupShape.h"

#include <gtest/gtest.h>

using namespace ampcc::rt;

namespace {
struct Shape {
  size_t Global[3], Local[3];
};
Shape shape(uint32_t Rank, size_t MaxGroup, size_t G0, size_t G1 = 1, size_t G2 = 1) {
  Shape S{{G0, G1, G2}, {1, 1, 1}};
  untiledShape(Rank, MaxGroup, S.Global, S.Local);
  return S;
}
} // namespace

// 8191 is prime: the launch is rounded up to whole 32x8 work-groups (the
// kernel's guard drops the work-items past the domain).
TEST(WorkGroupShapeTest, PrimeSizesAreRoundedUpToWholeGroups) {
  Shape S = shape(2, 1024, 8191, 8191);
  EXPECT_EQ(S.Local[0], 32u);
  EXPECT_EQ(S.Local[1], 8u);
  EXPECT_EQ(S.Global[0], 8192u);
  EXPECT_EQ(S.Global[1], 8192u);
}

TEST(WorkGroupShapeTest, OneAndThreeDimensions) {
  Shape S1 = shape(1, 1024, 1000);
  EXPECT_EQ(S1.Local[0], 256u);
  EXPECT_EQ(S1.Global[0], 1024u);
  Shape S3 = shape(3, 1024, 33, 5, 3);
  EXPECT_EQ(S3.Local[0] * S3.Local[1] * S3.Local[2], 32u * 4u * 2u);
  EXPECT_EQ(S3.Global[0], 64u);
  EXPECT_EQ(S3.Global[1], 8u);
  EXPECT_EQ(S3.Global[2], 4u);
}

// A narrow domain does not waste a whole warp's width on one column.
TEST(WorkGroupShapeTest, NarrowDomainsShrinkTheirDimension) {
  Shape S = shape(2, 1024, 2, 5000);
  EXPECT_EQ(S.Local[0], 2u);
  EXPECT_EQ(S.Global[0], 2u);
  Shape Tiny = shape(1, 1024, 5);
  EXPECT_EQ(Tiny.Local[0], 8u);
  EXPECT_EQ(Tiny.Global[0], 8u);
}

// A device that takes fewer work-items per group gets a smaller shape.
TEST(WorkGroupShapeTest, RespectsTheDeviceLimit) {
  Shape S = shape(2, 64, 4096, 4096);
  EXPECT_LE(S.Local[0] * S.Local[1], 64u);
  EXPECT_EQ(S.Global[0] % S.Local[0], 0u);
  EXPECT_EQ(S.Global[1] % S.Local[1], 0u);
}
