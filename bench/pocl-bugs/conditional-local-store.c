// conditional-local-store.c - PoCL 3.1 loses a conditional store to
// __local memory that another work-item reads after a barrier.
//
// Each of the 8 work-items of a 2x2x2 group writes its value into a[wi]
// and b[7 - wi], then sets b[7 - wi] to 0 under a condition that is true
// for every work-item whose z id is 0 (and data-dependent for the others);
// after a barrier each writes a[wi] | b[wi]. Optimised, the work-items
// with z id 1 (but wi 4) read b[wi] as if the zeroing store of work-item
// 7 - wi had not happened; with -cl-opt-disable every value is right.
// The kernel is valid OpenCL C 1.2: no race (each slot has one writer
// before the barrier), every value defined (checked as C under UBSan).
// It fails only with the one-byte volatile reads of the two __local arrays
// that ampcc prints after every tile_static declaration (the workaround of
// docs/pocl-bugs.md's first section); without them, or with the condition
// spelled without the comparison of a bool with the z id, it is right.
// Random C++ AMP programs found it (docs/reliability.md: seed 31186 of
// format 5, unit 1, reduced from the OpenCL C ampcc printed for it); the
// host backend, CUDA and NVIDIA's OpenCL run that program correctly.
//
// Build and run: cc bench/pocl-bugs/conditional-local-store.c -lOpenCL -o s && ./s
// (exit status 1 when some spelling gave a wrong value, else 0).
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>

#define HELPERS                                                                             \
  "int r_add(int a, int b) {\n"                                                             \
  "  return ((b > 0 && a > 2147483647 - b) || (b < 0 && a < -2147483647 - 1 - b)) ? a : a + b;\n" \
  "}\n"                                                                                     \
  "int r_shl(int a, int b) {\n"                                                             \
  "  return (a < 0 || b < 0 || b >= 31 || a > (2147483647 >> b)) ? a : a << b;\n"          \
  "}\n"
#define VOLATILE_READ(X) "  (void)*(volatile __local uchar *)&" X ";\n"
#define KERNEL(READ_A, READ_B, COND)                                                        \
  HELPERS                                                                                   \
  "__kernel void k(__global uint *data, uint c) {\n"                                        \
  "  int l0 = get_local_id(2), l1 = get_local_id(1), l2 = get_local_id(0);\n"               \
  "  int g0 = get_global_id(2), g1 = get_global_id(1), g2 = get_global_id(0);\n"            \
  "  __local uint a[8];\n" READ_A                                                           \
  "  __local uint b[8];\n" READ_B                                                           \
  "  int wi = (l0 * 2 + l1) * 2 + l2;\n"                                                    \
  "  int i = 24 + g0 * 20 + g1 * 4 + g2;\n"                                                 \
  "  a[wi] = data[i];\n"                                                                    \
  "  b[7 - wi] = data[i];\n"                                                                \
  "  int st = r_add(g2, a[wi]);\n"                                                          \
  "  st ^= r_add(r_shl(g1, wi), l0);\n"                                                     \
  "  if (" COND ")\n"                                                                       \
  "    b[7 - wi] = 0;\n"                                                                    \
  "  barrier(CLK_LOCAL_MEM_FENCE);\n"                                                       \
  "  if ((st | l2) != 0)\n"                                                                 \
  "    data[i] = a[wi] | b[wi];\n"                                                          \
  "}\n"
#define COND_BOOL "(0 < (c >> (b[7 - wi] & 31u))) >= g0"
#define COND_OR "g0 == 0 || (c >> (b[7 - wi] & 31u)) != 0"

static const char *const Spellings[][2] = {
    {"as ampcc prints it", KERNEL(VOLATILE_READ("a"), VOLATILE_READ("b"), COND_BOOL)},
    {"without the volatile reads", KERNEL("", "", COND_BOOL)},
    {"condition with ||", KERNEL(VOLATILE_READ("a"), VOLATILE_READ("b"), COND_OR)},
};

enum { N = 60 };
static const unsigned C = 2;

static unsigned long long next(unsigned long long *X) {
  *X ^= *X >> 12;
  *X ^= *X << 25;
  *X ^= *X >> 27;
  return *X * 2685821657736338717ull;
}

/// The program's data (randamp's fill of seed 31186's unit 1).
static void fill(unsigned *V) {
  unsigned long long X = 520292981u * 0x9E3779B97F4A7C15ull + 1;
  for (int I = 0; I < N; ++I)
    V[I] = (unsigned)(next(&X) % 300);
}

static int r_add(int A, int B) {
  return ((B > 0 && A > 2147483647 - B) || (B < 0 && A < -2147483647 - 1 - B)) ? A : A + B;
}
static int r_shl(int A, int B) {
  return (A < 0 || B < 0 || B >= 31 || A > (2147483647 >> B)) ? A : A << B;
}

/// The kernel on the host, one group after another.
static void reference(unsigned *D) {
  for (int B1 = 0; B1 < 4; B1 += 2)
    for (int B2 = 0; B2 < 4; B2 += 2) {
      unsigned A[8], B[8];
      int St[8], Idx[8];
      for (int Wi = 0; Wi < 8; ++Wi) {
        int L0 = Wi / 4, L1 = Wi / 2 % 2, L2 = Wi % 2, G0 = L0, G1 = B1 + L1, G2 = B2 + L2;
        Idx[Wi] = 24 + G0 * 20 + G1 * 4 + G2;
        A[Wi] = D[Idx[Wi]];
        B[7 - Wi] = D[Idx[Wi]];
        St[Wi] = r_add(G2, (int)A[Wi]) ^ r_add(r_shl(G1, Wi), L0);
        if ((0 < (C >> (B[7 - Wi] & 31u))) >= G0)
          B[7 - Wi] = 0;
      }
      for (int Wi = 0; Wi < 8; ++Wi)
        if ((St[Wi] | (Wi % 2)) != 0)
          D[Idx[Wi]] = A[Wi] | B[Wi];
    }
}

/// Runs \p Src built with \p Opts; returns how many elements are wrong, or
/// -1 when it could not run.
static int wrong(cl_context Ctx, cl_device_id Dev, cl_command_queue Q, const char *Src,
                 const char *Opts, const unsigned *Want) {
  cl_int E;
  cl_program P = clCreateProgramWithSource(Ctx, 1, &Src, NULL, &E);
  if (E != CL_SUCCESS || clBuildProgram(P, 1, &Dev, Opts, NULL, NULL) != CL_SUCCESS)
    return -1;
  cl_kernel K = clCreateKernel(P, "k", &E);
  unsigned D[N];
  fill(D);
  cl_mem M = clCreateBuffer(Ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof D, D, &E);
  clSetKernelArg(K, 0, sizeof M, &M);
  clSetKernelArg(K, 1, sizeof C, &C);
  size_t Global[3] = {4, 4, 2}, Local[3] = {2, 2, 2};
  int Wrong = -1;
  if (clEnqueueNDRangeKernel(Q, K, 3, NULL, Global, Local, 0, NULL, NULL) == CL_SUCCESS &&
      clEnqueueReadBuffer(Q, M, CL_TRUE, 0, sizeof D, D, 0, NULL, NULL) == CL_SUCCESS) {
    Wrong = 0;
    for (int I = 0; I < N; ++I)
      Wrong += D[I] != Want[I];
  }
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
  printf("%s, driver %s; 32 work-items in groups of 2x2x2, 60 values\n", Name, Version);
  unsigned Want[N];
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
