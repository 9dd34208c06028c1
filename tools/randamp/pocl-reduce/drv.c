/* drv K.cl OPTS PARAM...: builds t3_device_kernel, runs 6 work-items in groups of 3 with zero data;
   exit 0 when it completed, 2 on an OpenCL error; a signal kills it otherwise. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef struct { int off, ext[1], stride[1], n; } S1;
typedef struct { int off, ext[3], stride[3], n; } S3;
static char *slurp(const char *p) {
  FILE *f = fopen(p, "rb"); if (!f) exit(2);
  fseek(f, 0, SEEK_END); long n = ftell(f); rewind(f);
  char *b = calloc(n + 1, 1); if (fread(b, 1, n, f) != (size_t)n) exit(2); fclose(f); return b;
}
#define CK(x) do { cl_int e_ = (x); if (e_) { fprintf(stderr, "%s: %d\n", #x, e_); exit(2); } } while (0)
int main(int argc, char **argv) {
  cl_platform_id pl; cl_device_id dev; cl_int err;
  CK(clGetPlatformIDs(1, &pl, NULL));
  CK(clGetDeviceIDs(pl, CL_DEVICE_TYPE_ALL, 1, &dev, NULL));
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err); CK(err);
  cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err); CK(err);
  const char *src = slurp(argv[1]);
  cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err); CK(err);
  if (clBuildProgram(p, 1, &dev, argv[2], NULL, NULL)) {
    char log[8192] = ""; clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    fprintf(stderr, "build failed:\n%s\n", log); return 2;
  }
  cl_kernel k = clCreateKernel(p, "t3_device_kernel", &err); CK(err);
  static char zero[4096];
  cl_mem in0 = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, 32 * 4, zero, &err); CK(err);
  cl_mem in1 = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, 96 * 8, zero, &err); CK(err);
  cl_mem out0 = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, 8 * 4, zero, &err); CK(err);
  cl_mem at0 = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, 2 * 4, zero, &err); CK(err);
  cl_mem sink = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, 64, zero, &err); CK(err);
  S1 s_in0 = {16, {16}, {1}, 32}, s_out0 = {0, {6}, {1}, 8}, s_at0 = {0, {2}, {1}, 2};
  S3 s_in1 = {0, {3, 2, 8}, {24, 8, 1}, 96};
  int c0 = 1274882641;
  /* argv[3..]: the kernel's parameter names, in order. */
  for (int i = 3; i < argc; ++i) {
    const char *n = argv[i];
    cl_int e;
    if (!strcmp(n, "u3_in0_data")) e = clSetKernelArg(k, i - 3, sizeof in0, &in0);
    else if (!strcmp(n, "u3_in1_data")) e = clSetKernelArg(k, i - 3, sizeof in1, &in1);
    else if (!strcmp(n, "u3_out0_data")) e = clSetKernelArg(k, i - 3, sizeof out0, &out0);
    else if (!strcmp(n, "u3_at0_data")) e = clSetKernelArg(k, i - 3, sizeof at0, &at0);
    else if (!strcmp(n, "ampcc_sink")) e = clSetKernelArg(k, i - 3, sizeof sink, &sink);
    else if (!strcmp(n, "u3_in0_shape")) e = clSetKernelArg(k, i - 3, sizeof s_in0, &s_in0);
    else if (!strcmp(n, "u3_in1_shape")) e = clSetKernelArg(k, i - 3, sizeof s_in1, &s_in1);
    else if (!strcmp(n, "u3_out0_shape")) e = clSetKernelArg(k, i - 3, sizeof s_out0, &s_out0);
    else if (!strcmp(n, "u3_at0_shape")) e = clSetKernelArg(k, i - 3, sizeof s_at0, &s_at0);
    else if (!strcmp(n, "c0")) e = clSetKernelArg(k, i - 3, sizeof c0, &c0);
    else { fprintf(stderr, "unknown parameter %s\n", n); return 2; }
    if (e) { fprintf(stderr, "clSetKernelArg %s: %d\n", n, e); return 2; }
  }
  size_t g = 6, l = 3;
  CK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL));
  CK(clFinish(q));
  int o[8]; CK(clEnqueueReadBuffer(q, out0, CL_TRUE, 0, sizeof o, o, 0, NULL, NULL));
  printf("out0:"); for (int i = 0; i < 8; ++i) printf(" %d", o[i]); printf("\n");
  return 0;
}
