// What NVIDIA's OpenCL driver lets overlap, measured with plain OpenCL (no
// ampcc runtime in between), so that the runtime's choices rest on facts:
//  - host-to-device bandwidth from page-locked memory, one GPU alone and
//    two at once (one context for both, or a context each);
//  - whether a copy on one queue runs while a kernel runs on another queue
//    of the same GPU (blocking and non-blocking writes, and reads).
// Build: clang++ -O2 -std=c++17 transfer-probe.cpp -lOpenCL -lpthread
// Run:   ./transfer-probe [MiB]   (the copy size, default 1024)
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <thread>
#include <vector>

namespace {

double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

void check(cl_int Err, const char *What) {
  if (Err != CL_SUCCESS) {
    std::fprintf(stderr, "%s failed: %d\n", What, Err);
    std::exit(1);
  }
}

const char *SpinSource = R"(
__kernel void spin(__global float *P, int Iters) {
  size_t I = get_global_id(0);
  float X = P[I];
  for (int K = 0; K < Iters; ++K)
    X = X * 0.99999f + 0.00001f;
  P[I] = X;
}
)";

/// A page-locked host block: a CL_MEM_ALLOC_HOST_PTR buffer, mapped.
struct Pinned {
  cl_mem Mem = nullptr;
  void *Ptr = nullptr;
};

Pinned pinned(cl_context Ctx, cl_command_queue Q, size_t Bytes) {
  cl_int Err;
  Pinned P;
  P.Mem = clCreateBuffer(Ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, Bytes,
                         nullptr, &Err);
  check(Err, "clCreateBuffer (pinned)");
  P.Ptr = clEnqueueMapBuffer(Q, P.Mem, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0,
                             Bytes, 0, nullptr, nullptr, &Err);
  check(Err, "clEnqueueMapBuffer");
  std::memset(P.Ptr, 1, Bytes);
  return P;
}

cl_mem deviceBuffer(cl_context Ctx, size_t Bytes) {
  cl_int Err;
  cl_mem M = clCreateBuffer(Ctx, CL_MEM_READ_WRITE, Bytes, nullptr, &Err);
  check(Err, "clCreateBuffer");
  return M;
}

cl_command_queue queue(cl_context Ctx, cl_device_id Dev) {
  cl_int Err;
  cl_command_queue Q = clCreateCommandQueue(Ctx, Dev, 0, &Err);
  check(Err, "clCreateCommandQueue");
  return Q;
}

/// Best of three wall times of F (seconds).
double best(const std::function<void()> &F) {
  double B = 1e30;
  for (int R = 0; R < 3; ++R) {
    double T0 = now();
    F();
    B = std::min(B, now() - T0);
  }
  return B;
}

void write(cl_command_queue Q, cl_mem M, const void *Src, size_t Bytes) {
  check(clEnqueueWriteBuffer(Q, M, CL_TRUE, 0, Bytes, Src, 0, nullptr, nullptr),
        "clEnqueueWriteBuffer");
}

void report(const char *What, double Seconds, size_t Bytes) {
  std::printf("%-62s %8.1f ms %7.1f GB/s\n", What, Seconds * 1e3,
              Bytes / Seconds / 1e9);
}

} // namespace

