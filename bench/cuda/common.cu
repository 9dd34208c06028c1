// Options, timing and rows of the CUDA twin (see common.cuh).
#include "common.cuh"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <vector>

namespace cutwin {

Options &options() {
  static Options O;
  return O;
}

void check(cudaError_t Err, const char *What) {
  if (Err != cudaSuccess) {
    std::fprintf(stderr, "%s failed: %s\n", What, cudaGetErrorString(Err));
    std::exit(2);
  }
}

double nowMs() {
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

static double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}

double timeLaunches(const std::function<void()> &Launch) {
  Launch();
  CU(cudaDeviceSynchronize());
  CU(cudaGetLastError());
  double T0 = nowMs();
  Launch();
  CU(cudaDeviceSynchronize());
  double One = std::max(nowMs() - T0, 1e-3);
  int Batch = std::min(200, std::max(1, int(10.0 / One)));
  std::vector<double> Samples;
  for (int S = 0; S < options().Reps; ++S) {
    double T = nowMs();
    for (int B = 0; B < Batch; ++B)
      Launch();
    CU(cudaDeviceSynchronize());
    Samples.push_back((nowMs() - T) / Batch);
  }
  CU(cudaGetLastError());
  return median(Samples);
}

double timeCalls(const std::function<void()> &Call, int Reps) {
  Call();
  std::vector<double> Samples;
  for (int S = 0; S < Reps; ++S) {
    double T = nowMs();
    Call();
    Samples.push_back(nowMs() - T);
  }
  return median(Samples);
}

void *deviceCopy(const void *Host, size_t Bytes) {
  void *P = nullptr;
  CU(cudaMalloc(&P, Bytes));
  if (Host)
    CU(cudaMemcpy(P, Host, Bytes, cudaMemcpyHostToDevice));
  return P;
}

void toHost(void *Dst, const void *Dev, size_t Bytes) {
  CU(cudaMemcpy(Dst, Dev, Bytes, cudaMemcpyDeviceToHost));
}

bool wanted(const std::string &Name) {
  // --only takes several names, comma-separated, as the harness's does.
  const std::string &Only = options().Only;
  for (size_t Begin = 0; Begin <= Only.size();) {
    size_t End = std::min(Only.find(',', Begin), Only.size());
    if (Name.find(Only.substr(Begin, End - Begin)) != std::string::npos)
      return true;
    Begin = End + 1;
  }
  return false;
}

static bool AllOk = true;

void emit(const char *Case, const char *Group, double Ms, double Work, const char *Unit,
          long long Min, bool Ok, const char *Impl) {
  csv::Row R;
  R.Device = options().Device;
  R.Impl = Impl;
  R.Case = Case;
  R.Group = Group;
  R.Scale = cases::scaleName(options().Scale);
  R.Ms = Ms;
  R.Work = Work;
  R.Unit = Unit;
  R.BytesMoved = R.BytesMin = Min;
  R.Ok = Ok;
  if (options().Csv)
    csv::write(options().Csv, R);
  std::printf("  %-26s %-6s %10.4f ms  %s\n", Case, Impl, Ms, Ok ? "results match" : "RESULTS DIFFER");
  std::fflush(stdout);
  AllOk &= Ok;
}

bool allOk() { return AllOk; }

} // namespace cutwin
