// Transfers at several sizes (issue 31 item 1's baseline): cudaMemcpy from
// pageable memory (a std::vector, as the program's own memory is) and from
// pinned memory (cudaMallocHost), and from the pageable memory registered
// (cudaHostRegister, kept or around each copy), both directions, at the sizes
// bench/transfers/transfers.cpp measures ampcc and OpenCL at. Rows: case
// "h2d-16MiB" etc., impl "cuda" (pageable), "cuda-pinned", "cuda-registered"
// and "cuda-register-each". Run by
// bench/transfers/cuda-main.cu (not by cuda-bench, whose transfer rows are
// overheads.cu's).
#include "common.cuh"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace {

double timeCopies(const std::function<void()> &Call, size_t Bytes) {
  Call();
  int N = std::clamp(int((size_t(512) << 20) / Bytes), cutwin::options().Reps, 200);
  std::vector<double> S;
  for (int I = 0; I < N; ++I) {
    double T = cutwin::nowMs();
    Call();
    S.push_back(cutwin::nowMs() - T);
  }
  std::sort(S.begin(), S.end());
  return S[S.size() / 2];
}

} // namespace

void cutwin::runTransferSizes(const std::vector<size_t> &MiBs) {
  for (size_t MiB : MiBs) {
    size_t Bytes = MiB << 20;
    std::vector<char> Host(Bytes, 1);
    void *Dev = deviceCopy(Host.data(), Bytes), *Pinned = nullptr;
    CU(cudaMallocHost(&Pinned, Bytes));
    std::memcpy(Pinned, Host.data(), Bytes);
    for (bool ToDevice : {true, false}) {
      std::string Case = std::string(ToDevice ? "h2d-" : "d2h-") + std::to_string(MiB) + "MiB";
      auto Copy = [&](void *H) {
        if (ToDevice)
          CU(cudaMemcpy(Dev, H, Bytes, cudaMemcpyHostToDevice));
        else
          CU(cudaMemcpy(H, Dev, Bytes, cudaMemcpyDeviceToHost));
      };
      double Pageable = timeCopies([&] { Copy(Host.data()); }, Bytes);
      emit(Case.c_str(), "transfer", Pageable, double(Bytes), "GB/s", (long long)Bytes, true);
      double Pin = timeCopies([&] { Copy(Pinned); }, Bytes);
      emit(Case.c_str(), "transfer", Pin, double(Bytes), "GB/s", (long long)Bytes, true,
           "cuda-pinned");
      // The same ordinary memory registered for DMA (cudaHostRegister):
      // once, outside the timing (what a registration kept for a view's
      // life would give), and around each copy (what a one-off copy() would
      // pay): where registering beats staging, by size.
      CU(cudaHostRegister(Host.data(), Bytes, cudaHostRegisterDefault));
      double Kept = timeCopies([&] { Copy(Host.data()); }, Bytes);
      CU(cudaHostUnregister(Host.data()));
      emit(Case.c_str(), "transfer", Kept, double(Bytes), "GB/s", (long long)Bytes, true,
           "cuda-registered");
      double Each = timeCopies(
          [&] {
            CU(cudaHostRegister(Host.data(), Bytes, cudaHostRegisterDefault));
            Copy(Host.data());
            CU(cudaHostUnregister(Host.data()));
          },
          Bytes);
      emit(Case.c_str(), "transfer", Each, double(Bytes), "GB/s", (long long)Bytes, true,
           "cuda-register-each");
    }
    CU(cudaFreeHost(Pinned));
    CU(cudaFree(Dev));
  }
}
