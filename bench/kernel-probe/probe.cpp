// Kernel probe (issue 31 item 3): times variants of one benchmark case's
// kernel, each given as an OpenCL C file or a PTX file, on the first GPU,
// the same way as the harness (a warm-up launch, then the median of 7
// batches of about 10 ms), and checks each against the case's CPU
// reference. It answers "which line of the generated OpenCL C costs the
// time" (variants of ampcc's kernel that differ in one idiom) and "is it
// NVIDIA's OpenCL compiler" (the CUDA twin's PTX from nvcc, loaded through
// clCreateProgramWithBinary, against the OpenCL twin built from source).
//
// Usage: probe CASE FILE[=BUILD-OPTIONS]...
//   CASE: sma | matmul | nbody | residency (occupancy.cl: groups an SM
//   holds) | clock (clock.cl: the SM clock of a busy kernel, MHz)
// Every kernel of every file is timed; its signature is known by its
// argument count (below). With PROBE_PTX_DIR set, each program's PTX and
// build log (-cl-nv-verbose: registers, spills) are written there.
// PROBE_ONCE=1 launches each kernel once, untimed (for ncu). Prints
// "case,file,kernel,ms,ok" rows.
#include "../harness/cases.h"
#include "../harness/opencl.h"

#include <algorithm>
#include <dlfcn.h>
#include <chrono>
#include <cstring>
#include <fstream>
#include <functional>
#include <memory>
#include <sstream>

using clbench::check;

