// 256-bin histogram of 8-bit data. C++ AMP has no 8-bit type in amp code,
// so four samples travel in each unsigned int. Each tile counts into its
// own bins in tile_static memory with atomics (a grid-stride loop over the
// words), then adds them to the global bins with one atomic per bin.
#include "bench.h"

using namespace concurrency;
using namespace bench;

namespace {

const int Bins = cases::HistBins, Tile = cases::HistTile;

const char *Src = R"CL(
#define TS 256
__kernel void histogram(__global const uint *in, __global uint *bins, int words) {
  __local uint local_bins[256];
  int l = get_local_id(0), stride = get_global_size(0);
  local_bins[l] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int i = get_global_id(0); i < words; i += stride) {
    uint w = in[i];
    for (int b = 0; b < 4; ++b)
      atomic_inc(&local_bins[(w >> (8 * b)) & 0xFFu]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_add(&bins[l], local_bins[l]);
}
)CL";

void histogramCase() {
  size_t Bytes = options().Size.HistBytes;
  int Words = int(Bytes / 4), Tiles = cases::strideTiles(Words, Tile);
  std::vector<uint8_t> Data(Bytes);
  cases::fillBytes(Data);
  std::vector<uint32_t> Ref = cases::histogramReference(Data);
  const unsigned *WordPtr = reinterpret_cast<const unsigned *>(Data.data());
  std::vector<unsigned> Hist(Bins, 0), Hist2(Bins, 0);
  Result R{"histogram", "atomic", double(Bytes), "GB/s"};
  unsigned Launches = 0; // the kernels add to the bins at every launch
  resetBytes();
  {
    array_view<const unsigned, 1> InV(Words, WordPtr);
    array_view<unsigned, 1> BinsV(Bins, Hist);
    R.AmpMs = timeLaunches(
        [&] {
          ++Launches;
          int Stride = Tiles * Tile;
          parallel_for_each(extent<1>(Stride).tile<Tile>(), [=](tiled_index<Tile> T) restrict(amp) {
            tile_static unsigned Local[Bins];
            int L = T.local[0];
            Local[L] = 0;
            T.barrier.wait();
            for (int I = T.global[0]; I < Words; I += Stride) {
              unsigned W = InV[I];
              for (int B = 0; B < 4; ++B)
                atomic_fetch_inc(&Local[(W >> (8 * B)) & 0xFFu]);
            }
            T.barrier.wait();
            atomic_fetch_add(&BinsV[L], Local[L]);
          });
        },
        [&] { view().wait(); });
    BinsV.synchronize();
  }
  R.Moved = movedBytes();
  R.Min = (long long)Bytes + 2 * Bins * 4; // the bins' zeros in, counts out
  R.AmpOk = cases::checkHistogram(Ref, Hist.data(), Launches);

  Twin &T = Twin::get();
  cl_program P = T.build(Src);
  cl_kernel K = T.kernel(P, "histogram");
  cl_mem BI = T.buffer(Bytes, Data.data()), BB = T.buffer(Bins * 4, Hist2.data());
  Twin::args(K, BI, BB, Words);
  size_t G = size_t(Tiles) * Tile, L = Tile;
  Launches = 0;
  R.ClMs = timeLaunches([&] { ++Launches; T.launch(K, 1, &G, &L); }, [&] { T.finish(); });
  T.read(BB, Bins * 4, Hist2.data());
  R.ClOk = cases::checkHistogram(Ref, Hist2.data(), Launches);
  clReleaseMemObject(BI);
  clReleaseMemObject(BB);
  clReleaseKernel(K);
  clReleaseProgram(P);
  report(R);
}

} // namespace

void bench::runHistogram() {
  if (wanted("histogram"))
    histogramCase();
}
