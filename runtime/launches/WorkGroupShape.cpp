//===- WorkGroupShape.cpp - work-groups of untiled launches -------------===//
#include "launches/WorkGroupShape.h"

namespace ampcc {
namespace rt {

void untiledShape(uint32_t Rank, size_t MaxGroup, size_t Global[3], size_t Local[3]) {
  static const size_t Shapes[3][3] = {{256, 1, 1}, {32, 8, 1}, {32, 4, 2}};
  size_t Threads = 1;
  for (uint32_t D = 0; D < Rank; ++D) {
    Local[D] = Shapes[Rank - 1][D];
    // A narrow domain (a 2-wide column) keeps its threads for the others.
    while (Local[D] > 1 && Local[D] / 2 >= Global[D])
      Local[D] /= 2;
    Threads *= Local[D];
  }
  for (uint32_t D = Rank; D-- > 0 && MaxGroup && Threads > MaxGroup;)
    while (Local[D] > 1 && Threads > MaxGroup) {
      Local[D] /= 2;
      Threads /= 2;
    }
  for (uint32_t D = 0; D < Rank; ++D)
    Global[D] = (Global[D] + Local[D] - 1) / Local[D] * Local[D];
}

} // namespace rt
} // namespace ampcc