namespace {

/// The first GPU (NVIDIA's, on the device machine).
cl_device_id firstGpu() {
  cl_uint NP = 0;
  clGetPlatformIDs(0, nullptr, &NP);
  std::vector<cl_platform_id> Ps(NP);
  clGetPlatformIDs(NP, Ps.data(), nullptr);
  for (cl_platform_id P : Ps) {
    cl_device_id D;
    if (clGetDeviceIDs(P, CL_DEVICE_TYPE_GPU, 1, &D, nullptr) == CL_SUCCESS)
      return D;
  }
  // No GPU (PoCL here): the first device, to check the probe itself.
  cl_device_id D;
  if (NP && clGetDeviceIDs(Ps[0], CL_DEVICE_TYPE_ALL, 1, &D, nullptr) == CL_SUCCESS)
    return D;
  std::fprintf(stderr, "no OpenCL device\n");
  std::exit(2);
}

std::string readFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

std::string baseName(const std::string &Path) {
  size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? Path : Path.substr(Slash + 1);
}

/// Builds File (source, or PTX by its extension) with Options; writes its
/// PTX and build log to PROBE_PTX_DIR. Returns null when the build failed.
cl_program build(clbench::Session &S, const std::string &File, const std::string &Options,
                 const std::string &Tag) {
  std::string Text = readFile(File);
  cl_int Err;
  cl_program P;
  bool Ptx = File.size() > 4 && File.compare(File.size() - 4, 4, ".ptx") == 0;
  if (Ptx) {
    const unsigned char *Bin = reinterpret_cast<const unsigned char *>(Text.c_str());
    size_t Len = Text.size() + 1;
    cl_int Status;
    P = clCreateProgramWithBinary(S.Ctx, 1, &S.Dev, &Len, &Bin, &Status, &Err);
  } else {
    const char *Src = Text.c_str();
    P = clCreateProgramWithSource(S.Ctx, 1, &Src, nullptr, &Err);
  }
  check(Err, "create program");
  // -cl-nv-verbose puts ptxas's register and spill report in the log (NVIDIA
  // only; PROBE_NV=0 leaves it out on other drivers).
  const char *Nv = std::getenv("PROBE_NV");
  std::string Opts = (Nv && !std::strcmp(Nv, "0") ? "" : "-cl-nv-verbose ") + Options;
  Err = clBuildProgram(P, 1, &S.Dev, Opts.c_str(), nullptr, nullptr);
  size_t LogSize = 0;
  clGetProgramBuildInfo(P, S.Dev, CL_PROGRAM_BUILD_LOG, 0, nullptr, &LogSize);
  std::string Log(LogSize, '\0');
  clGetProgramBuildInfo(P, S.Dev, CL_PROGRAM_BUILD_LOG, LogSize, &Log[0], nullptr);
  const char *Dir = std::getenv("PROBE_PTX_DIR");
  if (Dir) {
    std::ofstream(std::string(Dir) + "/" + Tag + ".log") << Log;
    size_t BinSize = 0;
    if (Err == CL_SUCCESS &&
        clGetProgramInfo(P, CL_PROGRAM_BINARY_SIZES, sizeof BinSize, &BinSize, nullptr) ==
            CL_SUCCESS) {
      std::vector<unsigned char> Bin(BinSize);
      unsigned char *BP = Bin.data();
      clGetProgramInfo(P, CL_PROGRAM_BINARIES, sizeof BP, &BP, nullptr);
      // The PTX text ends with its terminating NUL, which ptxas refuses.
      while (BinSize && Bin[BinSize - 1] == 0)
        --BinSize;
      std::ofstream(std::string(Dir) + "/" + Tag + (Ptx ? ".reloaded.ptx" : ".ptx"),
                    std::ios::binary)
          .write(reinterpret_cast<const char *>(Bin.data()), std::streamsize(BinSize));
    }
  }
  if (Err != CL_SUCCESS) {
    std::fprintf(stderr, "%s: build failed (%d):\n%s\n", File.c_str(), Err, Log.c_str());
    clReleaseProgram(P);
    return nullptr;
  }
  return P;
}

/// The harness's timing: a warm-up launch, a batch sized to about 10 ms,
/// the median of 7 batches.
double timeLaunches(cl_command_queue Q, const std::function<void()> &Launch) {
  using Clock = std::chrono::steady_clock;
  Launch();
  check(clFinish(Q), "clFinish");
  auto T0 = Clock::now();
  Launch();
  check(clFinish(Q), "clFinish");
  double One = std::chrono::duration<double, std::milli>(Clock::now() - T0).count();
  int Batch = std::max(1, std::min(1000, int(10.0 / std::max(One, 1e-3))));
  std::vector<double> Samples;
  for (int S = 0; S < 7; ++S) {
    auto T = Clock::now();
    for (int I = 0; I < Batch; ++I)
      Launch();
    check(clFinish(Q), "clFinish");
    Samples.push_back(std::chrono::duration<double, std::milli>(Clock::now() - T).count() / Batch);
  }
  std::sort(Samples.begin(), Samples.end());
  return Samples[3];
}

cl_mem buffer(clbench::Session &S, size_t Bytes, const void *Init) {
  cl_int Err;
  cl_mem B = clCreateBuffer(S.Ctx, CL_MEM_READ_WRITE | (Init ? CL_MEM_COPY_HOST_PTR : 0), Bytes,
                            const_cast<void *>(Init), &Err);
  check(Err, "clCreateBuffer");
  return B;
}

template <typename T> void arg(cl_kernel K, cl_uint I, const T &V) {
  check(clSetKernelArg(K, I, sizeof(T), &V), "clSetKernelArg");
}

// ampcc's view shapes and domain, as the generated program declares them.
struct Shape1 {
  int Off, Ext, Stride;
};
struct Shape2 {
  int Off, Ext[2], Stride[2];
};

/// PROBE_SCALE=tiny|small|full (default full: the harness's GPU sizes).
cases::Sizes sizes() {
  const char *S = std::getenv("PROBE_SCALE");
  return cases::sizesFor(S ? cases::parseScale(S) : cases::Scale::Full);
}

/// One case: the buffers, how to set a kernel's arguments from its argument
/// count, its launch geometry, and the check.
struct Case {
  virtual ~Case() = default;
  /// False when no signature of this case has Arity arguments.
  virtual bool setArgs(cl_kernel K, cl_uint Arity, const std::string &Name) = 0;
  virtual void launch(cl_command_queue Q, cl_kernel K, const std::string &Name) = 0;
  virtual bool checkAndClear(clbench::Session &S) = 0;
  /// The work-group's first dimension: a kernel compiled for another
  /// (ampcc's tiled moving average beside the untiled one) is skipped.
  virtual size_t local0() const { return 256; }
  /// False for cases that report a count rather than a time.
  virtual bool timed() const { return true; }
  /// What an untimed case reports, after checkAndClear.
  virtual std::string note() const { return ""; }
};

struct Sma : Case {
  int N = sizes().SmaN;
  std::vector<float> In, Ref;
  cl_mem BI, BO;
  explicit Sma(clbench::Session &S) : In(N) {
    cases::fillFloats(In, 101);
    Ref = cases::smaReference(In);
    BI = buffer(S, size_t(N) * 4, In.data());
    BO = buffer(S, size_t(N) * 4, nullptr);
  }
  bool setArgs(cl_kernel K, cl_uint Arity, const std::string &) override {
    Shape1 Sh{0, N, 1};
    if (Arity == 3) { // (in, out, n): the twins, CUDA's smaSimple
      arg(K, 0, BI), arg(K, 1, BO), arg(K, 2, N);
    } else if (Arity == 5 || Arity == 6) { // ampcc's: (in, shape, n, out, shape[, domain])
      arg(K, 0, BI), arg(K, 1, Sh), arg(K, 2, N), arg(K, 3, BO), arg(K, 4, Sh);
      if (Arity == 6)
        arg(K, 5, N);
    } else {
      return false;
    }
    return true;
  }
  void launch(cl_command_queue Q, cl_kernel K, const std::string &) override {
    size_t G = size_t(N), L = 256;
    check(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &G, &L, 0, nullptr, nullptr), "launch");
  }
  bool checkAndClear(clbench::Session &S) override {
    std::vector<float> Out(N);
    check(clEnqueueReadBuffer(S.Queue, BO, CL_TRUE, 0, size_t(N) * 4, Out.data(), 0, nullptr,
                              nullptr),
          "read");
    float Zero = -1.0f;
    check(clEnqueueFillBuffer(S.Queue, BO, &Zero, 4, 0, size_t(N) * 4, 0, nullptr, nullptr),
          "fill");
    return Out == Ref;
  }
};

