//===- RegionTest.cpp - Byte ranges of views and their rectangles ---------===//
//
// Pure computations: which bytes a view shows, set operations on them, and
// how they group into clEnqueue*BufferRect rectangles.
//
//===----------------------------------------------------------------------===//

#include "support/Region.h"

#include <gtest/gtest.h>

#include <vector>

using namespace ampcc::rt;

static RangeSet set(std::vector<ByteRange> R) { return RangeSet(std::move(R)); }

static RangeSet rangesOf(int64_t Offset, std::vector<int32_t> Ext,
                         std::vector<int32_t> Stride, size_t ElemSize,
                         size_t Limit = SIZE_MAX) {
  RangeSet R;
  ShapeRef S{Offset, uint32_t(Ext.size()), Ext.data(), Stride.data()};
  EXPECT_TRUE(viewRanges(S, ElemSize, Limit, R));
  return R;
}

TEST(RangeSetTest, NormalizesSortsAndMerges) {
  RangeSet S = set({{20, 30}, {0, 10}, {10, 15}, {25, 40}, {50, 50}});
  EXPECT_EQ(S.ranges(), (std::vector<ByteRange>{{0, 15}, {20, 40}}));
  EXPECT_EQ(S.bytes(), 35u);
  EXPECT_TRUE(RangeSet().empty());
  EXPECT_EQ(RangeSet::all(0).bytes(), 0u);
}

TEST(RangeSetTest, AddSubtractIntersect) {
  RangeSet A = set({{0, 100}});
  A.subtract(set({{10, 20}, {30, 40}, {90, 120}}));
  EXPECT_EQ(A.ranges(), (std::vector<ByteRange>{{0, 10}, {20, 30}, {40, 90}}));
  A.add(set({{10, 20}}));
  EXPECT_EQ(A.ranges(), (std::vector<ByteRange>{{0, 30}, {40, 90}}));
  RangeSet I = A.intersect(set({{25, 45}, {80, 200}}));
  EXPECT_EQ(I.ranges(), (std::vector<ByteRange>{{25, 30}, {40, 45}, {80, 90}}));
  EXPECT_TRUE(A.contains(set({{0, 5}, {41, 89}})));
  EXPECT_FALSE(A.contains(set({{29, 41}})));
  EXPECT_TRUE(A.intersects(set({{29, 31}})));
  EXPECT_FALSE(A.intersects(set({{30, 40}})));
  A.subtract(A);
  EXPECT_TRUE(A.empty());
}

TEST(ViewRangesTest, DenseViewIsOneRange) {
  RangeSet R = rangesOf(0, {1000, 1000}, {1000, 1}, 4);
  EXPECT_EQ(R.ranges(), (std::vector<ByteRange>{{0, 4000000}}));
}

TEST(ViewRangesTest, SectionIsOneRangePerRow) {
  // A 10x10 section at (10, 10) of a 1000x1000 view of ints.
  RangeSet R = rangesOf(10 * 1000 + 10, {10, 10}, {1000, 1}, 4);
  ASSERT_EQ(R.ranges().size(), 10u);
  EXPECT_EQ(R.bytes(), 400u);
  EXPECT_EQ(R.ranges()[0], (ByteRange{40040, 40080}));
  EXPECT_EQ(R.ranges()[9], (ByteRange{76040, 76080}));
}

TEST(ViewRangesTest, FullRowsMergeAndStridesSplit) {
  // Rows 2..4 of a 10x8 view are one contiguous run.
  EXPECT_EQ(rangesOf(16, {3, 8}, {8, 1}, 2).ranges(),
            (std::vector<ByteRange>{{32, 80}}));
  // Every other element.
  EXPECT_EQ(rangesOf(1, {3}, {2}, 4).ranges(),
            (std::vector<ByteRange>{{4, 8}, {12, 16}, {20, 24}}));
  // Extents of 1 and 0.
  EXPECT_EQ(rangesOf(5, {1, 1, 1}, {100, 10, 1}, 8).ranges(),
            (std::vector<ByteRange>{{40, 48}}));
  EXPECT_TRUE(rangesOf(5, {0, 3}, {3, 1}, 8).empty());
}

