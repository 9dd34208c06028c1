// ampcc/atomics.h - atomic operations (spec §6).
//
// Declarations only: ampcc lowers each to the OpenCL 1.2 atomic built-in on
// __global or __local memory (AmpLibrary.cpp). The destination must point into
// an array, an array_view or a tile_static variable.
#ifndef AMPCC_ATOMICS_H
#define AMPCC_ATOMICS_H

#include "restrict.h"

namespace Concurrency {

#define AMPCC_ATOMIC_RMW_(NAME)                                                \
  int NAME(int *Dest, int Value) restrict(amp);                                \
  unsigned int NAME(unsigned int *Dest, unsigned int Value) restrict(amp);

AMPCC_ATOMIC_RMW_(atomic_exchange)
AMPCC_ATOMIC_RMW_(atomic_fetch_add)
AMPCC_ATOMIC_RMW_(atomic_fetch_sub)
AMPCC_ATOMIC_RMW_(atomic_fetch_max)
AMPCC_ATOMIC_RMW_(atomic_fetch_min)
AMPCC_ATOMIC_RMW_(atomic_fetch_and)
AMPCC_ATOMIC_RMW_(atomic_fetch_or)
AMPCC_ATOMIC_RMW_(atomic_fetch_xor)
#undef AMPCC_ATOMIC_RMW_

float atomic_exchange(float *Dest, float Value) restrict(amp);
int atomic_fetch_inc(int *Dest) restrict(amp);
unsigned int atomic_fetch_inc(unsigned int *Dest) restrict(amp);
int atomic_fetch_dec(int *Dest) restrict(amp);
unsigned int atomic_fetch_dec(unsigned int *Dest) restrict(amp);

/// If *Dest equals *ExpectedValue, stores Value and returns true; otherwise
/// stores *Dest's value into *ExpectedValue and returns false.
bool atomic_compare_exchange(int *Dest, int *ExpectedValue, int Value) restrict(amp);
bool atomic_compare_exchange(unsigned int *Dest, unsigned int *ExpectedValue,
                             unsigned int Value) restrict(amp);

} // namespace Concurrency

#endif // AMPCC_ATOMICS_H