struct Matmul : Case {
  int N = sizes().MatN;
  std::vector<float> A, B;
  cl_mem BA, BB, BC;
  explicit Matmul(clbench::Session &S) : A(size_t(N) * N), B(size_t(N) * N) {
    cases::fillFloats(A, 7, 0.5f);
    cases::fillFloats(B, 5, 0.25f);
    BA = buffer(S, A.size() * 4, A.data());
    BB = buffer(S, B.size() * 4, B.data());
    BC = buffer(S, A.size() * 4, nullptr);
  }
  size_t local0() const override { return 16; }
  static bool blocked(const std::string &Name) {
    return Name.find("locked") != std::string::npos;
  }
  bool setArgs(cl_kernel K, cl_uint Arity, const std::string &) override {
    Shape2 Sh{0, {N, N}, {N, 1}};
    if (Arity == 4) { // (A, B, C, n)
      arg(K, 0, BA), arg(K, 1, BB), arg(K, 2, BC), arg(K, 3, N);
    } else if (Arity == 7) { // ampcc's: (N, A, shape, B, shape, C, shape)
      arg(K, 0, N), arg(K, 1, BA), arg(K, 2, Sh), arg(K, 3, BB), arg(K, 4, Sh);
      arg(K, 5, BC), arg(K, 6, Sh);
    } else {
      return false;
    }
    return true;
  }
  void launch(cl_command_queue Q, cl_kernel K, const std::string &Name) override {
    size_t Side = blocked(Name) ? size_t(N / cases::MatBlock) : size_t(N);
    size_t G[2] = {Side, Side}, L[2] = {16, 16};
    check(clEnqueueNDRangeKernel(Q, K, 2, nullptr, G, L, 0, nullptr, nullptr), "launch");
  }
  bool checkAndClear(clbench::Session &S) override {
    std::vector<float> C(A.size());
    check(clEnqueueReadBuffer(S.Queue, BC, CL_TRUE, 0, C.size() * 4, C.data(), 0, nullptr,
                              nullptr),
          "read");
    float Zero = -1.0f;
    check(clEnqueueFillBuffer(S.Queue, BC, &Zero, 4, 0, C.size() * 4, 0, nullptr, nullptr),
          "fill");
    return cases::checkMatmul(A, B, C.data(), N);
  }
};

