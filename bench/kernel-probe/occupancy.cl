// Work-groups resident on one SM at once under NVIDIA's OpenCL, by the
// local memory a group takes (issue 31 item 3): each group's first item
// counts itself in on its SM (inline PTX reads %smid), holds the SM for
// 20 us, counts itself out; the largest count seen is the residency. The
// same kernel in CUDA is carveout.cu's occ<>. probe.cpp runs it
// ("residency" rows).
#define OCC(NAME, PAD)                                                         \
  __kernel void NAME(__global int *active, __global int *maxseen,              \
                     __global float *sink) {                                   \
    __local float p[PAD];                                                      \
    uint sm;                                                                   \
    asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));                            \
    int l = get_local_id(0);                                                   \
    for (int i = l; i < PAD; i += get_local_size(0))                           \
      p[i] = i;                                                                \
    barrier(CLK_LOCAL_MEM_FENCE);                                              \
    if (l == 0) {                                                              \
      int now = atomic_inc(&active[sm]) + 1;                                   \
      atomic_max(&maxseen[sm], now);                                           \
      ulong t0, t;                                                             \
      asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));                   \
      do                                                                       \
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));                  \
      while (t - t0 < 20000);                                                  \
      atomic_dec(&active[sm]);                                                 \
    }                                                                          \
    barrier(CLK_LOCAL_MEM_FENCE);                                              \
    if (p[(l * 7) % PAD] < -1.0f)                                              \
      sink[0] = 1.0f;                                                          \
  }
OCC(occ_4B, 1)
OCC(occ_2048B, 512)
OCC(occ_4096B, 1024)
OCC(occ_8192B, 2048)
OCC(occ_16384B, 4096)
