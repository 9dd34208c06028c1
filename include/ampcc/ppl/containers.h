// ampcc/ppl/containers.h - concurrent_queue and concurrent_vector.
//
// oneTBB's containers descend from the same design as PPL's and keep its
// member names (push/try_pop/unsafe_size; push_back/grow_by/
// grow_to_at_least returning iterators), so PPL's classes are oneTBB's under
// PPL's names, with PPL's default allocator.
#ifndef AMPCC_PPL_CONTAINERS_H
#define AMPCC_PPL_CONTAINERS_H

#include <oneapi/tbb/concurrent_queue.h>
#include <oneapi/tbb/concurrent_vector.h>

#include <memory>

namespace Concurrency {

template <typename T, typename Allocator = std::allocator<T>>
class concurrent_queue : public tbb::concurrent_queue<T, Allocator> {
  using Base = tbb::concurrent_queue<T, Allocator>;

public:
  using Base::Base;
  concurrent_queue() = default;
};

template <typename T, typename Allocator = std::allocator<T>>
class concurrent_vector : public tbb::concurrent_vector<T, Allocator> {
  using Base = tbb::concurrent_vector<T, Allocator>;

public:
  using Base::Base;
  concurrent_vector() = default;
  concurrent_vector(std::initializer_list<T> Init) : Base(Init) {}
};

} // namespace Concurrency

#endif // AMPCC_PPL_CONTAINERS_H
