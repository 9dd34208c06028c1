// A console program in Visual C++'s style: `_tmain` with `_TCHAR`, `__int64`
// counters, and Concurrency Visualizer markers around the phases. The
// markers do nothing by default, are printed with AMPCC_TRACE=1 and are
// recorded in the AMPCC_TRACE_FILE trace (a span as a range on its series'
// track, enclosing the kernel it timed; a flag as an instant).
// REQUIRES: opencl
// RUN: %ampcc %s -o %t 2> %t.err && %t x | %FileCheck %s
// RUN: %FileCheck --allow-empty --check-prefix=WARN %s < %t.err
// RUN: env AMPCC_TRACE=1 %t x 2>&1 | %FileCheck --check-prefix=TRACE %s
// RUN: %t x 2>&1 | %FileCheck --check-prefix=QUIET %s
// RUN: rm -f %t.json && env AMPCC_TRACE_FILE=%t.json %t x
// RUN: python3 %S/../runtime/Inputs/check-trace.py %t.json | %FileCheck --check-prefix=JSON %s
// JSON: kernel 1
// JSON: marker span on 'markers: squares': square 4096 values (span, category 1), encloses the kernels
// JSON-NEXT: marker instant on 'markers: squares': kernel done (flag, category 0)
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
