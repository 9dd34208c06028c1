//===- RobustSink.cpp - where kernels' accesses outside a buffer go ------===//
#include "launches/RobustSink.h"


#include <map>
#include <mutex>
#include <utility>
#include <vector>

namespace ampcc {
namespace rt {

const Buffer &robustSink(const Context &C, uint32_t RegionBytes) {
  static std::mutex Lock;
  // Keyed by size too: a program's zero region starts at its own
  // RegionBytes, which another program's write region may cover.
  // Never released: a launch may use its sink until the process ends,
  // and the contexts live as long.
  static auto &Sinks = *new std::map<std::pair<void *, uint32_t>, Buffer>;
  std::lock_guard<std::mutex> Guard(Lock);
  Buffer &Sink = Sinks[{C.raw(), RegionBytes}];
  if (!Sink) {
    std::vector<unsigned char> Zeros(size_t(RegionBytes) * 2, 0);
    Sink = C.backend().allocate(C, Zeros.size(), Zeros.data(),
                                "for the robust-access sink");
  }
  return Sink;
}

} // namespace rt
} // namespace ampcc
