//===- RangeProofTest.cpp - launch-time range conditions ------------------===//
//
// The word layout of KernelDesc::RangeProof (kernel_abi.h) as the compiler
// writes it: clauses of alternatives of facts; facts hold when their sum is
// >= 0, or a multiple of their modulus; anything malformed, unknown or
// overflowing does not hold.
//
//===----------------------------------------------------------------------===//

#include "launches/RangeProof.h"

#include "ampcc/kernel_abi.h"

#include <gtest/gtest.h>

#include <map>
#include <vector>

using namespace ampcc::rt;

namespace {

const uint32_t N = RS_ScalarInt | 1u << RangeSymCaptureShift;
const uint32_t Ext = RS_ViewExtent | 0u << RangeSymCaptureShift;

bool holds(const std::vector<int64_t> &W, std::map<uint32_t, int64_t> Values) {
  return rangeProofHolds(W.data(), uint32_t(W.size()),
                         [&](uint32_t S) -> std::optional<int64_t> {
                           auto It = Values.find(S);
                           if (It == Values.end())
                             return std::nullopt;
                           return It->second;
                         });
}

// One clause: (n - 1 >= 0 and ext - n >= 0) or (ext - 100 >= 0).
const std::vector<int64_t> Proof = {1, 2, 2, 1, -1, N, 1, 2, 0, Ext, 1, N, -1, 1, 1, -100, Ext, 1};

} // namespace

TEST(RangeProofTest, ClausesOfAlternatives) {
  EXPECT_TRUE(holds(Proof, {{N, 10}, {Ext, 10}}));
  EXPECT_FALSE(holds(Proof, {{N, 11}, {Ext, 10}}));  // n past the view
  EXPECT_FALSE(holds(Proof, {{N, 0}, {Ext, 10}}));   // n - 1 < 0
  EXPECT_TRUE(holds(Proof, {{N, 0}, {Ext, 100}}));   // the other alternative
  EXPECT_FALSE(holds(Proof, {{Ext, 10}}));           // n unknown
  EXPECT_TRUE(holds({}, {}));                        // no proof needed
  EXPECT_TRUE(holds({0}, {}));                       // no clause
}

TEST(RangeProofTest, Multiples) {
  // n is a multiple of 16.
  std::vector<int64_t> W = {1, 1, 1, 1 | 16 << RangeFactModulusShift, 0, N, 1};
  EXPECT_TRUE(holds(W, {{N, 64}}));
  EXPECT_FALSE(holds(W, {{N, 65}}));
  EXPECT_TRUE(holds(W, {{N, -32}}));
}

TEST(RangeProofTest, MalformedOrOverflowingDoesNotHold) {
  for (size_t Cut = 1; Cut < Proof.size(); ++Cut)
    EXPECT_FALSE(holds(std::vector<int64_t>(Proof.begin(), Proof.begin() + Cut),
                       {{N, 10}, {Ext, 10}}))
        << "cut at " << Cut;
  std::vector<int64_t> Extra = Proof;
  Extra.push_back(0);
  EXPECT_FALSE(holds(Extra, {{N, 10}, {Ext, 10}}));
  EXPECT_FALSE(holds({1, 0}, {}));          // a clause without alternatives
  EXPECT_FALSE(holds({-1}, {}));            // negative counts
  // INT64_MAX * 2 overflows: unknown, so false.
  EXPECT_FALSE(holds({1, 1, 1, 1, 0, N, 2}, {{N, INT64_MAX}}));
}
