// ampcc/ppl/algorithms.h - PPL's parallel algorithms on oneTBB.
//
// parallel_for, the iterator parallel_for_each, parallel_invoke,
// parallel_reduce, parallel_transform and parallel_sort, with PPL's
// signatures and oneTBB's loops underneath. An exception thrown by a body
// stops the loop and reaches the caller (oneTBB cancels the other chunks),
// as in PPL.
//
// parallel_for_each(first, last, f) shares its name with C++ AMP's kernel
// launch; it only takes iterators, so overload resolution never confuses
// the two, and ampcc's KernelFinder only takes the extent/tiled_extent
// overloads for kernels.
#ifndef AMPCC_PPL_ALGORITHMS_H
#define AMPCC_PPL_ALGORITHMS_H

#include "partitioners.h"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/parallel_for_each.h>
#include <oneapi/tbb/parallel_invoke.h>
#include <oneapi/tbb/parallel_reduce.h>
#include <oneapi/tbb/parallel_sort.h>

#include <functional>
#include <iterator>
#include <stdexcept>
#include <type_traits>
#include <vector>

namespace Concurrency {

namespace details {
/// Runs Body(i) for i in [0, Count) with a PPL partitioner.
template <typename Body, typename Partitioner>
void forCount(std::size_t Count, const Body &B, Partitioner &&P) {
  if (Count == 0)
    return;
  tbb::parallel_for(
      tbb::blocked_range<std::size_t>(0, Count, P.grain()),
      [&B](const tbb::blocked_range<std::size_t> &R) {
        for (std::size_t I = R.begin(); I != R.end(); ++I)
          B(I);
      },
      P.tbbPartitioner());
}

template <typename It>
using IteratorCategory = typename std::iterator_traits<It>::iterator_category;

template <typename It>
using IsRandomAccess =
    std::is_base_of<std::random_access_iterator_tag, IteratorCategory<It>>;
} // namespace details

// --- parallel_for ----------------------------------------------------------

/// Calls F(First), F(First + Step), ... for every value below Last. PPL
/// rejects a step below one with std::invalid_argument.
template <typename Index, typename Function, typename Partitioner,
          details::EnableIfPartitioner<Partitioner> = 0>
void parallel_for(Index First, Index Last, Index Step, const Function &F,
                  Partitioner &&P) {
  static_assert(std::is_integral<Index>::value,
                "parallel_for: the index type must be an integral type");
  if (Step < Index(1))
    throw std::invalid_argument("parallel_for: step must be at least 1");
  if (!(First < Last))
    return;
  std::size_t Count = std::size_t((Last - First - 1) / Step) + 1;
  details::forCount(
      Count, [&](std::size_t I) { F(Index(First + Index(I) * Step)); }, P);
}

template <typename Index, typename Function>
void parallel_for(Index First, Index Last, Index Step, const Function &F) {
  parallel_for(First, Last, Step, F, auto_partitioner());
}

template <typename Index, typename Function, typename Partitioner,
          details::EnableIfPartitioner<Partitioner> = 0>
void parallel_for(Index First, Index Last, const Function &F, Partitioner &&P) {
  parallel_for(First, Last, Index(1), F, P);
}

template <typename Index, typename Function>
void parallel_for(Index First, Index Last, const Function &F) {
  parallel_for(First, Last, Index(1), F, auto_partitioner());
}

// --- parallel_for_each (iterators) ------------------------------------------

template <typename Iterator, typename Function, typename Partitioner,
          typename = details::IteratorCategory<Iterator>,
          details::EnableIfPartitioner<Partitioner> = 0>
void parallel_for_each(Iterator First, Iterator Last, const Function &F,
                       Partitioner &&P) {
  if constexpr (details::IsRandomAccess<Iterator>::value) {
    details::forCount(std::size_t(Last - First),
                      [&](std::size_t I) { F(First[I]); }, P);
  } else {
    tbb::parallel_for_each(First, Last, [&F](auto &&X) { F(X); });
  }
}

template <typename Iterator, typename Function,
          typename = details::IteratorCategory<Iterator>>
void parallel_for_each(Iterator First, Iterator Last, const Function &F) {
  parallel_for_each(First, Last, F, auto_partitioner());
}

// --- parallel_invoke ---------------------------------------------------------

/// Runs two to ten functions in parallel and returns when all are done.
template <typename F1, typename F2, typename... Rest>
void parallel_invoke(const F1 &A, const F2 &B, const Rest &...More) {
  static_assert(sizeof...(Rest) <= 8, "parallel_invoke takes at most ten functions");
  tbb::parallel_invoke(A, B, More...);
}

// --- parallel_reduce ---------------------------------------------------------

/// Reduces [Begin, End) from Identity: RangeFun(first, last, init) reduces a
/// chunk, SymFun combines two partial results (it must be associative).
template <typename Reduce, typename Iterator, typename RangeFun, typename SymFun>
Reduce parallel_reduce(Iterator Begin, Iterator End, const Reduce &Identity,
                       const RangeFun &RangeReduce, const SymFun &Combine) {
  if constexpr (details::IsRandomAccess<Iterator>::value) {
    return tbb::parallel_reduce(
        tbb::blocked_range<std::size_t>(0, std::size_t(End - Begin)), Identity,
        [&](const tbb::blocked_range<std::size_t> &R, Reduce Init) -> Reduce {
          return RangeReduce(Begin + R.begin(), Begin + R.end(), Init);
        },
        [&](const Reduce &X, const Reduce &Y) -> Reduce { return Combine(X, Y); });
  } else {
    // Forward iterators: chunks of the range, found by one sequential walk.
    std::vector<Iterator> Cuts;
    std::size_t N = 0;
    for (Iterator I = Begin; I != End; ++I, ++N)
      if (N % 1024 == 0)
        Cuts.push_back(I);
    Cuts.push_back(End);
    return tbb::parallel_reduce(
        tbb::blocked_range<std::size_t>(0, Cuts.size() - 1), Identity,
        [&](const tbb::blocked_range<std::size_t> &R, Reduce Init) -> Reduce {
          return RangeReduce(Cuts[R.begin()], Cuts[R.end()], Init);
        },
        [&](const Reduce &X, const Reduce &Y) -> Reduce { return Combine(X, Y); });
  }
}

/// Reduces [Begin, End) with an associative binary function.
template <typename Iterator, typename SymFun>
typename std::iterator_traits<Iterator>::value_type
parallel_reduce(Iterator Begin, Iterator End,
                const typename std::iterator_traits<Iterator>::value_type &Identity,
                SymFun Combine) {
  using Value = typename std::iterator_traits<Iterator>::value_type;
  return parallel_reduce(
      Begin, End, Identity,
      [&Combine](Iterator First, Iterator Last, Value Acc) {
        for (; First != Last; ++First)
          Acc = Combine(Acc, *First);
        return Acc;
      },
      Combine);
}

/// Sums [Begin, End) with operator+.
template <typename Iterator>
typename std::iterator_traits<Iterator>::value_type
parallel_reduce(Iterator Begin, Iterator End,
                const typename std::iterator_traits<Iterator>::value_type &Identity) {
  return parallel_reduce(
      Begin, End, Identity,
      std::plus<typename std::iterator_traits<Iterator>::value_type>());
}

// --- parallel_transform ------------------------------------------------------

template <typename InIt, typename OutIt, typename UnaryOp, typename Partitioner,
          details::EnableIfPartitioner<Partitioner> = 0>
OutIt parallel_transform(InIt First, InIt Last, OutIt Result, const UnaryOp &Op,
                         Partitioner &&P) {
  static_assert(details::IsRandomAccess<InIt>::value &&
                    details::IsRandomAccess<OutIt>::value,
                "ampcc's parallel_transform needs random-access iterators");
  std::size_t N = std::size_t(Last - First);
  details::forCount(N, [&](std::size_t I) { Result[I] = Op(First[I]); }, P);
  return Result + N;
}

template <typename InIt, typename OutIt, typename UnaryOp,
          details::EnableIfNotPartitioner<UnaryOp> = 0>
OutIt parallel_transform(InIt First, InIt Last, OutIt Result, const UnaryOp &Op) {
  return parallel_transform(First, Last, Result, Op, auto_partitioner());
}

template <typename InIt1, typename InIt2, typename OutIt, typename BinaryOp,
          typename Partitioner, details::EnableIfPartitioner<Partitioner> = 0>
OutIt parallel_transform(InIt1 First1, InIt1 Last1, InIt2 First2, OutIt Result,
                         const BinaryOp &Op, Partitioner &&P) {
  static_assert(details::IsRandomAccess<InIt1>::value &&
                    details::IsRandomAccess<InIt2>::value &&
                    details::IsRandomAccess<OutIt>::value,
                "ampcc's parallel_transform needs random-access iterators");
  std::size_t N = std::size_t(Last1 - First1);
  details::forCount(
      N, [&](std::size_t I) { Result[I] = Op(First1[I], First2[I]); }, P);
  return Result + N;
}

template <typename InIt1, typename InIt2, typename OutIt, typename BinaryOp,
          details::EnableIfNotPartitioner<BinaryOp> = 0>
OutIt parallel_transform(InIt1 First1, InIt1 Last1, InIt2 First2, OutIt Result,
                         const BinaryOp &Op) {
  return parallel_transform(First1, Last1, First2, Result, Op, auto_partitioner());
}

// --- parallel_sort -----------------------------------------------------------

/// An unstable parallel sort, as PPL's.
template <typename RandomIt, typename Compare>
void parallel_sort(RandomIt Begin, RandomIt End, const Compare &Comp) {
  tbb::parallel_sort(Begin, End, Comp);
}

template <typename RandomIt>
void parallel_sort(RandomIt Begin, RandomIt End) {
  tbb::parallel_sort(Begin, End);
}

/// PPL's buffered sort trades O(n) memory for speed; oneTBB's sort gives the
/// same result (unstable, by Comp).
template <typename RandomIt, typename Compare>
void parallel_buffered_sort(RandomIt Begin, RandomIt End, const Compare &Comp) {
  tbb::parallel_sort(Begin, End, Comp);
}

template <typename RandomIt>
void parallel_buffered_sort(RandomIt Begin, RandomIt End) {
  tbb::parallel_sort(Begin, End);
}

} // namespace Concurrency

#endif // AMPCC_PPL_ALGORITHMS_H