struct Nbody : Case {
  int N = sizes().Bodies;
  std::vector<float> Pos;
  cl_mem BP, BA;
  explicit Nbody(clbench::Session &S) : Pos(cases::nbodyInput(N)) {
    BP = buffer(S, Pos.size() * 4, Pos.data());
    BA = buffer(S, Pos.size() * 4, nullptr);
  }
  bool setArgs(cl_kernel K, cl_uint Arity, const std::string &) override {
    Shape1 Sh{0, 4 * N, 1};
    if (Arity == 4) { // (pos, acc, n, eps)
      arg(K, 0, BP), arg(K, 1, BA), arg(K, 2, N), arg(K, 3, cases::NbodySoftening);
    } else if (Arity == 5) { // ampcc's: (pos, shape, N, acc, shape)
      arg(K, 0, BP), arg(K, 1, Sh), arg(K, 2, N), arg(K, 3, BA), arg(K, 4, Sh);
    } else {
      return false;
    }
    return true;
  }
  void launch(cl_command_queue Q, cl_kernel K, const std::string &) override {
    size_t G = size_t(N), L = cases::NbodyTile;
    check(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &G, &L, 0, nullptr, nullptr), "launch");
  }
  bool checkAndClear(clbench::Session &S) override {
    std::vector<float> Acc(Pos.size());
    check(clEnqueueReadBuffer(S.Queue, BA, CL_TRUE, 0, Acc.size() * 4, Acc.data(), 0, nullptr,
                              nullptr),
          "read");
    float Zero = -1.0f;
    check(clEnqueueFillBuffer(S.Queue, BA, &Zero, 4, 0, Acc.size() * 4, 0, nullptr, nullptr),
          "fill");
    return cases::checkNbody(Pos, Acc.data(), N);
  }
};

/// occupancy.cl: work-groups of 256 resident on one SM at once (the
/// largest count any SM saw), for each size of local memory.
struct Occupancy : Case {
  static const int Slots = 1024;
  cl_mem Active, MaxSeen, Sink;
  int Seen = 0;
  explicit Occupancy(clbench::Session &S) {
    std::vector<int> Zero(Slots, 0);
    Active = buffer(S, Slots * 4, Zero.data());
    MaxSeen = buffer(S, Slots * 4, Zero.data());
    Sink = buffer(S, 4, Zero.data());
  }
  bool timed() const override { return false; }
  std::string note() const override { return std::to_string(Seen); }
  bool setArgs(cl_kernel K, cl_uint Arity, const std::string &) override {
    if (Arity != 3)
      return false;
    arg(K, 0, Active), arg(K, 1, MaxSeen), arg(K, 2, Sink);
    return true;
  }
  void launch(cl_command_queue Q, cl_kernel K, const std::string &) override {
    size_t G = 132 * 64 * 256, L = 256;
    check(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &G, &L, 0, nullptr, nullptr), "launch");
  }
  bool checkAndClear(clbench::Session &S) override {
    std::vector<int> V(Slots);
    check(clEnqueueReadBuffer(S.Queue, MaxSeen, CL_TRUE, 0, Slots * 4, V.data(), 0, nullptr,
                              nullptr),
          "read");
    Seen = *std::max_element(V.begin(), V.end());
    int Zero = 0;
    check(clEnqueueFillBuffer(S.Queue, MaxSeen, &Zero, 4, 0, Slots * 4, 0, nullptr, nullptr),
          "fill");
    return Seen > 0;
  }
};

