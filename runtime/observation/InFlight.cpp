//===- InFlight.cpp - kernels submitted but not yet known done ----------===//
#include "observation/InFlight.h"

#include <algorithm>
#include <deque>
#include <map>
#include <mutex>

namespace ampcc {
namespace rt {

namespace {

/// Distinct locations per queue, most recent first; a few are enough to
/// point at the culprit, and the list must not grow in a long loop.
constexpr size_t MaxRemembered = 4;

struct Registry {
  std::mutex Lock;
  std::map<const void *, std::deque<std::string>> Queues;
};

Registry &registry() {
  // Never destroyed: errors may be reported from static destructors.
  static Registry *R = new Registry;
  return *R;
}

} // namespace

void noteKernelSubmitted(const void *Queue, const char *Location) {
  Registry &R = registry();
  std::string Where = Location ? Location : "<unknown location>";
  std::lock_guard<std::mutex> Guard(R.Lock);
  std::deque<std::string> &List = R.Queues[Queue];
  List.erase(std::remove(List.begin(), List.end(), Where), List.end());
  List.push_front(std::move(Where));
  if (List.size() > MaxRemembered)
    List.pop_back();
}

void noteQueueIdle(const void *Queue) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Guard(R.Lock);
  R.Queues.erase(Queue);
}

std::string kernelsInFlight() {
  Registry &R = registry();
  std::lock_guard<std::mutex> Guard(R.Lock);
  std::string Out;
  for (const auto &[Q, List] : R.Queues)
    for (const std::string &Where : List)
      Out += (Out.empty() ? "kernel at " : ", kernel at ") + Where;
  return Out;
}

} // namespace rt
} // namespace ampcc
