// Copy and saxpy (out = a*x + y), one thread an element, 256 a block.
#include "common.cuh"

#include <vector>

namespace {

__global__ void copyKernel(const float *In, float *Out, size_t N) {
  size_t I = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = In[I];
}

__global__ void saxpyKernel(const float *X, const float *Y, float *Out, float A, size_t N) {
  size_t I = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = A * X[I] + Y[I];
}

unsigned blocks(size_t N) { return unsigned((N + 255) / 256); }

} // namespace

void cutwin::runStreaming() {
  size_t N = options().Size.CopyN;
  if (wanted("copy")) {
    std::vector<float> In(N), Out(N);
    cases::fillFloats(In, 1000);
    float *DI = (float *)deviceCopy(In.data(), N * 4), *DO = (float *)deviceCopy(nullptr, N * 4);
    double Ms = timeLaunches([&] { copyKernel<<<blocks(N), 256>>>(DI, DO, N); });
    toHost(Out.data(), DO, N * 4);
    emit("copy", "memory", Ms, 8.0 * N, "GB/s", 8LL * N, Out == In);
    CU(cudaFree(DI));
    CU(cudaFree(DO));
  }
  N = options().Size.SaxpyN;
  if (wanted("saxpy")) {
    std::vector<float> X(N), Y(N), Out(N);
    cases::fillFloats(X, 1000);
    cases::fillFloats(Y, 777, 0.5f);
    float *DX = (float *)deviceCopy(X.data(), N * 4), *DY = (float *)deviceCopy(Y.data(), N * 4),
          *DO = (float *)deviceCopy(nullptr, N * 4);
    double Ms = timeLaunches([&] { saxpyKernel<<<blocks(N), 256>>>(DX, DY, DO, cases::SaxpyA, N); });
    toHost(Out.data(), DO, N * 4);
    emit("saxpy", "memory", Ms, 12.0 * N, "GB/s", 12LL * N, cases::checkSaxpy(X, Y, Out.data()));
    for (float *P : {DX, DY, DO})
      CU(cudaFree(P));
  }
}