/// clock.cl: the SM clock (MHz, median over work-groups) of a busy kernel.
struct Clock : Case {
  static const int Groups = 132 * 8;
  cl_mem Out, Cycles, Nanos;
  double Mhz = 0;
  explicit Clock(clbench::Session &S) {
    Out = buffer(S, size_t(Groups) * 256 * 4, nullptr);
    Cycles = buffer(S, Groups * 8, nullptr);
    Nanos = buffer(S, Groups * 8, nullptr);
  }
  bool timed() const override { return false; }
  std::string note() const override { return std::to_string(Mhz); }
  bool setArgs(cl_kernel K, cl_uint Arity, const std::string &) override {
    if (Arity != 4)
      return false;
    int Iters = 200000;
    arg(K, 0, Out), arg(K, 1, Cycles), arg(K, 2, Nanos), arg(K, 3, Iters);
    return true;
  }
  void launch(cl_command_queue Q, cl_kernel K, const std::string &) override {
    size_t G = size_t(Groups) * 256, L = 256;
    // A few launches first: the clock rises with the load.
    for (int I = 0; I < 4; ++I)
      check(clEnqueueNDRangeKernel(Q, K, 1, nullptr, &G, &L, 0, nullptr, nullptr), "launch");
  }
  bool checkAndClear(clbench::Session &S) override {
    std::vector<cl_ulong> C(Groups), N(Groups);
    check(clEnqueueReadBuffer(S.Queue, Cycles, CL_TRUE, 0, Groups * 8, C.data(), 0, nullptr,
                              nullptr),
          "read");
    check(clEnqueueReadBuffer(S.Queue, Nanos, CL_TRUE, 0, Groups * 8, N.data(), 0, nullptr,
                              nullptr),
          "read");
    std::vector<double> M;
    for (int G = 0; G < Groups; ++G)
      if (N[G])
        M.push_back(1e3 * double(C[G]) / double(N[G]));
    std::sort(M.begin(), M.end());
    Mhz = M.empty() ? 0 : M[M.size() / 2];
    return !M.empty();
  }
};

/// Only the kernels of the case are timed from a PTX file of the whole CUDA
/// twin (nvcc -ptx of compute.cu holds every compute kernel).
bool wantedKernel(const std::string &CaseName, const std::string &Kernel) {
  if (CaseName == "sma")
    return Kernel.find("smaTiled") == std::string::npos &&
           Kernel.find("partials") == std::string::npos &&
           Kernel.find("total") == std::string::npos && Kernel.find("tiled") == std::string::npos;
  if (CaseName == "residency")
    return Kernel.find("occ") == 0;
  if (CaseName == "clock")
    return Kernel == "clk";
  if (CaseName == "matmul")
    return Kernel.find("mat") != std::string::npos || Kernel.find("tiled") != std::string::npos ||
           Kernel.find("locked") != std::string::npos;
  return Kernel.find("nbody") != std::string::npos;
}

} // namespace

/// PROBE_CUDA_CTX=1: the process also holds a CUDA context on the first
/// GPU (through libcuda, loaded here), made before any OpenCL call: does
/// NVIDIA's OpenCL run faster beside one?
void *cudaContextIfAsked() {
  const char *E = std::getenv("PROBE_CUDA_CTX");
  if (!E || std::strcmp(E, "1"))
    return nullptr;
  void *Lib = dlopen("libcuda.so.1", RTLD_NOW);
  if (!Lib) {
    std::fprintf(stderr, "no libcuda.so.1\n");
    return nullptr;
  }
  using InitFn = int (*)(unsigned);
  using DeviceGetFn = int (*)(int *, int);
  using RetainFn = int (*)(void **, int);
  using SetCurrentFn = int (*)(void *);
  auto Init = (InitFn)dlsym(Lib, "cuInit");
  auto DeviceGet = (DeviceGetFn)dlsym(Lib, "cuDeviceGet");
  auto Retain = (RetainFn)dlsym(Lib, "cuDevicePrimaryCtxRetain");
  auto SetCurrent = (SetCurrentFn)dlsym(Lib, "cuCtxSetCurrent");
  int Dev = 0;
  void *Ctx = nullptr;
  if (!Init || !DeviceGet || !Retain || !SetCurrent || Init(0) || DeviceGet(&Dev, 0) ||
      Retain(&Ctx, Dev) || SetCurrent(Ctx)) {
    std::fprintf(stderr, "no CUDA context\n");
    return nullptr;
  }
  std::fprintf(stderr, "holding a CUDA context\n");
  return Ctx;
}