int main(int argc, char **argv) {
  size_t Bytes = size_t(argc > 1 ? std::atoi(argv[1]) : 1024) << 20;
  cl_platform_id Plat;
  check(clGetPlatformIDs(1, &Plat, nullptr), "clGetPlatformIDs");
  cl_uint N = 0;
  check(clGetDeviceIDs(Plat, CL_DEVICE_TYPE_ALL, 0, nullptr, &N), "clGetDeviceIDs");
  std::vector<cl_device_id> Devs(N);
  check(clGetDeviceIDs(Plat, CL_DEVICE_TYPE_ALL, N, Devs.data(), nullptr),
        "clGetDeviceIDs");
  std::printf("%u GPU(s); copies of %zu MiB\n", N, Bytes >> 20);
  cl_int Err;

  // --- Bandwidth: one context holding every GPU.
  cl_context Shared = clCreateContext(nullptr, N, Devs.data(), nullptr, nullptr, &Err);
  check(Err, "clCreateContext");
  std::vector<cl_command_queue> Q;
  std::vector<cl_mem> Dst;
  for (cl_uint D = 0; D < N; ++D) {
    Q.push_back(queue(Shared, Devs[D]));
    Dst.push_back(deviceBuffer(Shared, Bytes));
  }
  Pinned P0 = pinned(Shared, Q[0], Bytes);
  report("one GPU, host to device", best([&] { write(Q[0], Dst[0], P0.Ptr, Bytes); }),
         Bytes);
  std::vector<char> Pageable(Bytes, 1);
  report("one GPU, host to device from pageable memory",
         best([&] { write(Q[0], Dst[0], Pageable.data(), Bytes); }), Bytes);
  if (N > 1) {
    report("GPUs one after the other, one pinned block", best([&] {
             for (cl_uint D = 0; D < N; ++D)
               write(Q[D], Dst[D], P0.Ptr, Bytes);
           }),
           N * Bytes);
    report("GPUs at once (a thread each), one context, one pinned block",
           best([&] {
             std::vector<std::thread> T;
             for (cl_uint D = 0; D < N; ++D)
               T.emplace_back([&, D] { write(Q[D], Dst[D], P0.Ptr, Bytes); });
             for (auto &X : T)
               X.join();
           }),
           N * Bytes);
    std::vector<Pinned> Own;
    for (cl_uint D = 0; D < N; ++D)
      Own.push_back(pinned(Shared, Q[D], Bytes));
    report("GPUs at once, one context, a pinned block each", best([&] {
             std::vector<std::thread> T;
             for (cl_uint D = 0; D < N; ++D)
               T.emplace_back([&, D] { write(Q[D], Dst[D], Own[D].Ptr, Bytes); });
             for (auto &X : T)
               X.join();
           }),
           N * Bytes);
    report("GPUs at once, one thread, non-blocking writes", best([&] {
             for (cl_uint D = 0; D < N; ++D)
               check(clEnqueueWriteBuffer(Q[D], Dst[D], CL_FALSE, 0, Bytes,
                                          Own[D].Ptr, 0, nullptr, nullptr),
                     "clEnqueueWriteBuffer");
             for (cl_uint D = 0; D < N; ++D)
               clFlush(Q[D]);
             for (cl_uint D = 0; D < N; ++D)
               clFinish(Q[D]);
           }),
           N * Bytes);
    // A context per GPU, each with its own pinned block.
    std::vector<cl_context> Ctx;
    std::vector<cl_command_queue> QS;
    std::vector<cl_mem> DS;
    std::vector<Pinned> PS;
    for (cl_uint D = 0; D < N; ++D) {
      Ctx.push_back(clCreateContext(nullptr, 1, &Devs[D], nullptr, nullptr, &Err));
      check(Err, "clCreateContext");
      QS.push_back(queue(Ctx[D], Devs[D]));
      DS.push_back(deviceBuffer(Ctx[D], Bytes));
      PS.push_back(pinned(Ctx[D], QS[D], Bytes));
    }
    report("GPUs at once, a context and a pinned block each", best([&] {
             std::vector<std::thread> T;
             for (cl_uint D = 0; D < N; ++D)
               T.emplace_back([&, D] { write(QS[D], DS[D], PS[D].Ptr, Bytes); });
             for (auto &X : T)
               X.join();
           }),
           N * Bytes);
    report("GPU 0 to GPU 1, clEnqueueCopyBuffer in the shared context",
           best([&] {
             check(clEnqueueCopyBuffer(Q[1], Dst[0], Dst[1], 0, 0, Bytes, 0,
                                       nullptr, nullptr),
                   "clEnqueueCopyBuffer");
             clFinish(Q[1]);
           }),
           Bytes);
  }

  // --- Overlap on GPU 0: a kernel on queue K, copies on queue C.
  cl_command_queue K = Q[0], C = queue(Shared, Devs[0]);
  cl_program Prog = clCreateProgramWithSource(Shared, 1, &SpinSource, nullptr, &Err);
  check(Err, "clCreateProgramWithSource");
  check(clBuildProgram(Prog, 1, &Devs[0], "", nullptr, nullptr), "clBuildProgram");
  cl_kernel Spin = clCreateKernel(Prog, "spin", &Err);
  check(Err, "clCreateKernel");
  size_t Items = size_t(1) << 20;
  cl_mem Work = deviceBuffer(Shared, Items * sizeof(float));
  check(clEnqueueFillBuffer(K, Work, "\0\0\0\0", 4, 0, Items * sizeof(float), 0,
                            nullptr, nullptr),
        "clEnqueueFillBuffer");
  auto runSpin = [&](int Iters) {
    clSetKernelArg(Spin, 0, sizeof(cl_mem), &Work);
    clSetKernelArg(Spin, 1, sizeof(int), &Iters);
    check(clEnqueueNDRangeKernel(K, Spin, 1, nullptr, &Items, nullptr, 0,
                                 nullptr, nullptr),
          "clEnqueueNDRangeKernel");
    clFlush(K);
  };
  // About 200 ms of kernel.
  int Iters = 20000;
  double T0 = now();
  runSpin(Iters);
  clFinish(K);
  double One = now() - T0;
  Iters = int(Iters * 0.2 / One);
  double Kernel = best([&] { runSpin(Iters); clFinish(K); });
  double Write = best([&] { write(C, Dst[0], P0.Ptr, Bytes); });
  double Read = best([&] {
    check(clEnqueueReadBuffer(C, Dst[0], CL_TRUE, 0, Bytes, P0.Ptr, 0, nullptr,
                              nullptr),
          "clEnqueueReadBuffer");
  });
  std::printf("kernel alone %.1f ms, write alone %.1f ms, read alone %.1f ms\n",
              Kernel * 1e3, Write * 1e3, Read * 1e3);
  auto overlapped = [&](const char *What, const std::function<void()> &Copy) {
    double CopyTime = 0;
    double Both = best([&] {
      runSpin(Iters);
      double S = now();
      Copy();
      CopyTime = now() - S;
      clFinish(K);
    });
    std::printf("%-50s both %.1f ms (copy returned after %.1f ms; "
                "serial would be %.1f)\n",
                What, Both * 1e3, CopyTime * 1e3, (Kernel + Write) * 1e3);
  };
  overlapped("blocking write on queue C during kernel on K",
             [&] { write(C, Dst[0], P0.Ptr, Bytes); });
  overlapped("non-blocking write + clFinish(C) during kernel", [&] {
    check(clEnqueueWriteBuffer(C, Dst[0], CL_FALSE, 0, Bytes, P0.Ptr, 0, nullptr,
                               nullptr),
          "clEnqueueWriteBuffer");
    clFinish(C);
  });
  overlapped("non-blocking write + clWaitForEvents during kernel", [&] {
    cl_event E;
    check(clEnqueueWriteBuffer(C, Dst[0], CL_FALSE, 0, Bytes, P0.Ptr, 0, nullptr,
                               &E),
          "clEnqueueWriteBuffer");
    clFlush(C);
    clWaitForEvents(1, &E);
    clReleaseEvent(E);
  });
  overlapped("blocking read on queue C during kernel", [&] {
    check(clEnqueueReadBuffer(C, Dst[0], CL_TRUE, 0, Bytes, P0.Ptr, 0, nullptr,
                              nullptr),
          "clEnqueueReadBuffer");
  });
  if (N > 1) {
    overlapped("blocking write to GPU 1 during kernel on GPU 0",
               [&] { write(Q[1], Dst[1], P0.Ptr, Bytes); });
  }
  return 0;
}
