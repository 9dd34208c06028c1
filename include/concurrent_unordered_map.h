// <concurrent_unordered_map.h> - concurrency::concurrent_unordered_map and
// concurrent_unordered_multimap on oneTBB.
#ifndef AMPCC_CONCURRENT_UNORDERED_MAP_H
#define AMPCC_CONCURRENT_UNORDERED_MAP_H

#include "ampcc/ppl/containers.h"

namespace concurrency = Concurrency;

#endif // AMPCC_CONCURRENT_UNORDERED_MAP_H
