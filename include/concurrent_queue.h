// <concurrent_queue.h> - concurrency::concurrent_queue on oneTBB.
#ifndef AMPCC_CONCURRENT_QUEUE_H
#define AMPCC_CONCURRENT_QUEUE_H

#include "ampcc/ppl/containers.h"

namespace concurrency = Concurrency;

#endif // AMPCC_CONCURRENT_QUEUE_H