TEST(ViewRangesTest, OutOfBoundsIsRefused) {
  std::vector<int32_t> Ext{10}, Stride{1};
  RangeSet R;
  EXPECT_TRUE(viewRanges({0, 1, Ext.data(), Stride.data()}, 4, 40, R));
  EXPECT_FALSE(viewRanges({1, 1, Ext.data(), Stride.data()}, 4, 40, R));
  EXPECT_FALSE(viewRanges({-1, 1, Ext.data(), Stride.data()}, 4, 400, R));
  std::vector<int32_t> Neg{-1};
  EXPECT_FALSE(viewRanges({0, 1, Neg.data(), Stride.data()}, 4, 400, R));
}

TEST(RectsOfTest, SectionIsOneTwoDimensionalRect) {
  std::vector<Rect> Q = rectsOf(rangesOf(10 * 1000 + 10, {10, 10}, {1000, 1}, 4));
  ASSERT_EQ(Q.size(), 1u);
  EXPECT_EQ(Q[0].SrcOffset, 40040u);
  EXPECT_EQ(Q[0].Region[0], 40u);
  EXPECT_EQ(Q[0].Region[1], 10u);
  EXPECT_EQ(Q[0].Region[2], 1u);
  EXPECT_EQ(Q[0].SrcRowPitch, 4000u);
  EXPECT_EQ(Q[0].bytes(), 400u);
}

TEST(RectsOfTest, ThreeDimensionalSectionIsOneRect) {
  // 4x5x6 section at (1, 2, 3) of a 10x20x30 view of floats.
  std::vector<Rect> Q = rectsOf(
      rangesOf(1 * 600 + 2 * 30 + 3, {4, 5, 6}, {600, 30, 1}, 4));
  ASSERT_EQ(Q.size(), 1u);
  EXPECT_EQ(Q[0].Region[0], 24u);
  EXPECT_EQ(Q[0].Region[1], 5u);
  EXPECT_EQ(Q[0].Region[2], 4u);
  EXPECT_EQ(Q[0].SrcRowPitch, 120u);
  EXPECT_EQ(Q[0].SrcSlicePitch, 2400u);
  EXPECT_EQ(Q[0].bytes(), 480u);
  size_t O[3];
  rectOrigin(Q[0].SrcOffset, Q[0].SrcRowPitch, Q[0].SrcSlicePitch, O);
  EXPECT_EQ(O[2] * 2400 + O[1] * 120 + O[0], Q[0].SrcOffset);
}

TEST(RectsOfTest, IrregularRangesStayExact) {
  RangeSet S = set({{0, 10}, {20, 25}, {100, 110}, {120, 130}, {140, 150}});
  size_t Total = 0;
  for (const Rect &Q : rectsOf(S))
    Total += Q.bytes();
  EXPECT_EQ(Total, S.bytes());
  EXPECT_EQ(rectsOf(S).size(), 3u);
}

TEST(RectsBetweenTest, DenseToSectionIsOneRect) {
  // A dense 10x10 block copied into a section of a 1000x1000 view.
  std::vector<int32_t> Ext{10, 10}, Dense{10, 1}, Wide{1000, 1};
  std::vector<Rect> Q = rectsBetween({0, 2, Ext.data(), Dense.data()},
                                     {5005, 2, Ext.data(), Wide.data()}, 4);
  ASSERT_EQ(Q.size(), 1u);
  EXPECT_EQ(Q[0].SrcOffset, 0u);
  EXPECT_EQ(Q[0].DstOffset, 20020u);
  EXPECT_EQ(Q[0].Region[0], 40u);
  EXPECT_EQ(Q[0].Region[1], 10u);
  EXPECT_EQ(Q[0].SrcRowPitch, 40u);
  EXPECT_EQ(Q[0].DstRowPitch, 4000u);
}

