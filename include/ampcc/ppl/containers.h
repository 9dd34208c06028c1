// ampcc/ppl/containers.h - concurrent_queue, concurrent_vector and the
// concurrent unordered map, multimap, set and multiset.
//
// oneTBB's containers descend from the same design as PPL's and keep its
// member names (push/try_pop/unsafe_size; push_back/grow_by/
// grow_to_at_least returning iterators), so PPL's classes are oneTBB's under
// PPL's names, with PPL's default allocator.
#ifndef AMPCC_PPL_CONTAINERS_H
#define AMPCC_PPL_CONTAINERS_H

#include <oneapi/tbb/concurrent_queue.h>
#include <oneapi/tbb/concurrent_unordered_map.h>
#include <oneapi/tbb/concurrent_unordered_set.h>
#include <oneapi/tbb/concurrent_vector.h>

#include <functional>
#include <memory>
#include <utility>

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

// The unordered containers: insert, find, count and iteration are safe
// while other threads insert; unsafe_erase is not (PPL's names, oneTBB's).
template <typename K, typename V, typename Hash = std::hash<K>,
          typename Eq = std::equal_to<K>,
          typename Allocator = std::allocator<std::pair<const K, V>>>
class concurrent_unordered_map
    : public tbb::concurrent_unordered_map<K, V, Hash, Eq, Allocator> {
  using Base = tbb::concurrent_unordered_map<K, V, Hash, Eq, Allocator>;

public:
  using Base::Base;
  concurrent_unordered_map() = default;
};

template <typename K, typename V, typename Hash = std::hash<K>,
          typename Eq = std::equal_to<K>,
          typename Allocator = std::allocator<std::pair<const K, V>>>
class concurrent_unordered_multimap
    : public tbb::concurrent_unordered_multimap<K, V, Hash, Eq, Allocator> {
  using Base = tbb::concurrent_unordered_multimap<K, V, Hash, Eq, Allocator>;

public:
  using Base::Base;
  concurrent_unordered_multimap() = default;
};

template <typename K, typename Hash = std::hash<K>, typename Eq = std::equal_to<K>,
          typename Allocator = std::allocator<K>>
class concurrent_unordered_set
    : public tbb::concurrent_unordered_set<K, Hash, Eq, Allocator> {
  using Base = tbb::concurrent_unordered_set<K, Hash, Eq, Allocator>;

public:
  using Base::Base;
  concurrent_unordered_set() = default;
};

template <typename K, typename Hash = std::hash<K>, typename Eq = std::equal_to<K>,
          typename Allocator = std::allocator<K>>
class concurrent_unordered_multiset
    : public tbb::concurrent_unordered_multiset<K, Hash, Eq, Allocator> {
  using Base = tbb::concurrent_unordered_multiset<K, Hash, Eq, Allocator>;

public:
  using Base::Base;
  concurrent_unordered_multiset() = default;
};

} // namespace Concurrency

#endif // AMPCC_PPL_CONTAINERS_H
