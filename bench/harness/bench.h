// The ampcc harness's shared parts: options, timing, the hand-written OpenCL
// twin's context on the device ampcc's runtime picked, the case registry and
// the result lines.
//
// Timing: every implementation is timed the same way, on the host: after a
// warm-up launch (which builds the kernel and moves the inputs), a sample is
// Batch launches followed by one wait for the queue (accelerator_view::wait,
// clFinish), divided by Batch; the result is the median of the samples.
// Batch is chosen from the warm-up's time so that a sample lasts about
// 10 ms, which makes the wait's own latency negligible for short kernels.
// ampcc's runtime gives the program no per-launch profiling event, so host
// time of the same shape on both sides is the fair comparison.
#ifndef AMPCC_BENCH_BENCH_H
#define AMPCC_BENCH_BENCH_H

// <amp.h> first: a file that starts with it (standard headers aside) loads
// ampcc's precompiled <amp.h> instead of parsing it, about 2 s a file.
#include <amp.h>

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include "cases.h"
#include "csv.h"
#include "opencl.h"

#include <functional>
#include <string>
#include <vector>

namespace bench {

struct Options {
  cases::Scale Scale = cases::Scale::Small;
  cases::Sizes Size = cases::sizesFor(cases::Scale::Small);
  int Reps = 7;          ///< timed samples after the warm-up
  /// Report each case's fastest sample, not the median: on a machine other
  /// work shares, the sample least slowed by it (--fastest).
  bool Fastest = false;
  std::string Only;      ///< run the cases whose name contains one of these (a,b,c)
  std::FILE *Csv = nullptr;
  std::string Device;
};
Options &options();

/// Per-launch milliseconds of Launch (which only enqueues), with Wait ending
/// each sample; see the header comment. Launch is called at least twice.
double timeLaunches(const std::function<void()> &Launch, const std::function<void()> &Wait);

/// Milliseconds of one call, median (or fastest) of Reps calls after one warm-up.
double timeCalls(const std::function<void()> &Call, int Reps);

double nowMs();

/// The hand-written OpenCL twin: its own context and in-order queue on the
/// device ampcc's runtime uses (found by name), profiling off as ampcc's is.
class Twin {
public:
  static Twin &get();
  cl_context Ctx = nullptr;
  cl_command_queue Queue = nullptr;
  cl_device_id Dev = nullptr;

  /// Builds Src with ampcc's options (-cl-std=CL1.2); exits on failure.
  cl_program build(const char *Src);
  cl_kernel kernel(cl_program P, const char *Name);
  cl_mem buffer(size_t Bytes, const void *Init = nullptr, cl_mem_flags Extra = 0);
  void write(cl_mem M, size_t Bytes, const void *Src);
  void read(cl_mem M, size_t Bytes, void *Dst);
  /// Enqueues only; Local nullptr lets the driver choose, as ampcc does for
  /// untiled kernels.
  void launch(cl_kernel K, cl_uint Dims, const size_t *Global, const size_t *Local,
              const size_t *Offset = nullptr);
  void finish();

  template <typename... Ts> static void args(cl_kernel K, const Ts &...A) {
    cl_uint I = 0;
    (setArg(K, I++, sizeof(Ts), &A), ...);
  }

private:
  Twin();
  static void setArg(cl_kernel K, cl_uint I, size_t Size, const void *Value);
};

using clbench::check;

/// The view ampcc launches on.
concurrency::accelerator_view &view();

/// Host<->device bytes ampcc's runtime moved since the last resetBytes().
void resetBytes();
long long movedBytes();

/// A result row of this process (device and scale filled in); printed to the
/// CSV file. Also prints a human line per row.
void emit(csv::Row R);

/// Prints "<name>: results match" or "<name>: RESULTS DIFFER (...)" and
/// remembers failures for the exit status.
void verdict(const std::string &Name, bool AmpOk, bool ClOk);
bool allOk();

/// One case's measurements on both sides.
struct Result {
  std::string Case;
  const char *Group;      ///< csv.h's groups
  double Work = 0;        ///< bytes or flops per launch (0: none)
  const char *Unit = "";
  double AmpMs = 0, ClMs = 0;
  long long Moved = -1, Min = -1; ///< ampcc's host<->device bytes; the least possible
  bool AmpOk = false, ClOk = false;
};
/// Emits the ampcc and opencl rows and the verdict line.
void report(const Result &R);

/// Whether the case Name was asked for (--only).
bool wanted(const std::string &Name);

// The case families, one file each, run by main() in this order.
void runStreaming();  // copy, saxpy (streaming.cpp)
void runTranspose();  // transpose.cpp
void runSma();        // sma.cpp
void runHistogram();  // histogram.cpp
void runReduction();  // reduction.cpp
void runMatmul();     // matmul.cpp
void runBinomial();   // binomial.cpp
void runNbody();      // nbody.cpp
void runBuildTime();  // buildtime.cpp (first in main: its build must be cold)
void runLaunch();     // overheads.cpp
void runTransfers();  // overheads.cpp

} // namespace bench

#endif // AMPCC_BENCH_BENCH_H
