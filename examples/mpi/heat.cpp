// A 2-D heat equation (explicit Jacobi steps) over MPI ranks, each rank on
// an accelerator of its own.
//
// The grid's rows are split into bands, one per rank; each band keeps one
// halo row above and below for its neighbours' edge rows. A step is one
// kernel over the band, then a halo exchange: the band's first and last
// rows come back from the accelerator (copy of a one-row section: only
// those bytes cross the bus), go to the neighbours with MPI_Sendrecv, and
// the rows received go into the halo rows (copy into a one-row section:
// only those bytes go back in before the next kernel).
//
// Each rank takes the accelerator of its local rank (its rank among the
// ranks on its node), so that two ranks on a two-GPU node use one GPU each.
//
// The result is checked: rank 0 gathers the grid and runs the same steps
// over the whole grid on its own accelerator, as a single rank would, and
// compares.
//
// Run: mpirun -np 2 ./heat [--rows R] [--cols C] [--steps S]
//                          [--rows-per-rank R] [--no-check]
#include <amp.h>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace concurrency;

namespace {

const float Alpha = 0.2f; // Stable for the 5-point explicit scheme below 0.25.

/// One band of rows with a halo row above and below: Rows + 2 rows of Cols.
/// Global row First is the band's row 1. Global row 0 and column 0 and
/// Cols - 1 are fixed boundary values, as is the last global row.
struct Band {
  int First, Rows, Cols, GlobalRows;
  std::vector<float> Host[2];
  explicit Band(int First, int Rows, int Cols, int GlobalRows)
      : First(First), Rows(Rows), Cols(Cols), GlobalRows(GlobalRows) {
    for (std::vector<float> &H : Host) {
      H.assign(size_t(Rows + 2) * Cols, 0.0f);
      for (int R = 0; R < Rows + 2; ++R)
        for (int C = 0; C < Cols; ++C)
          H[size_t(R) * Cols + C] = initial(First - 1 + R, C);
    }
  }
  /// The starting temperature: a hot top edge, a warm left edge, a hot
  /// square in the middle, cold elsewhere.
  float initial(int Row, int Col) const {
    if (Row < 0 || Row >= GlobalRows)
      return 0.0f; // Outside the grid: a halo row nobody reads.
    if (Row == 0)
      return 100.0f;
    if (Col == 0)
      return 50.0f;
    if (std::abs(Row - GlobalRows / 2) < GlobalRows / 8 &&
        std::abs(Col - Cols / 2) < Cols / 8)
      return 80.0f;
    return 0.0f;
  }
};

/// One explicit step over the band's own rows: Next = Cur + Alpha * the
/// 5-point Laplacian, boundary cells kept.
void step(const accelerator_view &V, const array_view<const float, 2> &Cur,
          const array_view<float, 2> &Next, int First, int GlobalRows) {
  int Rows = Cur.extent[0] - 2, Cols = Cur.extent[1];
  parallel_for_each(V, extent<2>(Rows, Cols), [=](index<2> I) restrict(amp) {
    int R = I[0] + 1, C = I[1];
    int Global = First + I[0];
    float Here = Cur(R, C);
    if (Global == 0 || Global == GlobalRows - 1 || C == 0 || C == Cols - 1) {
      Next(R, C) = Here;
      return;
    }
    float Sum = Cur(R - 1, C) + Cur(R + 1, C) + Cur(R, C - 1) + Cur(R, C + 1);
    Next(R, C) = Here + Alpha * (Sum - 4.0f * Here);
  });
}

/// Steps the band Steps times, exchanging halo rows with ranks Up and Down
/// (MPI_PROC_NULL at the grid's edges). Returns the index of the buffer
/// holding the result.
int run(Band &B, const accelerator_view &V, int Steps, int Up, int Down,
        MPI_Comm Comm, double *Seconds) {
  int Cols = B.Cols;
  array_view<float, 2> Views[2] = {
      array_view<float, 2>(B.Rows + 2, Cols, B.Host[0]),
      array_view<float, 2>(B.Rows + 2, Cols, B.Host[1])};
  std::vector<float> SendUp(Cols), SendDown(Cols), RecvUp(Cols), RecvDown(Cols);
  MPI_Barrier(Comm);
  double Start = MPI_Wtime();
  int Cur = 0;
  for (int S = 0; S < Steps; ++S) {
    int Next = 1 - Cur;
    step(V, Views[Cur], Views[Next], B.First, B.GlobalRows);
    array_view<float, 2> &N = Views[Next];
    // The edge rows out, the neighbours' edge rows into the halo rows.
    if (Up != MPI_PROC_NULL)
      copy(N.section(1, 0, 1, Cols), SendUp.begin());
    if (Down != MPI_PROC_NULL)
      copy(N.section(B.Rows, 0, 1, Cols), SendDown.begin());
    MPI_Sendrecv(SendUp.data(), Cols, MPI_FLOAT, Up, 0, RecvDown.data(), Cols,
                 MPI_FLOAT, Down, 0, Comm, MPI_STATUS_IGNORE);
    MPI_Sendrecv(SendDown.data(), Cols, MPI_FLOAT, Down, 1, RecvUp.data(), Cols,
                 MPI_FLOAT, Up, 1, Comm, MPI_STATUS_IGNORE);
    if (Up != MPI_PROC_NULL)
      copy(RecvUp.begin(), RecvUp.end(), N.section(0, 0, 1, Cols));
    if (Down != MPI_PROC_NULL)
      copy(RecvDown.begin(), RecvDown.end(), N.section(B.Rows + 1, 0, 1, Cols));
    Cur = Next;
  }
  Views[Cur].synchronize();
  *Seconds = MPI_Wtime() - Start;
  return Cur;
}

/// The accelerators a rank may take: the non-emulated ones (GPUs), or on
/// a machine without any, every OpenCL one.
std::vector<accelerator> candidates() {
  std::vector<accelerator> Accs;
  for (const accelerator &A : accelerator::get_all())
    if (!A.is_emulated)
      Accs.push_back(A);
  if (Accs.empty()) // Not the CPU accelerator, nor REF and WARP (which
                    // run on one of the OpenCL devices).
    for (const accelerator &A : accelerator::get_all())
      if (A.device_path != accelerator::cpu_accelerator &&
          A.device_path != accelerator::direct3d_ref &&
          A.device_path != accelerator::direct3d_warp)
        Accs.push_back(A);
  return Accs;
}

std::string narrow(const std::wstring &W) { return std::string(W.begin(), W.end()); }

int usage(const char *Argv0) {
  std::fprintf(stderr,
               "usage: %s [--rows R | --rows-per-rank R] [--cols C] "
               "[--steps S] [--no-check]\n",
               Argv0);
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int Rank = 0, Size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &Rank);
  MPI_Comm_size(MPI_COMM_WORLD, &Size);

