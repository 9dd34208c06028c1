// local-localised.c - PoCL 3.1 (LLVM 15) makes a __local variable private.
//
// One kernel, four spellings of the same tile-wide broadcast: every
// work-item writes 0 to a __local variable, then after a barrier work-item
// 0 writes its group's number + 100 there, and after a second barrier every
// work-item reads it. Each spelling is built with PoCL's default
// optimisation and with -cl-opt-disable. On PoCL 3.1 the scalar and the
// one-element array read 0 in every work-item but the writer once
// optimised; a volatile read of the variable at the kernel's start (what
// ampcc emits, compiler/lib/CodeGen/FunctionEmitter.cpp) gives the right
// answer. docs/pocl-bugs.md explains the cause.
//
// Build and run: cc bench/pocl-bugs/local-localised.c -lOpenCL -o l && ./l
// (exit status 1 when some spelling read a wrong value, else 0).
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>

static const char *const Spellings[][2] = {
    {"scalar",
     "__kernel void broadcast(__global int *out) {\n"
     "  __local int s;\n"
     "  s = 0;\n"
     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  if (get_local_id(0) == 0)\n"
     "    s = (int)get_group_id(0) + 100;\n"
     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  out[get_global_id(0)] = s;\n"
     "}\n"},
    {"one-element array",
     "__kernel void broadcast(__global int *out) {\n"
     "  __local int s[1];\n"
     "  s[0] = 0;\n"
     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  if (get_local_id(0) == 0)\n"
     "    s[0] = (int)get_group_id(0) + 100;\n"
     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  out[get_global_id(0)] = s[0];\n"
     "}\n"},
    {"volatile scalar",
     "__kernel void broadcast(__global int *out) {\n"
     "  volatile __local int s;\n"
     "  s = 0;\n"
     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  if (get_local_id(0) == 0)\n"
     "    s = (int)get_group_id(0) + 100;\n"
     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  out[get_global_id(0)] = s;\n"
     "}\n"},
    {"scalar + volatile read",
     "__kernel void broadcast(__global int *out) {\n"
     "  __local int s;\n"
     "  (void)*(volatile __local uchar *)&s;\n"
     "  s = 0;\n"
     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  if (get_local_id(0) == 0)\n"
     "    s = (int)get_group_id(0) + 100;\n"
     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     "  out[get_global_id(0)] = s;\n"
     "}\n"},
};

enum { Items = 256, Group = 64 };

/// Runs \p Src built with \p Opts; returns how many work-items read a
/// wrong value, or -1 when it could not run.
static int wrongItems(cl_context Ctx, cl_device_id Dev, cl_command_queue Q,
                      const char *Src, const char *Opts) {
  cl_int E;
  cl_program P = clCreateProgramWithSource(Ctx, 1, &Src, NULL, &E);
  if (E != CL_SUCCESS || clBuildProgram(P, 1, &Dev, Opts, NULL, NULL) != CL_SUCCESS)
    return -1;
  cl_kernel K = clCreateKernel(P, "broadcast", &E);
  cl_mem B = clCreateBuffer(Ctx, CL_MEM_WRITE_ONLY, Items * sizeof(int), NULL, &E);
  clSetKernelArg(K, 0, sizeof B, &B);
  size_t Global = Items, Local = Group;
  int Out[Items];
  int Wrong = -1;
  if (clEnqueueNDRangeKernel(Q, K, 1, NULL, &Global, &Local, 0, NULL, NULL) == CL_SUCCESS &&
      clEnqueueReadBuffer(Q, B, CL_TRUE, 0, sizeof Out, Out, 0, NULL, NULL) == CL_SUCCESS) {
    Wrong = 0;
    for (int I = 0; I < Items; ++I)
      Wrong += Out[I] != I / Group + 100;
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
    printf("%-24s optimised: %3d wrong   -cl-opt-disable: %3d wrong\n", Spellings[S][0],
           Opt, NoOpt);
    Failed |= Opt != 0 || NoOpt != 0;
  }
  clReleaseCommandQueue(Q);
  clReleaseContext(Ctx);
  return Failed;
}
