// A console program in Visual C++'s style: `_tmain` with `_TCHAR`, `__int64`
// counters, and Concurrency Visualizer markers around the phases. The
// markers do nothing by default and are printed with AMPCC_TRACE=1.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t 2> %t.err && %t x | %FileCheck %s
// RUN: %FileCheck --allow-empty --check-prefix=WARN %s < %t.err
// RUN: env AMPCC_TRACE=1 %t x 2>&1 | %FileCheck --check-prefix=TRACE %s
// RUN: %t x 2>&1 | %FileCheck --check-prefix=QUIET %s
// WARN-NOT: {{warning|error}}
// CHECK: args 2, sum of squares: PASS
// TRACE: ampcc: marker [squares] span begin (category 1): square 4096 values
// TRACE: ampcc: marker [squares] flag (category 0): kernel done
// TRACE: ampcc: marker [squares] span end (category 1): square 4096 values ({{.*}} ms)
// QUIET-NOT: marker
#include <amp.h>
#include <cvmarkersobj.h>
#include <tchar.h>
#include <vector>

using namespace concurrency;
using namespace concurrency::diagnostic;

int _tmain(int argc, _TCHAR *argv[]) {
  marker_series Series(_T("squares"));
  const int N = 4096;
  std::vector<int> Data(N);
  for (int I = 0; I < N; ++I)
    Data[I] = I % 1000;
  unsigned __int64 Want = 0;
  for (int I = 0; I < N; ++I)
    Want += (unsigned __int64)Data[I] * Data[I];
  {
    span Phase(Series, 1, _T("square %d values"), N);
    array_view<int, 1> V(N, Data);
    parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] = V[I] * V[I]; });
    V.synchronize();
    Series.write_flag(_T("kernel done"));
  }
  __int64 Got = 0;
  for (int X : Data)
    Got += X;
  _tprintf(_T("args %d, sum of squares: %s\n"), argc,
           (unsigned __int64)Got == Want && _tcslen(argv[1]) == 1 ? "PASS" : "FAIL");
  return 0;
}
