// A precompiled <amp.h> stands for the start of a file: it is used where
// loading it first changes nothing (standard headers, comments, #pragma
// once before <amp.h>, or a header of the program's own that starts that
// way after its include guard) and not where something before <amp.h>
// could change what it means (a macro, a header that defines one).
// REQUIRES: opencl
// RUN: rm -rf %t.pch
// RUN: env AMPCC_PCH_DIR=%t.pch %ampcc -v -O2 %s -o %t 2>&1 | %FileCheck --check-prefix=USED %s
// RUN: %t | %FileCheck --check-prefix=OUT %s
// RUN: env AMPCC_PCH_DIR=%t.pch %ampcc -v -O2 %S/Inputs/pch-amp-macro-first.cpp -o %t.macro 2>&1 | %FileCheck --check-prefix=UNUSED %s
// RUN: %t.macro | %FileCheck --check-prefix=MACRO %s
// RUN: env AMPCC_PCH_DIR=%t.pch %ampcc -v -O2 -I%S/Inputs %S/Inputs/pch-amp-own-header-first.cpp -o %t.own 2>&1 | %FileCheck --check-prefix=UNUSED %s
// RUN: %t.own | %FileCheck --check-prefix=OWN %s
// RUN: env AMPCC_PCH_DIR=%t.pch %ampcc -v -O2 %S/Inputs/pch-amp-common-first.cpp -o %t.common 2>&1 | %FileCheck --check-prefix=USED %s
// RUN: %t.common | %FileCheck --check-prefix=COMMON %s
// USED: ampcc: precompiled <amp.h>: {{.*}}host-
// USED: ampcc: precompiled <amp.h>: {{.*}}device-
// UNUSED-NOT: precompiled <amp.h>
// UNUSED-NOT: -include-pch
// OUT: 6 standard headers first: 21
// MACRO: NOMINMAX first: std::min 2
// OWN: own header first: 3
// COMMON: common header first: 9
#pragma once
/* Every standard header the check lets come first is parsed after <amp.h>
   here: each must mean the same there. */
#include <algorithm>
#include <array>
#include <atomic>
#include <bitset>
#include <cassert>
#include <cctype>
#include <cerrno>
#include <cfloat>
#include <chrono>
#include <climits>
#include <cmath>
#include <complex>
#include <condition_variable>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <deque>
#include <exception>
#include <fstream>
#include <functional>
#include <future>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <limits>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <optional>
#include <queue>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <stack>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <valarray>
#include <variant>
#include <vector>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <amp.h>
using namespace concurrency;

int main() {
  std::vector<int> A = {1, 2, 3, 4, 5, 6};
  array_view<int, 1> V(int(A.size()), A);
  parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = V[I] * 2 - 1; });
  V.synchronize();
  std::printf("%zu standard headers first: %d\n", A.size(), std::accumulate(A.begin(), A.end(), -15));
  return 0;
}
