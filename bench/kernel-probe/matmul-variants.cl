// Variants of the hand-written matrix multiplies (bench/harness/matmul.cpp)
// that NVIDIA's OpenCL compiler might treat differently from nvcc: inner
// loops unrolled by pragma, and 64-bit row offsets as the CUDA twin writes
// them. Timed by probe.cpp against the twin and the CUDA twin's PTX.
#define TS 16
#define RB 4
#define BS (TS * RB)
__kernel void tiled_unroll(__global const float *A, __global const float *B,
                           __global float *C, int n) {
  __local float As[TS][TS], Bs[TS][TS];
  int row = get_global_id(1), col = get_global_id(0);
  int lr = get_local_id(1), lc = get_local_id(0);
  float sum = 0.0f;
  for (int t = 0; t < n; t += TS) {
    As[lr][lc] = A[row * n + t + lc];
    Bs[lr][lc] = B[(t + lr) * n + col];
    barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
    for (int k = 0; k < TS; ++k)
      sum += As[lr][k] * Bs[k][lc];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[row * n + col] = sum;
}
__kernel void tiled_wide(__global const float *A, __global const float *B,
                         __global float *C, int n) {
  __local float As[TS][TS], Bs[TS][TS];
  int lr = get_local_id(1), lc = get_local_id(0);
  int row = get_group_id(1) * TS + lr, col = get_group_id(0) * TS + lc;
  float sum = 0.0f;
  for (int t = 0; t < n; t += TS) {
    As[lr][lc] = A[(size_t)row * n + t + lc];
    Bs[lr][lc] = B[(size_t)(t + lr) * n + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TS; ++k)
      sum += As[lr][k] * Bs[k][lc];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[(size_t)row * n + col] = sum;
}
__kernel void blocked_unroll(__global const float *A, __global const float *B,
                             __global float *C, int n) {
  __local float As[BS][TS], Bs[TS][BS];
  int ty = get_local_id(1), tx = get_local_id(0);
  int row0 = get_group_id(1) * BS, col0 = get_group_id(0) * BS;
  float acc[RB][RB];
  for (int i = 0; i < RB; ++i)
    for (int j = 0; j < RB; ++j)
      acc[i][j] = 0.0f;
  for (int t = 0; t < n; t += TS) {
    for (int i = 0; i < RB; ++i) {
      As[ty + TS * i][tx] = A[(row0 + ty + TS * i) * n + t + tx];
      Bs[ty][tx + TS * i] = B[(t + ty) * n + col0 + tx + TS * i];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
    for (int k = 0; k < TS; ++k) {
      float a[RB], b[RB];
      for (int i = 0; i < RB; ++i) {
        a[i] = As[ty + TS * i][k];
        b[i] = Bs[k][tx + TS * i];
      }
      for (int i = 0; i < RB; ++i)
        for (int j = 0; j < RB; ++j)
          acc[i][j] += a[i] * b[j];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  for (int i = 0; i < RB; ++i)
    for (int j = 0; j < RB; ++j)
      C[(row0 + ty + TS * i) * n + col0 + tx + TS * j] = acc[i][j];
}
