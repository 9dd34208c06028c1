// ampcc/ppl/partitioners.h - PPL's partitioners, mapped onto oneTBB's.
//
// PPL and oneTBB share the four kinds, so each PPL partitioner only holds
// what oneTBB needs: a chunk size for simple_partitioner (oneTBB takes it as
// the range's grain size) and oneTBB's own affinity state, which like PPL's
// must outlive the loops that reuse it.
#ifndef AMPCC_PPL_PARTITIONERS_H
#define AMPCC_PPL_PARTITIONERS_H

#include <oneapi/tbb/partitioner.h>

#include <cstddef>
#include <type_traits>

namespace Concurrency {

class auto_partitioner {
public:
  std::size_t grain() const { return 1; }
  tbb::auto_partitioner tbbPartitioner() const { return {}; }
};

class static_partitioner {
public:
  std::size_t grain() const { return 1; }
  tbb::static_partitioner tbbPartitioner() const { return {}; }
};

class simple_partitioner {
public:
  explicit simple_partitioner(std::size_t ChunkSize)
      : Chunk(ChunkSize ? ChunkSize : 1) {}
  std::size_t grain() const { return Chunk; }
  tbb::simple_partitioner tbbPartitioner() const { return {}; }

private:
  std::size_t Chunk;
};

class affinity_partitioner {
public:
  std::size_t grain() const { return 1; }
  tbb::affinity_partitioner &tbbPartitioner() { return Tbb; }

private:
  tbb::affinity_partitioner Tbb;
};

namespace details {
template <typename T>
struct IsPartitioner
    : std::integral_constant<
          bool, std::is_same<T, auto_partitioner>::value ||
                    std::is_same<T, static_partitioner>::value ||
                    std::is_same<T, simple_partitioner>::value ||
                    std::is_same<T, affinity_partitioner>::value> {};

template <typename P>
using EnableIfPartitioner =
    typename std::enable_if<IsPartitioner<typename std::decay<P>::type>::value,
                            int>::type;
template <typename P>
using EnableIfNotPartitioner =
    typename std::enable_if<!IsPartitioner<typename std::decay<P>::type>::value,
                            int>::type;
} // namespace details

} // namespace Concurrency

#endif // AMPCC_PPL_PARTITIONERS_H