int main(int Argc, char **Argv) {
  if (Argc < 3) {
    std::fprintf(stderr, "usage: %s sma|matmul|nbody|residency FILE[=OPTIONS]...\n", Argv[0]);
    return 2;
  }
  std::string CaseName = Argv[1];
  void *CudaCtx = cudaContextIfAsked();
  (void)CudaCtx;
  clbench::Session S(firstGpu());
  std::unique_ptr<Case> C;
  if (CaseName == "sma")
    C.reset(new Sma(S));
  else if (CaseName == "matmul")
    C.reset(new Matmul(S));
  else if (CaseName == "residency")
    C.reset(new Occupancy(S));
  else if (CaseName == "clock")
    C.reset(new Clock(S));
  else
    C.reset(new Nbody(S));
  int Failures = 0;
  for (int A = 2; A < Argc; ++A) {
    std::string Spec = Argv[A], File = Spec, Options;
    size_t Eq = Spec.find('=');
    if (Eq != std::string::npos)
      File = Spec.substr(0, Eq), Options = Spec.substr(Eq + 1);
    std::string Tag = CaseName + "-" + baseName(File) + (Options.empty() ? "" : "-opts" + std::to_string(A));
    cl_program P = build(S, File, Options, Tag);
    if (!P) {
      std::printf("%s,%s,(build failed),,no\n", CaseName.c_str(), Spec.c_str());
      ++Failures;
      continue;
    }
    cl_uint NK = 0;
    check(clCreateKernelsInProgram(P, 0, nullptr, &NK), "clCreateKernelsInProgram");
    std::vector<cl_kernel> Ks(NK);
    check(clCreateKernelsInProgram(P, NK, Ks.data(), nullptr), "clCreateKernelsInProgram");
    for (cl_kernel K : Ks) {
      char Name[256] = {0};
      cl_uint Arity = 0;
      clGetKernelInfo(K, CL_KERNEL_FUNCTION_NAME, sizeof Name, Name, nullptr);
      clGetKernelInfo(K, CL_KERNEL_NUM_ARGS, sizeof Arity, &Arity, nullptr);
      size_t Reqd[3] = {0, 0, 0};
      clGetKernelWorkGroupInfo(K, S.Dev, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof Reqd, Reqd,
                               nullptr);
      if (!wantedKernel(CaseName, Name) || (Reqd[0] && Reqd[0] != C->local0()) ||
          !C->setArgs(K, Arity, Name)) {
        clReleaseKernel(K);
        continue;
      }
      // PROBE_ONCE: one launch, untimed (under ncu, which replays it).
      double Ms = 0;
      if (std::getenv("PROBE_ONCE") || !C->timed()) {
        C->launch(S.Queue, K, Name);
        check(clFinish(S.Queue), "clFinish");
      } else {
        Ms = timeLaunches(S.Queue, [&] { C->launch(S.Queue, K, Name); });
      }
      bool Ok = C->checkAndClear(S);
      Failures += !Ok;
      std::string Value = C->timed() ? std::to_string(Ms) : C->note();
      std::printf("%s,%s,%s,%s,%s\n", CaseName.c_str(), Spec.c_str(), Name, Value.c_str(),
                  Ok ? "yes" : "no");
      std::fflush(stdout);
      clReleaseKernel(K);
    }
    clReleaseProgram(P);
  }
  return Failures ? 1 : 0;
}
