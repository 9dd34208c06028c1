// The SM clock a busy kernel runs at under NVIDIA's OpenCL (issue 31 item
// 3: compute-bound kernels, nvcc's own PTX included, ran 1.12-1.25x slower
// through OpenCL than through CUDA). Every item runs a chain of FMAs;
// each group's first item reads the SM's cycle counter (%clock64) and the
// global nanosecond timer (%globaltimer) around it. probe.cpp prints the
// median of cycles / nanoseconds in MHz; carveout.cu's clk is the same
// kernel under CUDA.
__kernel void clk(__global float *out, __global ulong *cycles, __global ulong *nanos,
                  int iters) {
  ulong c0, t0, c1, t1;
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(c0));
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  float a = get_global_id(0) * 1e-7f, b = 1.0000001f, c = 1e-7f;
  for (int i = 0; i < iters; ++i) {
    a = fma(a, b, c);
    b = fma(b, a, c);
  }
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(c1));
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t1));
  out[get_global_id(0)] = a + b;
  if (get_local_id(0) == 0) {
    cycles[get_group_id(0)] = c1 - c0;
    nanos[get_group_id(0)] = t1 - t0;
  }
}
