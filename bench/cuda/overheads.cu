// Overheads: the first launch of a kernel (CUDA builds ahead of time: this
// is loading the module, the nearest thing to the OpenCL build rows), an
// empty kernel's launch + cudaDeviceSynchronize, and transfers from
// pageable (std::vector) and pinned (cudaMallocHost) memory.
#include "common.cuh"

#include <cstring>
#include <vector>

namespace {

__global__ void empty() {}

__global__ void scale(float *X, float A) { X[threadIdx.x + blockIdx.x * blockDim.x] *= A; }

void firstLaunch() {
  const int N = 1024;
  std::vector<float> X(N, 1.0f);
  CU(cudaFree(nullptr)); // the context, outside the measured time
  float *D = (float *)cutwin::deviceCopy(X.data(), N * 4);
  double T0 = cutwin::nowMs();
  scale<<<N / 256, 256>>>(D, 2.0f);
  CU(cudaDeviceSynchronize());
  double Ms = cutwin::nowMs() - T0;
  cutwin::toHost(X.data(), D, N * 4);
  cutwin::emit("build-first", "build", Ms, 0, "", 2LL * N * 4, X == std::vector<float>(N, 2.0f));
  CU(cudaFree(D));
}

void transfer(bool ToDevice) {
  size_t Bytes = cutwin::options().Size.TransferBytes;
  std::vector<char> Host(Bytes, 1);
  void *Dev = cutwin::deviceCopy(Host.data(), Bytes), *Pinned = nullptr;
  CU(cudaMallocHost(&Pinned, Bytes));
  std::memcpy(Pinned, Host.data(), Bytes);
  auto Copy = [&](void *H) {
    if (ToDevice)
      CU(cudaMemcpy(Dev, H, Bytes, cudaMemcpyHostToDevice));
    else
      CU(cudaMemcpy(H, Dev, Bytes, cudaMemcpyDeviceToHost));
  };
  int Reps = cutwin::options().Reps;
  const char *Name = ToDevice ? "transfer-h2d" : "transfer-d2h";
  double Pageable = cutwin::timeCalls([&] { Copy(Host.data()); }, Reps);
  cutwin::emit(Name, "transfer", Pageable, double(Bytes), "GB/s", (long long)Bytes, true);
  double Pin = cutwin::timeCalls([&] { Copy(Pinned); }, Reps);
  cutwin::emit(Name, "transfer", Pin, double(Bytes), "GB/s", (long long)Bytes, true, "cuda-pinned");
  CU(cudaFreeHost(Pinned));
  CU(cudaFree(Dev));
}

} // namespace

void cutwin::runOverheads() {
  if (wanted("build-first"))
    firstLaunch();
  if (wanted("launch-empty")) {
    double Ms = timeCalls(
        [] {
          empty<<<1, 1>>>();
          CU(cudaDeviceSynchronize());
        },
        options().Size.LaunchReps);
    emit("launch-empty", "launch", Ms, 0, "", 0, true);
  }
  if (wanted("transfer-h2d"))
    transfer(true);
  if (wanted("transfer-d2h"))
    transfer(false);
}
