// call-after-barriers.c - PoCL 3.1 gives every work-item of a group the
// values of work-item 0 in a call made after two barriers.
//
// A private variable that work-item 0 alone changes between two barriers
// is passed by address, with the local id (twice) and the global id, to a
// function PoCL does not inline. Optimised, every work-item of the group
// then reads work-item 0's variable and local id in that call and writes
// 100; with -cl-opt-disable each writes its own value (100 for
// work-item 0, 3 * its local id for the others). The other spellings
// below differ in one thing each and are right. Random C++ AMP programs
// found it (docs/reliability.md: seed 44627 of format 6, reduced from the
// OpenCL C ampcc printed for its failing unit); the host backend, CUDA
// and NVIDIA's OpenCL run that program correctly. docs/pocl-bugs.md has
// what was tried.
//
// Build and run: cc bench/pocl-bugs/call-after-barriers.c -lOpenCL -o c && ./c
// (exit status 1 when some spelling gave a wrong value, else 0).
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>

#define USE_NOINLINE                                                                     \
  "__attribute__((noinline)) void use(uint *st, int a, int g, int b, __global uint *out) {\n" \
  "  out[g] = *st + a + b;\n"                                                            \
  "}\n"

static const char *const Spellings[][2] = {
    {"call after two barriers", USE_NOINLINE
     "__kernel void k(__global uint *out) {\n"
     "  int l = get_local_id(0);\n"
     "  uint st = l;\n"
     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  if (l == 0)\n"
     "    st = 100;\n"
     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  use(&st, l, get_global_id(0), l, out);\n"
     "}\n"},
    {"the same, inlined",
     "void use(uint *st, int a, int g, int b, __global uint *out) {\n"
     "  out[g] = *st + a + b;\n"
     "}\n"
     "__kernel void k(__global uint *out) {\n"
     "  int l = get_local_id(0);\n"
     "  uint st = l;\n"
     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  if (l == 0)\n"
     "    st = 100;\n"
     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  use(&st, l, get_global_id(0), l, out);\n"
     "}\n"},
    {"one barrier, after the if", USE_NOINLINE
     "__kernel void k(__global uint *out) {\n"
     "  int l = get_local_id(0);\n"
     "  uint st = l;\n"
     "  if (l == 0)\n"
     "    st = 100;\n"
     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  use(&st, l, get_global_id(0), l, out);\n"
     "}\n"},
    {"global id read in the callee",
     "__attribute__((noinline)) void use(uint *st, int a, int b, __global uint *out) {\n"
     "  out[get_global_id(0)] = *st + a + b;\n"
     "}\n"
     "__kernel void k(__global uint *out) {\n"
     "  int l = get_local_id(0);\n"
     "  uint st = l;\n"
     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  if (l == 0)\n"
     "    st = 100;\n"
     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  use(&st, l, l, out);\n"
     "}\n"},
};

enum { Items = 48, Group = 16 };

/// Runs \p Src built with \p Opts; returns how many work-items wrote a
/// wrong value, or -1 when it could not run.
static int wrongItems(cl_context Ctx, cl_device_id Dev, cl_command_queue Q,
                      const char *Src, const char *Opts) {
  cl_int E;
  cl_program P = clCreateProgramWithSource(Ctx, 1, &Src, NULL, &E);
  if (E != CL_SUCCESS || clBuildProgram(P, 1, &Dev, Opts, NULL, NULL) != CL_SUCCESS)
    return -1;
  cl_kernel K = clCreateKernel(P, "k", &E);
  cl_mem B = clCreateBuffer(Ctx, CL_MEM_WRITE_ONLY, Items * sizeof(cl_uint), NULL, &E);
  clSetKernelArg(K, 0, sizeof B, &B);
  size_t Global = Items, Local = Group;
  cl_uint Out[Items];
  int Wrong = -1;
  if (clEnqueueNDRangeKernel(Q, K, 1, NULL, &Global, &Local, 0, NULL, NULL) == CL_SUCCESS &&
      clEnqueueReadBuffer(Q, B, CL_TRUE, 0, sizeof Out, Out, 0, NULL, NULL) == CL_SUCCESS) {
    Wrong = 0;
    for (int I = 0; I < Items; ++I) {
      int L = I % Group;
      Wrong += Out[I] != (L == 0 ? 100u : 3u * L);
    }
  }
  clReleaseMemObject(B);
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
  printf("%s, driver %s; %d work-items in groups of %d\n", Name, Version, Items, Group);
  cl_context Ctx = clCreateContext(NULL, 1, &Dev, NULL, NULL, &E);
  cl_command_queue Q = clCreateCommandQueue(Ctx, Dev, 0, &E);
  int Failed = 0;
  for (unsigned S = 0; S < sizeof Spellings / sizeof Spellings[0]; ++S) {
    int Opt = wrongItems(Ctx, Dev, Q, Spellings[S][1], "");
    int NoOpt = wrongItems(Ctx, Dev, Q, Spellings[S][1], "-cl-opt-disable");
    printf("%-30s optimised: %3d wrong   -cl-opt-disable: %3d wrong\n", Spellings[S][0], Opt,
           NoOpt);
    Failed |= Opt != 0 || NoOpt != 0;
  }
  clReleaseCommandQueue(Q);
  clReleaseContext(Ctx);
  return Failed;
}
