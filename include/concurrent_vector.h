// <concurrent_vector.h> - concurrency::concurrent_vector on oneTBB.
#ifndef AMPCC_CONCURRENT_VECTOR_H
#define AMPCC_CONCURRENT_VECTOR_H

#include "ampcc/ppl/containers.h"

namespace concurrency = Concurrency;

#endif // AMPCC_CONCURRENT_VECTOR_H
