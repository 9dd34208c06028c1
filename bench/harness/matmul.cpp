// Square matrix multiply: the 16x16 tiled version of the examples and a
// register-blocked one, both as a C++ AMP user writes them. The blocked
// kernel's 16x16 threads compute a 64x64 block of C, four by four outputs
// a thread, at stride 16 so that neighbouring threads read neighbouring
// tile_static words; each step stages 64x16 of A and 16x64 of B.
#include "bench.h"

using namespace concurrency;
using namespace bench;

namespace {

const int TS = cases::MatTile, RB = cases::MatBlock, BS = TS * RB;

const char *Src = R"CL(
#define TS 16
#define RB 4
#define BS (TS * RB)
__kernel void tiled(__global const float *A, __global const float *B,
                    __global float *C, int n) {
  __local float As[TS][TS], Bs[TS][TS];
  int row = get_global_id(1), col = get_global_id(0);
  int lr = get_local_id(1), lc = get_local_id(0);
  float sum = 0.0f;
  for (int t = 0; t < n; t += TS) {
    As[lr][lc] = A[row * n + t + lc];
    Bs[lr][lc] = B[(t + lr) * n + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TS; ++k)
      sum += As[lr][k] * Bs[k][lc];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[row * n + col] = sum;
}
__kernel void blocked(__global const float *A, __global const float *B,
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
)CL";

void tiled(const array_view<const float, 2> &A, const array_view<const float, 2> &B,
           const array_view<float, 2> &C) {
  int N = A.extent[0];
  parallel_for_each(C.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> T) restrict(amp) {
    tile_static float As[TS][TS], Bs[TS][TS];
    int Row = T.global[0], Col = T.global[1], LR = T.local[0], LC = T.local[1];
    float Sum = 0.0f;
    for (int K = 0; K < N; K += TS) {
      As[LR][LC] = A(Row, K + LC);
      Bs[LR][LC] = B(K + LR, Col);
      T.barrier.wait();
      for (int KK = 0; KK < TS; ++KK)
        Sum += As[LR][KK] * Bs[KK][LC];
      T.barrier.wait();
    }
    C(Row, Col) = Sum;
  });
}

void blocked(const array_view<const float, 2> &A, const array_view<const float, 2> &B,
             const array_view<float, 2> &C) {
  int N = A.extent[0];
  parallel_for_each(extent<2>(N / RB, N / RB).tile<TS, TS>(), [=](tiled_index<TS, TS> T) restrict(amp) {
    tile_static float As[BS][TS], Bs[TS][BS];
    int Ty = T.local[0], Tx = T.local[1];
    int Row0 = T.tile[0] * BS, Col0 = T.tile[1] * BS;
    float Acc[RB][RB];
    for (int I = 0; I < RB; ++I)
      for (int J = 0; J < RB; ++J)
        Acc[I][J] = 0.0f;
    for (int K = 0; K < N; K += TS) {
      for (int I = 0; I < RB; ++I) {
        As[Ty + TS * I][Tx] = A(Row0 + Ty + TS * I, K + Tx);
        Bs[Ty][Tx + TS * I] = B(K + Ty, Col0 + Tx + TS * I);
      }
      T.barrier.wait();
      for (int KK = 0; KK < TS; ++KK) {
        float Av[RB], Bv[RB];
        for (int I = 0; I < RB; ++I) {
          Av[I] = As[Ty + TS * I][KK];
          Bv[I] = Bs[KK][Tx + TS * I];
        }
        for (int I = 0; I < RB; ++I)
          for (int J = 0; J < RB; ++J)
            Acc[I][J] += Av[I] * Bv[J];
      }
      T.barrier.wait();
    }
    for (int I = 0; I < RB; ++I)
      for (int J = 0; J < RB; ++J)
        C(Row0 + Ty + TS * I, Col0 + Tx + TS * J) = Acc[I][J];
  });
}

void runCase(const char *Name, bool Blocked, cl_program &P) {
  if (!wanted(Name))
    return;
  if (!P)
    P = Twin::get().build(Src);
  int N = options().Size.MatN;
  size_t Elems = size_t(N) * N;
  std::vector<float> A(Elems), B(Elems), C(Elems), C2(Elems);
  cases::fillFloats(A, 7, 0.5f);
  cases::fillFloats(B, 5, 0.25f);
  Result R{Name, "compute", cases::matmulFlops(N), "GFLOP/s"};
  resetBytes();
  {
    array_view<const float, 2> AV(N, N, A), BV(N, N, B);
    array_view<float, 2> CV(N, N, C);
    CV.discard_data();
    R.AmpMs = timeLaunches([&] { Blocked ? blocked(AV, BV, CV) : tiled(AV, BV, CV); },
                           [&] { view().wait(); });
    CV.synchronize();
  }
  R.Moved = movedBytes();
  R.Min = 3LL * Elems * 4;
  R.AmpOk = cases::checkMatmul(A, B, C.data(), N);

  Twin &T = Twin::get();
  cl_kernel K = T.kernel(P, Blocked ? "blocked" : "tiled");
  cl_mem BA = T.buffer(Elems * 4, A.data()), BB = T.buffer(Elems * 4, B.data()),
         BC = T.buffer(Elems * 4);
  Twin::args(K, BA, BB, BC, N);
  size_t Side = Blocked ? N / RB : N, G[2] = {Side, Side}, L[2] = {TS, TS};
  R.ClMs = timeLaunches([&] { T.launch(K, 2, G, L); }, [&] { T.finish(); });
  T.read(BC, Elems * 4, C2.data());
  R.ClOk = cases::checkMatmul(A, B, C2.data(), N);
  for (cl_mem M : {BA, BB, BC})
    clReleaseMemObject(M);
  clReleaseKernel(K);
  report(R);
}

} // namespace

void bench::runMatmul() {
  cl_program P = nullptr;
  runCase("matmul-tiled", false, P);
  runCase("matmul-blocked", true, P);
  if (P)
    clReleaseProgram(P);
}