  int GlobalRows = 512, Cols = 512, Steps = 200, RowsPerRank = 0;
  bool Check = true;
  for (int I = 1; I < argc; ++I) {
    auto Value = [&](int &Out) {
      if (I + 1 >= argc)
        return false;
      Out = std::atoi(argv[++I]);
      return Out > 0;
    };
    bool OK = true;
    if (!std::strcmp(argv[I], "--rows"))
      OK = Value(GlobalRows);
    else if (!std::strcmp(argv[I], "--rows-per-rank"))
      OK = Value(RowsPerRank);
    else if (!std::strcmp(argv[I], "--cols"))
      OK = Value(Cols);
    else if (!std::strcmp(argv[I], "--steps"))
      OK = Value(Steps);
    else if (!std::strcmp(argv[I], "--no-check"))
      Check = false;
    else
      OK = false;
    if (!OK) {
      if (Rank == 0)
        usage(argv[0]);
      MPI_Finalize();
      return 2;
    }
  }
  if (RowsPerRank) // Weak scaling: the grid grows with the ranks.
    GlobalRows = RowsPerRank * Size;
  if (GlobalRows < Size || Cols < 3) {
    if (Rank == 0)
      std::fprintf(stderr, "the grid needs at least one row per rank and 3 "
                           "columns\n");
    MPI_Finalize();
    return 2;
  }

