//===- HostBlocks.cpp - Recycled host memory for data sources -------------===//

#include "transfers/HostBlocks.h"

#include <mutex>
#include <new>
#include <utility>
#include <vector>

namespace ampcc {
namespace rt {
namespace {

constexpr size_t SmallestKept = size_t(1) << 20;
constexpr size_t MostKept = size_t(256) << 20;

struct Pool {
  std::mutex Lock;
  std::vector<std::pair<size_t, unsigned char *>> Free;
  size_t Kept = 0;
};

// Never destroyed: arrays that static objects hold may be freed after
// every other static is gone; the process's exit returns the memory.
Pool &pool() {
  static Pool *P = new Pool;
  return *P;
}

} // namespace

void HostBlockReturn::operator()(unsigned char *P) const {
  if (!P)
    return;
  if (Bytes >= SmallestKept) {
    Pool &Blocks = pool();
    std::lock_guard<std::mutex> G(Blocks.Lock);
    if (Blocks.Kept + Bytes <= MostKept) {
      Blocks.Free.emplace_back(Bytes, P);
      Blocks.Kept += Bytes;
      return;
    }
  }
  delete[] P;
}

HostBlock takeHostBlock(size_t Bytes) {
  if (Bytes >= SmallestKept) {
    Pool &Blocks = pool();
    std::lock_guard<std::mutex> G(Blocks.Lock);
    for (size_t I = Blocks.Free.size(); I-- > 0;)
      if (Blocks.Free[I].first == Bytes) {
        unsigned char *P = Blocks.Free[I].second;
        Blocks.Free.erase(Blocks.Free.begin() + I);
        Blocks.Kept -= Bytes;
        return HostBlock(P, HostBlockReturn{Bytes});
      }
  }
  return HostBlock(new (std::nothrow) unsigned char[Bytes], HostBlockReturn{Bytes});
}

void releaseHostBlocks() {
  Pool &Blocks = pool();
  std::lock_guard<std::mutex> G(Blocks.Lock);
  for (auto &Block : Blocks.Free)
    delete[] Block.second;
  Blocks.Free.clear();
  Blocks.Kept = 0;
}

} // namespace rt
} // namespace ampcc
