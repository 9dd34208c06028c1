// A header as Visual C++ projects often save them: the test converts it to
// UTF-16 (e2e/vc-source-encodings.cpp). It needs a Visual C++ repair (a
// dependent type without `typename`), so the host pass compiles the
// repaired, converted text through its VFS overlay.
#pragma once
#include <amp.h>

template <typename View> int sum_of(View V) {
  View::value_type Total = 0;
  for (int I = 0; I < V.extent[0]; ++I)
    Total += V[I];
  return Total;
}

inline int triple(int X) restrict(cpu, amp) { return 3 * X; }

inline const char *helper_name() { return __FILE__; }
