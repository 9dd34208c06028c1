// The transpose cases with the harness's tiles (16 x 16); the untiled
// kernel runs 32 x 8 blocks and checks its bounds (the OpenCL twin's exact
// global size needs no check).
#include "common.cuh"

#include <vector>

namespace {

const int TS = cases::TransposeTile;
enum Method { Simple, Tiled, Padded, Truncated };

// One thread per element of a section: x along the input's rows, y along
// its columns.
__global__ void simple(const float *In, float *Out, int Ld, int R0, int C0, int Rows, int Cols) {
  int X = blockIdx.x * blockDim.x + threadIdx.x, Y = blockIdx.y * blockDim.y + threadIdx.y;
  if (X < Rows && Y < Cols)
    Out[size_t(C0 + Y) * Ld + R0 + X] = In[size_t(R0 + X) * Ld + C0 + Y];
}

__global__ void tiled(const float *In, float *Out, int Ld) {
  __shared__ float B[TS][TS];
  int LR = threadIdx.y, LC = threadIdx.x;
  B[LR][LC] = In[size_t(blockIdx.y * TS + LR) * Ld + blockIdx.x * TS + LC];
  __syncthreads();
  Out[size_t(blockIdx.x * TS + LR) * Ld + blockIdx.y * TS + LC] = B[LC][LR];
}

__global__ void padded(const float *In, float *Out, int N) {
  __shared__ float B[TS][TS];
  int LR = threadIdx.y, LC = threadIdx.x;
  int Row = blockIdx.y * TS + LR, Col = blockIdx.x * TS + LC;
  B[LR][LC] = Row < N && Col < N ? In[size_t(Row) * N + Col] : 0.0f;
  __syncthreads();
  int ORow = blockIdx.x * TS + LR, OCol = blockIdx.y * TS + LC;
  if (ORow < N && OCol < N)
    Out[size_t(ORow) * N + OCol] = B[LC][LR];
}

void launchSimple(const float *In, float *Out, int N, int R0, int C0, int Rows, int Cols) {
  dim3 Block(32, 8), Grid((Rows + 31) / 32, (Cols + 7) / 8);
  simple<<<Grid, Block>>>(In, Out, N, R0, C0, Rows, Cols);
}

void launch(Method How, const float *In, float *Out, int N) {
  dim3 Block(TS, TS);
  int Whole = N / TS * TS;
  switch (How) {
  case Simple:
    return launchSimple(In, Out, N, 0, 0, N, N);
  case Tiled:
    return tiled<<<dim3(N / TS, N / TS), Block>>>(In, Out, N);
  case Padded:
    return padded<<<dim3((N + TS - 1) / TS, (N + TS - 1) / TS), Block>>>(In, Out, N);
  case Truncated:
    if (Whole > 0)
      tiled<<<dim3(Whole / TS, Whole / TS), Block>>>(In, Out, N);
    if (Whole < N)
      launchSimple(In, Out, N, Whole, 0, N - Whole, N);
    if (Whole < N && Whole > 0)
      launchSimple(In, Out, N, 0, Whole, Whole, N - Whole);
    return;
  }
}

void runCase(const char *Name, int N, Method How) {
  if (!cutwin::wanted(Name))
    return;
  size_t Elems = size_t(N) * N;
  std::vector<float> In(Elems), Out(Elems);
  cases::fillFloats(In, 9973);
  float *DI = (float *)cutwin::deviceCopy(In.data(), Elems * 4);
  float *DO = (float *)cutwin::deviceCopy(nullptr, Elems * 4);
  double Ms = cutwin::timeLaunches([&] { launch(How, DI, DO, N); });
  cutwin::toHost(Out.data(), DO, Elems * 4);
  cutwin::emit(Name, "memory", Ms, cases::transposeBytes(N), "GB/s",
               (long long)cases::transposeBytes(N), cases::checkTranspose(In, Out, N));
  CU(cudaFree(DI));
  CU(cudaFree(DO));
}

} // namespace

void cutwin::runTranspose() {
  const cases::Sizes &S = options().Size;
  runCase("transpose-simple", S.TransposeN, Simple);
  runCase("transpose-tiled", S.TransposeN, Tiled);
  runCase("transpose-pad", S.TransposeN, Padded);
  runCase("transpose-truncate", S.TransposeN, Truncated);
  runCase("transpose-odd-simple", S.TransposeOdd, Simple);
  runCase("transpose-odd-pad", S.TransposeOdd, Padded);
  runCase("transpose-odd-truncate", S.TransposeOdd, Truncated);
}
