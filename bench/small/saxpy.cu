// saxpy-amp.cpp in CUDA, for the whole-run comparison on the GPU machine.
// Build: nvcc -O3 -arch=sm_90 saxpy.cu -o saxpy-cuda
#include <cstdio>
#include <cuda_runtime.h>
#include <vector>

__global__ void saxpy(const float *X, float *Y, float A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Y[I] = A * X[I] + Y[I];
}

int main() {
  const int N = 1 << 20;
  const float A = 2.0f;
  std::vector<float> X(N), Y(N);
  for (int I = 0; I < N; ++I) {
    X[I] = float(I % 1000);
    Y[I] = float(I % 777);
  }
  float *DX, *DY;
  cudaMalloc((void **)&DX, N * 4);
  cudaMalloc((void **)&DY, N * 4);
  cudaMemcpy(DX, X.data(), N * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(DY, Y.data(), N * 4, cudaMemcpyHostToDevice);
  saxpy<<<(N + 255) / 256, 256>>>(DX, DY, A, N);
  cudaMemcpy(Y.data(), DY, N * 4, cudaMemcpyDeviceToHost);
  for (int I = 0; I < N; ++I)
    if (Y[I] != A * float(I % 1000) + float(I % 777)) {
      std::printf("wrong at %d\n", I);
      return 1;
    }
  std::printf("correct\n");
  return 0;
}
