// <concurrent_unordered_set.h> - concurrency::concurrent_unordered_set and
// concurrent_unordered_multiset on oneTBB.
#ifndef AMPCC_CONCURRENT_UNORDERED_SET_H
#define AMPCC_CONCURRENT_UNORDERED_SET_H

#include "ampcc/ppl/containers.h"

namespace concurrency = Concurrency;

#endif // AMPCC_CONCURRENT_UNORDERED_SET_H
