// One result row, as the ampcc harness and the CUDA twin both write it, so
// that bench/report.py and bench/plot.py read every implementation alike.
//
// Columns: device, impl (ampcc | opencl | cuda), case, group, scale, ms (per
// launch, or per operation for overheads), rate and unit (GB/s of the
// minimum bytes a memory-bound kernel moves, GFLOP/s, or empty), bytes_moved
// and bytes_min (host<->device bytes of the whole case, for ampcc counted by
// its runtime; -1 where not counted), ok (1: the output matched the CPU
// reference).
//
// Groups: memory (the memory-bound kernels the 85%-of-copy target covers),
// compute, atomic, launch, transfer, build, wholerun.
#ifndef AMPCC_BENCH_CSV_H
#define AMPCC_BENCH_CSV_H

#include <cstdio>
#include <string>

namespace csv {

struct Row {
  std::string Device, Impl, Case, Group, Scale;
  double Ms = 0;
  double Work = 0;           ///< bytes or flops per launch; 0: no rate
  const char *Unit = "";     ///< "GB/s" or "GFLOP/s"
  long long BytesMoved = -1, BytesMin = -1;
  bool Ok = true;
};

inline const char *header() {
  return "device,impl,case,group,scale,ms,rate,unit,bytes_moved,bytes_min,ok\n";
}

inline void write(std::FILE *F, const Row &R) {
  double Rate = R.Work > 0 && R.Ms > 0 ? R.Work / (R.Ms * 1e6) : 0;
  std::fprintf(F, "%s,%s,%s,%s,%s,%.6g,%.6g,%s,%lld,%lld,%d\n", R.Device.c_str(),
               R.Impl.c_str(), R.Case.c_str(), R.Group.c_str(), R.Scale.c_str(), R.Ms,
               Rate, Rate > 0 ? R.Unit : "", R.BytesMoved, R.BytesMin, R.Ok ? 1 : 0);
  std::fflush(F);
}

} // namespace csv

#endif // AMPCC_BENCH_CSV_H