TEST(RectsBetweenTest, MergesWhatIsContiguousOnBothSides) {
  // Rank 4, the destination's rows padded from 5 to 10 elements: every
  // dimension above the rows merges, leaving one 2-D rectangle.
  std::vector<int32_t> Ext{2, 3, 4, 5}, Dense{60, 20, 5, 1};
  std::vector<int32_t> Padded{120, 40, 10, 1};
  std::vector<Rect> Q = rectsBetween({0, 4, Ext.data(), Dense.data()},
                                     {0, 4, Ext.data(), Padded.data()}, 4);
  ASSERT_EQ(Q.size(), 1u);
  EXPECT_EQ(Q[0].Region[0], 20u);
  EXPECT_EQ(Q[0].Region[1], 24u);
  EXPECT_EQ(Q[0].DstRowPitch, 40u);
}

TEST(RectsBetweenTest, RankFiveLoopsOverTheOuterDimensions) {
  std::vector<int32_t> Ext{2, 2, 2, 2, 2}, Dense{16, 8, 4, 2, 1};
  std::vector<int32_t> Sparse{100000, 10000, 1000, 100, 1};
  std::vector<Rect> Q = rectsBetween({0, 5, Ext.data(), Dense.data()},
                                     {0, 5, Ext.data(), Sparse.data()}, 4);
  ASSERT_EQ(Q.size(), 4u);
  size_t Total = 0;
  for (const Rect &R : Q)
    Total += R.bytes();
  EXPECT_EQ(Total, 32u * 4);
  EXPECT_EQ(Q[3].SrcOffset, 24u * 4);
  EXPECT_EQ(Q[3].DstOffset, 110000u * 4);
}

// NVIDIA's driver rejects a rectangle whose offset plus whole rows of pitch
// passes the buffer's end, even when the bytes it touches fit (two ints of
// a 10-int buffer, 28 bytes apart: CL_INVALID_VALUE on the H100). Such a
// rectangle becomes one contiguous run per row; others are kept.
TEST(WithinBoundsTest, CutsRectanglesThatOverhangTheBuffer) {
  Rect Overhang{4, 4, {4, 2, 1}, 28, 56, 28, 56};
  std::vector<Rect> Out = withinBounds({Overhang}, SIZE_MAX, 40);
  ASSERT_EQ(Out.size(), 2u);
  EXPECT_TRUE(Out[0].contiguous());
  EXPECT_EQ(Out[0].DstOffset, 4u);
  EXPECT_EQ(Out[1].SrcOffset, 32u);
  EXPECT_EQ(Out[1].DstOffset, 32u);
  EXPECT_EQ(Out[0].bytes() + Out[1].bytes(), Overhang.bytes());

  Rect Fits{4, 4, {4, 2, 1}, 16, 32, 16, 32}; // 4 + 2 * 16 <= 40
  Out = withinBounds({Fits}, SIZE_MAX, 40);
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_FALSE(Out[0].contiguous());

  // A 10x10 corner of a 1000x1000 int matrix: nine rows stay one rectangle.
  Rect Corner{(990u * 1000 + 990) * 4, 0, {40, 10, 1}, 4000, 4000000, 40, 400};
  Out = withinBounds({Corner}, 4000000, SIZE_MAX);
  ASSERT_EQ(Out.size(), 2u);
  EXPECT_EQ(Out[0].Region[1], 9u);
  EXPECT_EQ(Out[1].SrcOffset, (999u * 1000 + 990) * 4);
  EXPECT_EQ(Out[1].DstOffset, 9u * 40);

  Rect Slices{0, 0, {4, 2, 2}, 8, 32, 8, 32}; // 2 slices of 32 > 48
  Out = withinBounds({Slices}, 48, SIZE_MAX);
  ASSERT_EQ(Out.size(), 2u); // the first slice, then the last (it fits)
  EXPECT_EQ(Out[1].SrcOffset, 32u);
  size_t Total = 0;
  for (const Rect &R : Out)
    Total += R.bytes();
  EXPECT_EQ(Total, Slices.bytes());
}