  // The rank among those on this node picks the accelerator.
  MPI_Comm Node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, Rank,
                      MPI_INFO_NULL, &Node);
  int LocalRank = 0;
  MPI_Comm_rank(Node, &LocalRank);
  MPI_Comm_free(&Node);
  std::vector<accelerator> Accs = candidates();
  if (Accs.empty()) {
    std::fprintf(stderr, "rank %d: no OpenCL accelerator\n", Rank);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  accelerator Mine = Accs[size_t(LocalRank) % Accs.size()];
  accelerator_view V = Mine.create_view();

  int First = int(int64_t(GlobalRows) * Rank / Size);
  int Last = int(int64_t(GlobalRows) * (Rank + 1) / Size);
  Band B(First, Last - First, Cols, GlobalRows);
  int Up = Rank > 0 ? Rank - 1 : MPI_PROC_NULL;
  int Down = Rank + 1 < Size ? Rank + 1 : MPI_PROC_NULL;
  std::printf("rank %d of %d: rows %d-%d on %s (%s)\n", Rank, Size, First,
              Last - 1, narrow(Mine.device_path).c_str(),
              narrow(Mine.description).c_str());
  std::fflush(stdout);

  // A warm-up step builds the kernel; the timed run starts from scratch.
  {
    Band Warm(First, Last - First, Cols, GlobalRows);
    double Ignored;
    run(Warm, V, 1, Up, Down, MPI_COMM_WORLD, &Ignored);
  }
  double Seconds = 0;
  int Result = run(B, V, Steps, Up, Down, MPI_COMM_WORLD, &Seconds);
  double Slowest = 0;
  MPI_Reduce(&Seconds, &Slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

  // Rank 0 gathers every band's own rows.
  std::vector<int> Counts(Size), Displs(Size);
  for (int R = 0; R < Size; ++R) {
    int F = int(int64_t(GlobalRows) * R / Size);
    int L = int(int64_t(GlobalRows) * (R + 1) / Size);
    Counts[R] = (L - F) * Cols;
    Displs[R] = F * Cols;
  }
  std::vector<float> Grid(Rank == 0 ? size_t(GlobalRows) * Cols : 0);
  MPI_Gatherv(B.Host[Result].data() + Cols, B.Rows * Cols, MPI_FLOAT,
              Grid.data(), Counts.data(), Displs.data(), MPI_FLOAT, 0,
              MPI_COMM_WORLD);

  int Failed = 0;
  if (Rank == 0) {
    double Sum = 0;
    for (float X : Grid)
      Sum += X;
    double Cells = double(GlobalRows) * Cols * Steps;
    std::printf("heat %d x %d, %d steps on %d rank%s: %.1f ms, %.1f Mcells/s, "
                "checksum %.6e\n",
                GlobalRows, Cols, Steps, Size, Size == 1 ? "" : "s",
                Slowest * 1e3, Cells / Slowest / 1e6, Sum);
    if (Check) {
      // The same steps over the whole grid on one accelerator, without MPI:
      // what a single rank computes.
      Band Whole(0, GlobalRows, Cols, GlobalRows);
      double Ignored;
      int R = run(Whole, V, Steps, MPI_PROC_NULL, MPI_PROC_NULL, MPI_COMM_SELF,
                  &Ignored);
      double MaxDiff = 0;
      for (size_t I = 0; I < Grid.size(); ++I)
        MaxDiff = std::max(
            MaxDiff, double(std::fabs(Grid[I] - Whole.Host[R][I + size_t(Cols)])));
      // The same kernel on the same kind of device: the same floats.
      Failed = MaxDiff > 1e-4;
      std::printf("heat check against a single-rank run: %s (max difference "
                  "%g)\n",
                  Failed ? "FAILED" : "correct", MaxDiff);
    }
  }
  MPI_Bcast(&Failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return Failed;
}
