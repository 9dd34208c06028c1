// ampcc/ppl/combinable.h - combinable<T>: one copy per thread, combined at the
// end. oneTBB's combinable has PPL's interface (local, combine,
// combine_each, clear), so PPL's class is oneTBB's under PPL's name.
#ifndef AMPCC_PPL_COMBINABLE_H
#define AMPCC_PPL_COMBINABLE_H

#include <oneapi/tbb/combinable.h>

namespace Concurrency {

template <typename T>
class combinable : public tbb::combinable<T> {
public:
  combinable() = default;
  /// Each thread's copy starts as Init() returns.
  template <typename Init>
  explicit combinable(Init F) : tbb::combinable<T>(F) {}
};

} // namespace Concurrency

#endif // AMPCC_PPL_COMBINABLE_H
