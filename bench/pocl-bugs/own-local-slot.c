// own-local-slot.c - PoCL 3.1 gives wrong results for a kernel in which
// each work-item writes a __local int slot of its own and reads it back,
// when another __local array has ampcc's one-byte volatile read.
//
// 24 work-items in groups of 2x2, no barrier: each work-item stores a
// 0-or-1 flag in ts0[wi], reads it back and updates its own element of
// data. The kernel is valid OpenCL C 1.2 (no work-item reads another's
// slot, every value defined: checked as C on the host under UBSan and
// ASan). Optimised, 5 of the 24 elements are wrong; with -cl-opt-disable
// all are right. Each spelling below differs from the first in one thing
// and is right: without the volatile read of ts1, without the store to
// ts1, with the buffer's offset (0 at run time) left out of the base
// pointer, with ts0 a private array.
// Random C++ AMP programs found it (docs/reliability.md: seed 44259 of
// format 6, unit 0, reduced from the OpenCL C ampcc printed for it); the
// host backend, CUDA and NVIDIA's OpenCL run that program correctly.
//
// Build and run: cc bench/pocl-bugs/own-local-slot.c -lOpenCL -o o && ./o
// (exit status 1 when some spelling gave a wrong value, else 0).
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>

#define HELPERS                                                                             \
  "int r_shl(int a, int b) {\n"                                                             \
  "  return (a < 0 || b < 0 || b >= 31 || a > (2147483647 >> b)) ? a : a << b;\n"          \
  "}\n"                                                                                     \
  "int r_div(int a, int b) {\n"                                                             \
  "  return (b == 0 || (a == -2147483647 - 1 && b == -1)) ? a : a / b;\n"                   \
  "}\n"                                                                                     \
  "int r_add(int a, int b) {\n"                                                             \
  "  return ((b > 0 && a > 2147483647 - b) || (b < 0 && a < -2147483647 - 1 - b)) ? a : a + b;\n" \
  "}\n"                                                                                     \
  "int r_mul(int a, int b) {\n"                                                             \
  "  return ((a > 0 && b > 0 && a > 2147483647 / b) || (a > 0 && b <= 0 && b < (-2147483647 - 1) / a) ||\n" \
  "          (a <= 0 && b > 0 && a < (-2147483647 - 1) / b) || (a < 0 && b < 0 && b < 2147483647 / a)) ? a : a * b;\n" \
  "}\n"
#define KERNEL(BASE, TS0, READ, STORE)                                                      \
  HELPERS                                                                                   \
  "__kernel void k(__global int *data, int off, int stride, int n, int c0, __global int *sink) {\n" \
  "  __global int *base = " BASE ";\n"                                                      \
  "  " TS0 " int ts0[4];\n"                                                                 \
  "  __local int ts1[4];\n"                                                                 \
  READ                                                                                      \
  "  int l0 = get_local_id(1), g0 = get_global_id(1);\n"                                    \
  "  int l1 = get_local_id(0), g1 = get_global_id(0);\n"                                    \
  "  int wi = l0 * 2 + l1;\n"                                                               \
  "  int o = g0 * stride + g1;\n"                                                           \
  "#define X (*((uint)o + (uint)off < (uint)n ? base + o : sink))\n"                        \
  STORE                                                                                     \
  "  ts0[wi] = r_shl(c0 & X, ~g0) != 0 && l0 > r_div(X, g1 - X);\n"                         \
  "  X = r_add(X, ~l0);\n"                                                                  \
  "  X &= g0 - !ts0[wi];\n"                                                                 \
  "  X = X - r_mul(X, -1073741824) / -358;\n"                                               \
  "}\n"
#define BASE_OFF "(__global int *)((ulong)data + (ulong)(long)off * sizeof(int))"
#define READ "  (void)*(volatile __local uchar *)&ts1;\n"
#define STORE "  ts1[wi] = 1;\n"

static const char *const Spellings[][2] = {
    {"as reduced", KERNEL(BASE_OFF, "__local", READ, STORE)},
    {"without the volatile read", KERNEL(BASE_OFF, "__local", "", STORE)},
    {"without the store to ts1", KERNEL(BASE_OFF, "__local", READ, "")},
    {"base pointer without off", KERNEL("data", "__local", READ, STORE)},
    {"ts0 private", KERNEL(BASE_OFF, "__private", READ, STORE)},
};

enum { N = 24, Stride = 6 };
static const int C0 = -1574719723;

static unsigned long long next(unsigned long long *X) {
  *X ^= *X >> 12;
  *X ^= *X << 25;
  *X ^= *X >> 27;
  return *X * 2685821657736338717ull;
}

/// The program's data (randamp's fill of seed 44259's unit 0).
static void fill(int *V) {
  unsigned long long X = 87086202u * 0x9E3779B97F4A7C15ull + 1;
  for (int I = 0; I < N; ++I)
    V[I] = (int)(unsigned)next(&X);
}

