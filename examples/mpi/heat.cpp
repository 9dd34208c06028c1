// A 2-D heat equation (explicit Jacobi steps) over MPI ranks, each rank on
// an accelerator of its own.
//
// The grid's rows are split into bands, one per rank; the band lives on the
// accelerator in two arrays (this step's values and the next's). A rank
// with neighbours needs their edge rows every step, and they need its own.
// So that the accelerator never waits for MPI, a step is two kernels on the
// compute view: the band's first and last rows first (also written into a
// small array of edge rows), then the rest of the band. The edge rows and
// the neighbours' rows (the halo) live on a second view of the same
// accelerator, the exchange view, so copying them goes through its own
// queue: the copy out waits for the edge kernel alone, not for the interior
// kernel queued behind it. While the interior updates, the edge rows come
// out (one 2-row copy), go to the neighbours (MPI_Isend/MPI_Irecv), and the
// rows received go into the halo array, which the next step's edge kernel
// reads. A rank without neighbours (one rank) runs one kernel a step.
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

/// One band of Rows rows of Cols: global rows First .. First + Rows - 1.
/// Global row 0 and column 0 and Cols - 1 are fixed boundary values, as is
/// the last global row. Host holds the starting values, then the result: a
/// staging array for accelerator view V (host memory that V's accelerator
/// reaches directly; page-locked on ampcc), so that the band moves between
/// host and accelerator in one transfer at the bus's speed.
struct Band {
  int First, Rows, Cols, GlobalRows;
  array<float, 2> Host;
  Band(int First, int Rows, int Cols, int GlobalRows, const accelerator_view &V)
      : First(First), Rows(Rows), Cols(Cols), GlobalRows(GlobalRows),
        Host(Rows, Cols, accelerator(accelerator::cpu_accelerator).default_view,
             V) {
    float *H = Host.data();
    for (int R = 0; R < Rows; ++R)
      for (int C = 0; C < Cols; ++C)
        H[size_t(R) * Cols + C] = initial(First + R, C);
  }
  /// The starting temperature: a hot top edge, a warm left edge, a hot
  /// square in the middle, cold elsewhere.
  float initial(int Row, int Col) const {
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

/// The explicit update of one cell from its value and its four neighbours'.
float updated(float Here, float Above, float Below, float Left, float Right)
    restrict(amp) {
  float Sum = Above + Below + Left + Right;
  return Here + Alpha * (Sum - 4.0f * Here);
}

/// Rows From .. From + Count - 1 of the band, one explicit step from Cur
/// into Next, boundary cells kept. Reads rows From - 1 .. From + Count of
/// Cur, which must be in the band unless they are boundary rows' neighbours.
void stepRows(const accelerator_view &V, const array<float, 2> &Cur,
              array<float, 2> &Next, int From, int Count, int First,
              int GlobalRows) {
  int Cols = Cur.extent[1];
  parallel_for_each(V, extent<2>(Count, Cols),
                    [=, &Cur, &Next](index<2> I) restrict(amp) {
    int R = From + I[0], C = I[1];
    int Global = First + R;
    float Here = Cur(R, C);
    if (Global == 0 || Global == GlobalRows - 1 || C == 0 || C == Cols - 1) {
      Next(R, C) = Here;
      return;
    }
    Next(R, C) = updated(Here, Cur(R - 1, C), Cur(R + 1, C), Cur(R, C - 1),
                         Cur(R, C + 1));
  });
}

/// The band's first and last rows, one step from Cur (and the neighbours'
/// rows in Halo: row 0 above the band, row 1 below it) into Next, and the
/// same values into Edges (row 0 the first row, row 1 the last).
void stepEdges(const accelerator_view &V, const array<float, 2> &Cur,
               const array<float, 2> &Halo, array<float, 2> &Next,
               array<float, 2> &Edges, int First, int GlobalRows) {
  int Rows = Cur.extent[0], Cols = Cur.extent[1];
  parallel_for_each(V, extent<2>(2, Cols),
                    [=, &Cur, &Halo, &Next, &Edges](index<2> I) restrict(amp) {
    int R = I[0] == 0 ? 0 : Rows - 1, C = I[1];
    int Global = First + R;
    float Value = Cur(R, C);
    if (Global != 0 && Global != GlobalRows - 1 && C != 0 && C != Cols - 1) {
      float Above = R == 0 ? Halo(0, C) : Cur(R - 1, C);
      float Below = R == Rows - 1 ? Halo(1, C) : Cur(R + 1, C);
      Value = updated(Value, Above, Below, Cur(R, C - 1), Cur(R, C + 1));
    }
    if (I[0] == 0 || Rows > 1) // A band of one row: one writer.
      Next(R, C) = Value;
    Edges(I[0], C) = Value;
  });
}

/// Sends the band's edge rows (Edges: first row, then last) to ranks Up and
/// Down (MPI_PROC_NULL at the grid's edges) and receives theirs into Halo
/// (the row above, then the row below).
void exchange(const std::vector<float> &Edges, std::vector<float> &Halo,
              int Cols, int Up, int Down, MPI_Comm Comm) {
  MPI_Request Requests[4];
  // Tag 0: a band's last row going down; tag 1: its first row going up.
  MPI_Irecv(Halo.data(), Cols, MPI_FLOAT, Up, 0, Comm, &Requests[0]);
  MPI_Irecv(Halo.data() + Cols, Cols, MPI_FLOAT, Down, 1, Comm, &Requests[1]);
  MPI_Isend(Edges.data(), Cols, MPI_FLOAT, Up, 1, Comm, &Requests[2]);
  MPI_Isend(Edges.data() + Cols, Cols, MPI_FLOAT, Down, 0, Comm, &Requests[3]);
  MPI_Waitall(4, Requests, MPI_STATUSES_IGNORE);
}

/// What run() measured, in seconds.
struct Times {
  double In = 0, Steps = 0, Out = 0;
  double total() const { return In + Steps + Out; }
};

/// Steps the band Steps times on the accelerator of views V (kernels, the
/// band's arrays) and X (the edge and halo rows), exchanging edge rows with
/// ranks Up and Down. B.Host receives the result.
void run(Band &B, accelerator_view V, accelerator_view X,
         int Steps, int Up, int Down, MPI_Comm Comm, Times *T) {
  int Rows = B.Rows, Cols = B.Cols;
  bool Neighbours = Up != MPI_PROC_NULL || Down != MPI_PROC_NULL;
  MPI_Barrier(Comm);
  double Start = MPI_Wtime();
  // Every step writes every cell of Next: only the first grid needs the
  // starting values.
  array<float, 2> Grid0(Rows, Cols, V), Grid1(Rows, Cols, V);
  copy(B.Host, Grid0);
  array<float, 2> Edges(2, Cols, X), Halo(2, Cols, X);
  std::vector<float> EdgesHost(2 * size_t(Cols)), HaloHost(2 * size_t(Cols));
  if (Neighbours) {
    // The neighbours' starting edge rows, for the first step.
    const float *H = B.Host.data();
    std::copy_n(H, Cols, EdgesHost.begin());
    std::copy_n(H + size_t(Rows - 1) * Cols, Cols, EdgesHost.begin() + Cols);
    exchange(EdgesHost, HaloHost, Cols, Up, Down, Comm);
    copy(HaloHost.begin(), HaloHost.end(), Halo);
  }
  double Stepping = MPI_Wtime();
  array<float, 2> *Cur = &Grid0, *Next = &Grid1;
  for (int S = 0; S < Steps; ++S) {
    if (!Neighbours) {
      stepRows(V, *Cur, *Next, 0, Rows, B.First, B.GlobalRows);
    } else {
      stepEdges(V, *Cur, Halo, *Next, Edges, B.First, B.GlobalRows);
      if (Rows > 2) // The interior, while the edge rows travel.
        stepRows(V, *Cur, *Next, 1, Rows - 2, B.First, B.GlobalRows);
      // Waits for the edge kernel only: Edges lives on X.
      copy(Edges, EdgesHost.begin());
      exchange(EdgesHost, HaloHost, Cols, Up, Down, Comm);
      // Ahead of the next step's edge kernel, beside this step's interior.
      copy(HaloHost.begin(), HaloHost.end(), Halo);
    }
    std::swap(Cur, Next);
  }
  V.wait();
  double Stepped = MPI_Wtime();
  copy(*Cur, B.Host);
  double End = MPI_Wtime();
  T->In = Stepping - Start;
  T->Steps = Stepped - Stepping;
  T->Out = End - Stepped;
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
  // Kernels and the band on one view, the edge and halo rows on another.
  accelerator_view V = Mine.create_view(), X = Mine.create_view();

  int First = int(int64_t(GlobalRows) * Rank / Size);
  int Last = int(int64_t(GlobalRows) * (Rank + 1) / Size);
  Band B(First, Last - First, Cols, GlobalRows, V);
  int Up = Rank > 0 ? Rank - 1 : MPI_PROC_NULL;
  int Down = Rank + 1 < Size ? Rank + 1 : MPI_PROC_NULL;
  std::printf("rank %d of %d: rows %d-%d on %s (%s)\n", Rank, Size, First,
              Last - 1, narrow(Mine.device_path).c_str(),
              narrow(Mine.description).c_str());
  std::fflush(stdout);

  // A warm-up step builds the kernels; the timed run starts from scratch.
  {
    Band Warm(First, Last - First, Cols, GlobalRows, V);
    Times Ignored;
    run(Warm, V, X, 1, Up, Down, MPI_COMM_WORLD, &Ignored);
  }
  Times Measured;
  run(B, V, X, Steps, Up, Down, MPI_COMM_WORLD, &Measured);
  // The slowest rank's times (each part's maximum, and the whole's).
  double Local[4] = {Measured.total(), Measured.In, Measured.Steps, Measured.Out};
  double Slowest[4] = {0, 0, 0, 0};
  MPI_Reduce(Local, Slowest, 4, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

  // Rank 0 gathers every band.
  std::vector<int> Counts(Size), Displs(Size);
  for (int R = 0; R < Size; ++R) {
    int F = int(int64_t(GlobalRows) * R / Size);
    int L = int(int64_t(GlobalRows) * (R + 1) / Size);
    Counts[R] = (L - F) * Cols;
    Displs[R] = F * Cols;
  }
  std::vector<float> Grid(Rank == 0 ? size_t(GlobalRows) * Cols : 0);
  MPI_Gatherv(B.Host.data(), B.Rows * Cols, MPI_FLOAT, Grid.data(),
              Counts.data(), Displs.data(), MPI_FLOAT, 0, MPI_COMM_WORLD);

  int Failed = 0;
  if (Rank == 0) {
    double Sum = 0;
    for (float X : Grid)
      Sum += X;
    double Cells = double(GlobalRows) * Cols * Steps;
    std::printf("heat %d x %d, %d steps on %d rank%s: %.1f ms (in %.1f, steps "
                "%.1f, out %.1f), %.1f Mcells/s, checksum %.6e\n",
                GlobalRows, Cols, Steps, Size, Size == 1 ? "" : "s",
                Slowest[0] * 1e3, Slowest[1] * 1e3, Slowest[2] * 1e3,
                Slowest[3] * 1e3, Cells / Slowest[0] / 1e6, Sum);
    if (Check) {
      // The same steps over the whole grid on one accelerator, without MPI:
      // what a single rank computes.
      Band Whole(0, GlobalRows, Cols, GlobalRows, V);
      Times Ignored;
      run(Whole, V, X, Steps, MPI_PROC_NULL, MPI_PROC_NULL, MPI_COMM_SELF,
          &Ignored);
      const float *W = Whole.Host.data();
      double MaxDiff = 0;
      for (size_t I = 0; I < Grid.size(); ++I)
        MaxDiff = std::max(MaxDiff, double(std::fabs(Grid[I] - W[I])));
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
