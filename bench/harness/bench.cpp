// Timing, the OpenCL twin's context and the result lines (see bench.h).
#include "bench.h"

#include <ampcc/runtime_api.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace bench {

Options &options() {
  static Options O;
  return O;
}

double nowMs() {
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

static double summary(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return options().Fastest ? V.front() : V[V.size() / 2];
}

double timeLaunches(const std::function<void()> &Launch, const std::function<void()> &Wait) {
  Launch(); // builds the kernel, moves the inputs
  Wait();
  double T0 = nowMs();
  Launch();
  Wait();
  double One = std::max(nowMs() - T0, 1e-3);
  int Batch = std::clamp(int(10.0 / One), 1, 200);
  std::vector<double> Samples;
  for (int S = 0; S < options().Reps; ++S) {
    double T = nowMs();
    for (int B = 0; B < Batch; ++B)
      Launch();
    Wait();
    Samples.push_back((nowMs() - T) / Batch);
  }
  return summary(Samples);
}

double timeCalls(const std::function<void()> &Call, int Reps) {
  Call();
  std::vector<double> Samples;
  for (int S = 0; S < Reps; ++S) {
    double T = nowMs();
    Call();
    Samples.push_back(nowMs() - T);
  }
  return summary(Samples);
}

Twin &Twin::get() {
  static Twin T;
  return T;
}

Twin::Twin() {
  // Loose: on the host backend the device is named after the CPU, which
  // PoCL's device name contains: the twin then runs on PoCL.
  clbench::Session S(clbench::findDevice(options().Device, /*Loose=*/true));
  Dev = S.Dev;
  Ctx = S.Ctx;
  Queue = S.Queue;
}

cl_program Twin::build(const char *Src) {
  cl_int Err;
  cl_program P = clCreateProgramWithSource(Ctx, 1, &Src, nullptr, &Err);
  check(Err, "clCreateProgramWithSource");
  if (clBuildProgram(P, 1, &Dev, "-cl-std=CL1.2", nullptr, nullptr) != CL_SUCCESS) {
    std::vector<char> Log(1 << 16);
    clGetProgramBuildInfo(P, Dev, CL_PROGRAM_BUILD_LOG, Log.size() - 1, Log.data(), nullptr);
    std::fprintf(stderr, "twin build failed:\n%s\n", Log.data());
    std::exit(2);
  }
  return P;
}

cl_kernel Twin::kernel(cl_program P, const char *Name) {
  cl_int Err;
  cl_kernel K = clCreateKernel(P, Name, &Err);
  check(Err, Name);
  return K;
}

cl_mem Twin::buffer(size_t Bytes, const void *Init, cl_mem_flags Extra) {
  cl_int Err;
  cl_mem M = clCreateBuffer(Ctx, CL_MEM_READ_WRITE | Extra, Bytes, nullptr, &Err);
  check(Err, "clCreateBuffer");
  if (Init)
    write(M, Bytes, Init);
  return M;
}

void Twin::write(cl_mem M, size_t Bytes, const void *Src) {
  check(clEnqueueWriteBuffer(Queue, M, CL_TRUE, 0, Bytes, Src, 0, nullptr, nullptr),
        "clEnqueueWriteBuffer");
}

void Twin::read(cl_mem M, size_t Bytes, void *Dst) {
  check(clEnqueueReadBuffer(Queue, M, CL_TRUE, 0, Bytes, Dst, 0, nullptr, nullptr),
        "clEnqueueReadBuffer");
}

void Twin::launch(cl_kernel K, cl_uint Dims, const size_t *Global, const size_t *Local,
                  const size_t *Offset) {
  check(clEnqueueNDRangeKernel(Queue, K, Dims, Offset, Global, Local, 0, nullptr, nullptr),
        "clEnqueueNDRangeKernel");
}

void Twin::finish() { check(clFinish(Queue), "clFinish"); }

void Twin::setArg(cl_kernel K, cl_uint I, size_t Size, const void *Value) {
  check(clSetKernelArg(K, I, Size, Value), "clSetKernelArg");
}

concurrency::accelerator_view &view() {
  static concurrency::accelerator_view V = concurrency::accelerator().get_default_view();
  return V;
}

void resetBytes() { ampcc::rt::resetTransferStats(); }

long long movedBytes() {
  ampcc::rt::TransferStats S = ampcc::rt::getTransferStats();
  return (long long)(S.HostToDeviceBytes + S.DeviceToHostBytes);
}

void emit(csv::Row R) {
  R.Device = options().Device;
  std::replace(R.Device.begin(), R.Device.end(), ',', ' ');
  R.Scale = cases::scaleName(options().Scale);
  if (options().Csv)
    csv::write(options().Csv, R);
  double Rate = R.Work > 0 && R.Ms > 0 ? R.Work / (R.Ms * 1e6) : 0;
  std::printf("  %-26s %-6s %10.4f ms", R.Case.c_str(), R.Impl.c_str(), R.Ms);
  if (Rate > 0)
    std::printf("  %9.2f %s", Rate, R.Unit);
  if (R.BytesMoved >= 0)
    std::printf("  moved %lld of min %lld bytes", R.BytesMoved, R.BytesMin);
  std::printf("\n");
  std::fflush(stdout);
}

static bool AllOk = true;

void verdict(const std::string &Name, bool AmpOk, bool ClOk) {
  if (AmpOk && ClOk) {
    std::printf("%s: results match\n", Name.c_str());
  } else {
    AllOk = false;
    std::printf("%s: RESULTS DIFFER (ampcc %s, opencl %s)\n", Name.c_str(),
                AmpOk ? "ok" : "wrong", ClOk ? "ok" : "wrong");
  }
  std::fflush(stdout);
}

void report(const Result &R) {
  csv::Row Row;
  Row.Case = R.Case;
  Row.Group = R.Group;
  Row.Work = R.Work;
  Row.Unit = R.Unit;
  Row.Impl = "ampcc";
  Row.Ms = R.AmpMs;
  Row.BytesMoved = R.Moved;
  Row.BytesMin = R.Min;
  Row.Ok = R.AmpOk;
  emit(Row);
  Row.Impl = "opencl";
  Row.Ms = R.ClMs;
  Row.BytesMoved = R.Min; // the twin moves exactly what it must, by hand
  Row.Ok = R.ClOk;
  emit(Row);
  verdict(R.Case, R.AmpOk, R.ClOk);
}

bool allOk() { return AllOk; }

bool wanted(const std::string &Name) {
  // --only takes several names, comma-separated.
  const std::string &Only = options().Only;
  for (size_t Begin = 0; Begin <= Only.size();) {
    size_t End = std::min(Only.find(',', Begin), Only.size());
    if (Name.find(Only.substr(Begin, End - Begin)) != std::string::npos)
      return true;
    Begin = End + 1;
  }
  return Only.empty();
}

} // namespace bench
