//===- PinnedPool.cpp - Page-locked blocks kept and lent out --------------===//

#include "transfers/PinnedPool.h"

#include "transfers/StagedTransfers.h"

namespace ampcc {
namespace rt {

std::vector<void *> PinnedPool::lend(unsigned Least, unsigned Most,
                                     const std::function<void *()> &Make, size_t Bytes) {
  std::vector<void *> Out;
  std::unique_lock<std::mutex> L(Lock);
  Asked += Bytes;
  const StagingTuning &T = stagingTuning();
  unsigned Limit = T.Mode == 1 || Asked >= T.WarmBytes ? MostBlocks : Made;
  for (;;) {
    // Blocks are taken only Least or more at once, so two transfers that
    // wait never hold blocks the other waits for.
    while (Free.size() < Most && Made < Limit && !Refused) {
      void *B = Make();
      if (!B) {
        Refused = true;
        break;
      }
      ++Made;
      Free.push_back(B);
    }
    if (Refused)
      Limit = Made;
    if (Free.size() >= Least) {
      while (Out.size() < Most && !Free.empty()) {
        Out.push_back(Free.back());
        Free.pop_back();
      }
      return Out;
    }
    // Fewer than Least could ever be free at once: the caller does without.
    if (Limit < Least)
      return Out;
    Returned.wait(L);
  }
}

void PinnedPool::giveBack(const std::vector<void *> &Blocks) {
  if (Blocks.empty())
    return;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    Free.insert(Free.end(), Blocks.begin(), Blocks.end());
  }
  Returned.notify_all();
}

} // namespace rt
} // namespace ampcc
