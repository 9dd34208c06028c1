// N-body accelerations (compute bound, fast_math::rsqrt): each thread owns a
// body and walks all bodies a tile at a time, staged in tile_static memory.
// One launch computes the accelerations of the current positions (no
// integration step), so repeated launches give the same answer.
#include "bench.h"

#include <amp_math.h>

using namespace concurrency;
using namespace bench;

namespace {

const int Tile = cases::NbodyTile;
const float Eps = cases::NbodySoftening;

const char *Src = R"CL(
#define TS 256
__kernel void nbody(__global const float *pos, __global float *acc, int n, float eps) {
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
)CL";

void nbodyCase() {
  int N = options().Size.Bodies;
  std::vector<float> Pos = cases::nbodyInput(N), Acc(size_t(N) * 4), Acc2(size_t(N) * 4);
  Result R{"nbody", "compute", cases::nbodyFlops(N), "GFLOP/s"};
  resetBytes();
  {
    array_view<const float, 1> PV(4 * N, Pos);
    array_view<float, 1> AV(4 * N, Acc);
    AV.discard_data();
    R.AmpMs = timeLaunches(
        [&] {
          parallel_for_each(extent<1>(N).tile<Tile>(), [=](tiled_index<Tile> T) restrict(amp) {
            tile_static float P[4 * Tile];
            int I = T.global[0], L = T.local[0];
            float X = PV[4 * I], Y = PV[4 * I + 1], Z = PV[4 * I + 2];
            float Ax = 0.0f, Ay = 0.0f, Az = 0.0f;
            for (int Base = 0; Base < N; Base += Tile) {
              for (int C = 0; C < 4; ++C)
                P[4 * L + C] = PV[4 * (Base + L) + C];
              T.barrier.wait();
              for (int J = 0; J < Tile; ++J) {
                float Dx = P[4 * J] - X, Dy = P[4 * J + 1] - Y, Dz = P[4 * J + 2] - Z;
                float Inv = fast_math::rsqrt(Dx * Dx + Dy * Dy + Dz * Dz + Eps);
                float S = P[4 * J + 3] * Inv * Inv * Inv;
                Ax += Dx * S;
                Ay += Dy * S;
                Az += Dz * S;
              }
              T.barrier.wait();
            }
            AV[4 * I] = Ax;
            AV[4 * I + 1] = Ay;
            AV[4 * I + 2] = Az;
            AV[4 * I + 3] = 0.0f;
          });
        },
        [&] { view().wait(); });
    AV.synchronize();
  }
  R.Moved = movedBytes();
  R.Min = 2LL * N * 16;
  R.AmpOk = cases::checkNbody(Pos, Acc.data(), N);

  Twin &T = Twin::get();
  cl_program P = T.build(Src);
  cl_kernel K = T.kernel(P, "nbody");
  cl_mem BP = T.buffer(size_t(N) * 16, Pos.data()), BA = T.buffer(size_t(N) * 16);
  Twin::args(K, BP, BA, N, Eps);
  size_t G = N, L = Tile;
  R.ClMs = timeLaunches([&] { T.launch(K, 1, &G, &L); }, [&] { T.finish(); });
  T.read(BA, size_t(N) * 16, Acc2.data());
  R.ClOk = cases::checkNbody(Pos, Acc2.data(), N);
  clReleaseMemObject(BP);
  clReleaseMemObject(BA);
  clReleaseKernel(K);
  clReleaseProgram(P);
  report(R);
}

} // namespace

void bench::runNbody() {
  if (wanted("nbody"))
    nbodyCase();
}
