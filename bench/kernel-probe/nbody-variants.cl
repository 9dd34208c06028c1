// Variants of the hand-written n-body (bench/harness/nbody.cpp): the
// hardware's reciprocal square root (native_rsqrt, what CUDA's rsqrtf
// compiles to) and the inner loop unrolled by four, as nvcc does.
#define TS 256
__kernel void nbody_native(__global const float *pos, __global float *acc, int n, float eps) {
  __local float p[4 * TS];
  int i = get_global_id(0), l = get_local_id(0);
  float x = pos[4 * i], y = pos[4 * i + 1], z = pos[4 * i + 2];
  float ax = 0.0f, ay = 0.0f, az = 0.0f;
  for (int t = 0; t < n; t += TS) {
    for (int c = 0; c < 4; ++c)
      p[4 * l + c] = pos[4 * (t + l) + c];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int j = 0; j < TS; ++j) {
      float dx = p[4 * j] - x, dy = p[4 * j + 1] - y, dz = p[4 * j + 2] - z;
      float inv = native_rsqrt(dx * dx + dy * dy + dz * dz + eps);
      float s = p[4 * j + 3] * inv * inv * inv;
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  acc[4 * i] = ax;
  acc[4 * i + 1] = ay;
  acc[4 * i + 2] = az;
  acc[4 * i + 3] = 0.0f;
}
__kernel void nbody_unroll4(__global const float *pos, __global float *acc, int n, float eps) {
  __local float p[4 * TS];
  int i = get_global_id(0), l = get_local_id(0);
  float x = pos[4 * i], y = pos[4 * i + 1], z = pos[4 * i + 2];
  float ax = 0.0f, ay = 0.0f, az = 0.0f;
  for (int t = 0; t < n; t += TS) {
    for (int c = 0; c < 4; ++c)
      p[4 * l + c] = pos[4 * (t + l) + c];
    barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll 4
    for (int j = 0; j < TS; ++j) {
      float dx = p[4 * j] - x, dy = p[4 * j + 1] - y, dz = p[4 * j + 2] - z;
      float inv = rsqrt(dx * dx + dy * dy + dz * dz + eps);
      float s = p[4 * j + 3] * inv * inv * inv;
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  acc[4 * i] = ax;
  acc[4 * i + 1] = ay;
  acc[4 * i + 2] = az;
  acc[4 * i + 3] = 0.0f;
}
