// The CUDA twin's untiled moving average with the clamp written as the
// C++ AMP source writes it (a conditional) beside min(): whether nvcc
// compiles the two alike (NVIDIA's OpenCL compiler does not: probe.cpp's
// twin_cond). Built to PTX by run-on-device.sh and timed through OpenCL.
const int W = 64;
extern "C" __global__ void smaCudaMin(const float *In, float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  float Sum = 0.0f;
  for (int K = 0; K < W; ++K)
    Sum += In[min(I + K, N - 1)];
  Out[I] = Sum / W;
}
extern "C" __global__ void smaCudaCond(const float *In, float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  float Sum = 0.0f;
  for (int K = 0; K < W; ++K)
    Sum += In[I + K < N ? I + K : N - 1];
  Out[I] = Sum / W;
}
