// Included as "inputs\VC-SPELLING\spelling-helper.h", the way a Visual C++
// project on a case-insensitive file system may spell it
// (e2e/vc-include-spelling.cpp). It includes its neighbour in another case
// too, and needs a Visual C++ repair (a dependent type without `typename`),
// so the host pass reads the repaired text under the name asked for.
#pragma once
#include "SPELLING-INNER.H"

template <typename View> int spelled_sum(View V) {
  View::value_type Total = 0;
  for (int I = 0; I < V.extent[0]; ++I)
    Total += V[I] + inner_offset();
  return Total;
}

inline const char *spelling_helper_file() { return __FILE__; }