static int r_shl(int A, int B) {
  return (A < 0 || B < 0 || B >= 31 || A > (2147483647 >> B)) ? A : A << B;
}
static int r_div(int A, int B) { return (B == 0 || (A == -2147483647 - 1 && B == -1)) ? A : A / B; }
static int r_add(int A, int B) {
  return ((B > 0 && A > 2147483647 - B) || (B < 0 && A < -2147483647 - 1 - B)) ? A : A + B;
}
static int r_mul(int A, int B) {
  return ((A > 0 && B > 0 && A > 2147483647 / B) || (A > 0 && B <= 0 && B < (-2147483647 - 1) / A) ||
          (A <= 0 && B > 0 && A < (-2147483647 - 1) / B) || (A < 0 && B < 0 && B < 2147483647 / A))
             ? A
             : A * B;
}

/// The kernel on the host: each work-item alone (no work-item reads
/// another's slot or element).
static void reference(int *D) {
  for (int G0 = 0; G0 < 4; ++G0)
    for (int G1 = 0; G1 < Stride; ++G1) {
      int L0 = G0 % 2, *X = &D[G0 * Stride + G1];
      int Flag = r_shl(C0 & *X, ~G0) != 0 && L0 > r_div(*X, G1 - *X);
      *X = r_add(*X, ~L0);
      *X &= G0 - !Flag;
      *X = *X - r_mul(*X, -1073741824) / -358;
    }
}

/// Runs \p Src built with \p Opts; returns how many elements are wrong, or
/// -1 when it could not run.
static int wrong(cl_context Ctx, cl_device_id Dev, cl_command_queue Q, const char *Src,
                 const char *Opts, const int *Want) {
  cl_int E;
  cl_program P = clCreateProgramWithSource(Ctx, 1, &Src, NULL, &E);
  if (E != CL_SUCCESS || clBuildProgram(P, 1, &Dev, Opts, NULL, NULL) != CL_SUCCESS)
    return -1;
  cl_kernel K = clCreateKernel(P, "k", &E);
  int D[N], Off = 0, Str = Stride, Num = N;
  fill(D);
  cl_mem M = clCreateBuffer(Ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof D, D, &E);
  cl_mem Sink = clCreateBuffer(Ctx, CL_MEM_READ_WRITE, 64, NULL, &E);
  clSetKernelArg(K, 0, sizeof M, &M);
  clSetKernelArg(K, 1, sizeof Off, &Off);
  clSetKernelArg(K, 2, sizeof Str, &Str);
  clSetKernelArg(K, 3, sizeof Num, &Num);
  clSetKernelArg(K, 4, sizeof C0, &C0);
  clSetKernelArg(K, 5, sizeof Sink, &Sink);
  size_t Global[2] = {Stride, 4}, Local[2] = {2, 2};
  int Wrong = -1;
  if (clEnqueueNDRangeKernel(Q, K, 2, NULL, Global, Local, 0, NULL, NULL) == CL_SUCCESS &&
      clEnqueueReadBuffer(Q, M, CL_TRUE, 0, sizeof D, D, 0, NULL, NULL) == CL_SUCCESS) {
    Wrong = 0;
    for (int I = 0; I < N; ++I)
      Wrong += D[I] != Want[I];
  }
  clReleaseMemObject(Sink);
  clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseProgram(P);
  return Wrong;
}

int main(void) {
  cl_platform_id Platform;
  cl_device_id Dev;
  cl_int E;
  if (clGetPlatformIDs(1, &Platform, NULL) != CL_SUCCESS ||
      clGetDeviceIDs(Platform, CL_DEVICE_TYPE_ALL, 1, &Dev, NULL) != CL_SUCCESS) {
    puts("no OpenCL device");
    return 2;
  }
  char Name[256] = "", Version[256] = "";
  clGetDeviceInfo(Dev, CL_DEVICE_NAME, sizeof Name, Name, NULL);
  clGetDeviceInfo(Dev, CL_DRIVER_VERSION, sizeof Version, Version, NULL);
  printf("%s, driver %s; 24 work-items in groups of 2x2, 24 values\n", Name, Version);
  int Want[N];
  fill(Want);
  reference(Want);
  cl_context Ctx = clCreateContext(NULL, 1, &Dev, NULL, NULL, &E);
  cl_command_queue Q = clCreateCommandQueue(Ctx, Dev, 0, &E);
  int Failed = 0;
  for (unsigned S = 0; S < sizeof Spellings / sizeof Spellings[0]; ++S) {
    int Opt = wrong(Ctx, Dev, Q, Spellings[S][1], "", Want);
    int NoOpt = wrong(Ctx, Dev, Q, Spellings[S][1], "-cl-opt-disable", Want);
    printf("%-28s optimised: %3d wrong   -cl-opt-disable: %3d wrong\n", Spellings[S][0], Opt,
           NoOpt);
    Failed |= Opt != 0 || NoOpt != 0;
  }
  clReleaseCommandQueue(Q);
  clReleaseContext(Ctx);
  return Failed;
}
