// work-group-regions.c - PoCL 3.1 aborts forming the parallel regions of a
// kernel whose barrier sits in a loop after an inner loop with a
// data-dependent exit or a conditional store.
//
// PoCL runs a work-group on a CPU by turning the code between barriers
// into loops over the work-items ("parallel regions"). Each kernel below
// is valid OpenCL C 1.2 (the barrier is reached by every work-item the
// same number of times) and makes PoCL 3.1's region builder fail one of
// its own assertions while the kernel is compiled for its first launch:
// the process aborts. Random C++ AMP programs found them (docs/reliability.md:
// seed 7360 of format 4 and a variant met while reducing it; seed 44361 of
// format 6, the third); the host backend, CUDA and NVIDIA's OpenCL run the
// same programs correctly, PoCL too with -cl-opt-disable. Each
// kernel is built and launched in a child process, so one abort does not
// hide the other.
//
// Build and run: cc bench/pocl-bugs/work-group-regions.c -lOpenCL -o w && ./w
// (exit status 1 when some kernel aborted the compiler, else 0).
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *const Kernels[][2] = {
    {"loop exit through a helper's ?:",
     "int r_sub(int a, int b) {\n"
     "  return ((b && a > b) || (b > 2147483647 - b)) ?: -b;\n"
     "}\n"
     "void phase(int *st, int ext, __global int *data) {\n"
     "  while (r_sub(ext, *st))\n"
     "    *st = *data;\n"
     "}\n"
     "__kernel void k(__global int *data, int ext) {\n"
     "  int st = 0;\n"
     "  for (int it = 0; it < 2; ++it) {\n"
     "    phase(&st, ext, data);\n"
     "    barrier(CLK_GLOBAL_MEM_FENCE);\n"
     "  }\n"
     "}\n"},
    {"loop exit on a loaded value",
     "void phase(int *st, __global int *data) {\n"
     "  while (*st != 5)\n"
     "    *st = *data;\n"
     "}\n"
     "__kernel void k(__global int *data) {\n"
     "  int st = 0;\n"
     "  for (int it = 0; it < 2; ++it) {\n"
     "    phase(&st, data);\n"
     "    barrier(CLK_GLOBAL_MEM_FENCE);\n"
     "  }\n"
     "}\n"},
    {"conditional store in an inner loop",
     "__kernel void k(__global int *data) {\n"
     "  for (int it = 0; it < 2; ++it) {\n"
     "    for (int i = 0; i < 2; ++i)\n"
     "      if (data[i] != 5)\n"
     "        data[0] = 5;\n"
     "    barrier(CLK_GLOBAL_MEM_FENCE);\n"
     "  }\n"
     "}\n"},
};

/// Builds SOURCE and launches its kernel k once (one work-item, its data
/// two 5s, so every loop ends): 0 when it ran.
static int buildAndLaunch(const char *Source) {
  cl_platform_id P;
  cl_device_id D;
  cl_int E;
  if (clGetPlatformIDs(1, &P, 0) || clGetDeviceIDs(P, CL_DEVICE_TYPE_ALL, 1, &D, 0))
    return 2;
  cl_context C = clCreateContext(0, 1, &D, 0, 0, &E);
  cl_command_queue Q = clCreateCommandQueue(C, D, 0, &E);
  cl_program Prog = clCreateProgramWithSource(C, 1, &Source, 0, &E);
  if (clBuildProgram(Prog, 1, &D, "", 0, 0))
    return 3;
  cl_kernel K = clCreateKernel(Prog, "k", &E);
  int Five = 5, Fives[2] = {5, 5};
  cl_mem Data = clCreateBuffer(C, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof Fives,
                               Fives, &E);
  cl_uint NumArgs;
  clGetKernelInfo(K, CL_KERNEL_NUM_ARGS, sizeof NumArgs, &NumArgs, 0);
  clSetKernelArg(K, 0, sizeof Data, &Data);
  if (NumArgs > 1) // ext: r_sub(5, 0) is 0
    clSetKernelArg(K, 1, sizeof Five, &Five);
  size_t One1 = 1;
  E = clEnqueueNDRangeKernel(Q, K, 1, 0, &One1, &One1, 0, 0, 0);
  return E || clFinish(Q) ? 4 : 0;
}

int main(void) {
  int Aborted = 0;
  for (unsigned I = 0; I < sizeof Kernels / sizeof Kernels[0]; ++I) {
    fflush(stdout);
    pid_t Child = fork();
    if (Child == 0)
      _exit(buildAndLaunch(Kernels[I][1]));
    int Status = 0;
    waitpid(Child, &Status, 0);
    if (WIFSIGNALED(Status)) {
      printf("%-36s the OpenCL compiler died (signal %d)\n", Kernels[I][0], WTERMSIG(Status));
      Aborted = 1;
    } else {
      printf("%-36s %s\n", Kernels[I][0],
             WEXITSTATUS(Status) ? "failed to build or run" : "ran");
    }
  }
  return Aborted;
}
