// Two phases split by a barrier, `next[i] = f(s[j], s[j + 1])` and then
// `s[j] = next[i]`, run on the host backend as one loop over the tile in
// the order of i and the local id (WorkItemFusion.cpp), where that order
// keeps what the barrier kept: no work-item's write reaches what a later
// one's first phase reads. Checked against the CPU: an in-place update
// under a guard (binomial pricing's steps), whose refused side nobody
// reads, and one without a guard (fused); one whose first phase reads
// the element before its own (s[j] after a write of s[j + 1]), a 2-D
// tile, and a second phase that writes a view (not fused); a refused side
// read after the loop (fused, the side kept); a second phase whose own
// local takes the name of the first phase's counter, which its counter
// would print as (not fused: it gave 128 of 128 wrong).
// RUN: %ampcc -O2 -fhost-kernels %s -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// RUN: %ampcc -O2 -fno-robust-buffer-access -fhost-kernels %s -o %t.norobust && env AMPCC_BACKEND=host %t.norobust | %FileCheck %s
// RUN: %ampcc -O2 -emit-host-kernels %s -o %t.c && %FileCheck --check-prefix=LOOPS %s < %t.c
// CHECK: guarded: 0 mismatches of 1024
// CHECK: unguarded: 0 mismatches of 1024
// CHECK: earlier element: 0 mismatches of 1024
// CHECK: rows: 0 mismatches of 1024
// CHECK: view: 0 mismatches of 1024
// CHECK: refused side read: 0 mismatches of 1024
// CHECK: counter's name taken: 0 mismatches of 1024
// CHECK-NOT: mismatch at
//
// The guarded update: one loop over the admitted work-items, both phases
// in it, the refused side (0) gone.
// LOOPS-LABEL: void main_kernel__loops(
// LOOPS: vectorize(enable)
// LOOPS-NOT: ampcc_olo
// LOOPS: ampcc_wi_Next[I][ampcc_wi] = S[J] + 2u * S[J + 1];
// LOOPS-NOT: for (size_t ampcc_lx
// LOOPS: S[J] = ampcc_wi_Next[I][ampcc_wi];
// LOOPS-NOT: ampcc_olo
// LOOPS-LABEL: void main_kernel_1__loops(
// LOOPS: vectorize(enable)
// LOOPS: ampcc_wi_Next[I][ampcc_wi] = S[J] + 3u * S[J + 1];
// LOOPS-LABEL: void main_kernel_2__loops(
// LOOPS-NOT: vectorize(enable)
// LOOPS-LABEL: void main_kernel_3__loops(
// LOOPS-NOT: vectorize(enable)
// LOOPS-LABEL: void main_kernel_4__loops(
// LOOPS-NOT: vectorize(enable)
// LOOPS-LABEL: void main_kernel_5__loops(
// LOOPS: vectorize(enable)
// LOOPS: ampcc_olo
// LOOPS: ampcc_wi_Next[I][ampcc_wi] = 7u;
// LOOPS-LABEL: void main_kernel_6__loops(
// LOOPS-NOT: vectorize(enable)
#include <amp.h>
#include "Inputs/report.h"
#include <vector>
using namespace concurrency;

static const int TS = 64, PT = 4, N = TS * PT, Tiles = 4, Items = Tiles * N;

// The CPU's steps: next from s, then s from next where j < step.
static void steps(unsigned *S, int From, int To, unsigned Mul, unsigned Other) {
  for (int Step = From; Step > To; --Step) {
    std::vector<unsigned> Next(N);
    for (int J = 0; J < N; ++J)
      Next[J] = J < Step ? S[J] + Mul * S[J + 1] : Other;
    for (int J = 0; J < N; ++J)
      if (J < Step)
        S[J] = Next[J];
  }
}

int main() {
  int Fails = 0;
  std::vector<unsigned> In(Items), Out(Items), Want(Items);
  for (int I = 0; I < Items; ++I)
    In[I] = unsigned(I * 7 + 3);
  array_view<const unsigned, 1> InV(Items, In);
  array_view<unsigned, 1> OutV(Items, Out);
  // Tile T's N values, S[N] = 0, after the steps from \p From to \p To.
  auto Expect = [&](unsigned Mul, int From, int To, bool AllSteps) {
    for (int T = 0; T < Tiles; ++T) {
      std::vector<unsigned> S(In.begin() + T * N, In.begin() + (T + 1) * N);
      S.push_back(0);
      if (AllSteps)
        for (int K = 0; K < From - To; ++K) {
          std::vector<unsigned> Next(N);
          for (int J = 0; J < N; ++J)
            Next[J] = S[J] + Mul * S[J + 1];
          for (int J = 0; J < N; ++J)
            S[J] = Next[J];
        }
      else
        steps(S.data(), From, To, Mul, 0);
      for (int J = 0; J < N; ++J)
        Want[T * N + J] = S[J];
    }
  };

  // Binomial's steps: guarded both sides, the refused side unread.
  OutV.discard_data();
  parallel_for_each(extent<1>(Tiles * TS).tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static unsigned S[N + 1];
    int L = T.local[0], Base = T.tile[0] * N;
    for (int I = 0; I < PT; ++I)
      S[L + TS * I] = InV[Base + L + TS * I];
    if (L == 0)
      S[N] = 0;
    T.barrier.wait();
    for (int Step = N; Step > N - 40; --Step) {
      unsigned Next[PT];
      for (int I = 0; I < PT; ++I) {
        int J = L + TS * I;
        Next[I] = J < Step ? S[J] + 2u * S[J + 1] : 0u;
      }
      T.barrier.wait();
      for (int I = 0; I < PT; ++I) {
        int J = L + TS * I;
        if (J < Step)
          S[J] = Next[I];
      }
      T.barrier.wait();
    }
    for (int I = 0; I < PT; ++I)
      OutV[Base + L + TS * I] = S[L + TS * I];
  });
  OutV.synchronize();
  Expect(2u, N, N - 40, false);
  Fails += report("guarded", Out, Want);

  // Every work-item in both phases.
  OutV.discard_data();
  parallel_for_each(extent<1>(Tiles * TS).tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static unsigned S[N + 1];
    int L = T.local[0], Base = T.tile[0] * N;
    for (int I = 0; I < PT; ++I)
      S[L + TS * I] = InV[Base + L + TS * I];
    if (L == 0)
      S[N] = 0;
    T.barrier.wait();
    for (int K = 0; K < 5; ++K) {
      unsigned Next[PT];
      for (int I = 0; I < PT; ++I) {
        int J = L + TS * I;
        Next[I] = S[J] + 3u * S[J + 1];
      }
      T.barrier.wait();
      for (int I = 0; I < PT; ++I) {
        int J = L + TS * I;
        S[J] = Next[I];
      }
      T.barrier.wait();
    }
    for (int I = 0; I < PT; ++I)
      OutV[Base + L + TS * I] = S[L + TS * I];
  });
  OutV.synchronize();
  Expect(3u, 5, 0, true);
  Fails += report("unguarded", Out, Want);

  // The first phase reads the element before the one the second writes:
  // in one loop, a work-item would read its predecessor's new value.
  OutV.discard_data();
  parallel_for_each(extent<1>(Tiles * TS).tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static unsigned S[N + 1];
    int L = T.local[0], Base = T.tile[0] * N;
    for (int I = 0; I < PT; ++I)
      S[L + TS * I + 1] = InV[Base + L + TS * I];
    if (L == 0)
      S[0] = 0;
    T.barrier.wait();
    for (int K = 0; K < 5; ++K) {
      unsigned Next[PT];
      for (int I = 0; I < PT; ++I) {
        int J = L + TS * I;
        Next[I] = S[J + 1] + 3u * S[J];
      }
      T.barrier.wait();
      for (int I = 0; I < PT; ++I) {
        int J = L + TS * I;
        S[J + 1] = Next[I];
      }
      T.barrier.wait();
    }
    for (int I = 0; I < PT; ++I)
      OutV[Base + L + TS * I] = S[L + TS * I + 1];
  });
  OutV.synchronize();
  for (int T = 0; T < Tiles; ++T) {
    std::vector<unsigned> S(N + 1, 0);
    for (int J = 0; J < N; ++J)
      S[J + 1] = In[T * N + J];
    for (int K = 0; K < 5; ++K) {
      std::vector<unsigned> Next(N);
      for (int J = 0; J < N; ++J)
        Next[J] = S[J + 1] + 3u * S[J];
      for (int J = 0; J < N; ++J)
        S[J + 1] = Next[J];
    }
    for (int J = 0; J < N; ++J)
      Want[T * N + J] = S[J + 1];
  }
  Fails += report("earlier element", Out, Want);

  // A tile of several rows: the order is no longer that of the index.
  OutV.discard_data();
  parallel_for_each(extent<2>(Tiles * 2, TS / 2).tile<2, TS / 2>(),
                    [=](tiled_index<2, TS / 2> T) restrict(amp) {
    tile_static unsigned S[N + 1];
    int L = T.local[1] + T.local[0] * (TS / 2), Base = T.tile[0] * N;
    for (int I = 0; I < PT; ++I)
      S[L + TS * I] = InV[Base + L + TS * I];
    if (L == 0)
      S[N] = 0;
    T.barrier.wait();
    for (int Step = N; Step > N - 40; --Step) {
      unsigned Next[PT];
      for (int I = 0; I < PT; ++I) {
        int J = L + TS * I;
        Next[I] = J < Step ? S[J] + 2u * S[J + 1] : 0u;
      }
      T.barrier.wait();
      for (int I = 0; I < PT; ++I) {
        int J = L + TS * I;
        if (J < Step)
          S[J] = Next[I];
      }
      T.barrier.wait();
    }
    for (int I = 0; I < PT; ++I)
      OutV[Base + L + TS * I] = S[L + TS * I];
  });
  OutV.synchronize();
  Expect(2u, N, N - 40, false);
  Fails += report("rows", Out, Want);

  // The second phase writes a view: not fused.
  OutV.discard_data();
  parallel_for_each(extent<1>(Tiles * TS).tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static unsigned S[N + 1];
    int L = T.local[0], Base = T.tile[0] * N;
    for (int I = 0; I < PT; ++I)
      S[L + TS * I] = InV[Base + L + TS * I];
    if (L == 0)
      S[N] = 0;
    T.barrier.wait();
    unsigned Next[PT];
    for (int I = 0; I < PT; ++I) {
      int J = L + TS * I;
      Next[I] = S[J] + 2u * S[J + 1];
    }
    T.barrier.wait();
    for (int I = 0; I < PT; ++I) {
      int J = L + TS * I;
      OutV[Base + J] = Next[I];
    }
  });
  OutV.synchronize();
  Expect(2u, 1, 0, true);
  Fails += report("view", Out, Want);

  // The refused side is read after the loop: kept.
  OutV.discard_data();
  parallel_for_each(extent<1>(Tiles * TS).tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static unsigned S[N + 1];
    int L = T.local[0], Base = T.tile[0] * N;
    for (int I = 0; I < PT; ++I)
      S[L + TS * I] = InV[Base + L + TS * I];
    if (L == 0)
      S[N] = 0;
    T.barrier.wait();
    unsigned Next[PT];
    for (int Step = N; Step > N - 200; --Step) {
      for (int I = 0; I < PT; ++I) {
        int J = L + TS * I;
        Next[I] = J < Step ? S[J] + 2u * S[J + 1] : 7u;
      }
      T.barrier.wait();
      for (int I = 0; I < PT; ++I) {
        int J = L + TS * I;
        if (J < Step)
          S[J] = Next[I];
      }
      T.barrier.wait();
    }
    for (int I = 0; I < PT; ++I)
      OutV[Base + L + TS * I] = S[L + TS * I] + Next[I];
  });
  OutV.synchronize();
  for (int T = 0; T < Tiles; ++T) {
    std::vector<unsigned> S(In.begin() + T * N, In.begin() + (T + 1) * N);
    S.push_back(0);
    steps(S.data(), N, N - 200, 2u, 7u);
    // The last step is N - 199: next[j] of j < N - 199 is the new s[j].
    for (int J = 0; J < N; ++J)
      Want[T * N + J] = S[J] + (J < N - 199 ? S[J] : 7u);
  }
  Fails += report("refused side read", Out, Want);

  // The second phase counts with K and declares an I of its own.
  OutV.discard_data();
  parallel_for_each(extent<1>(Tiles * TS).tile<TS>(), [=](tiled_index<TS> T) restrict(amp) {
    tile_static unsigned S[N + 1];
    int L = T.local[0], Base = T.tile[0] * N;
    for (int I = 0; I < PT; ++I)
      S[L + TS * I] = InV[Base + L + TS * I];
    if (L == 0)
      S[N] = 0;
    T.barrier.wait();
    unsigned Next[PT];
    for (int I = 0; I < PT; ++I) {
      int J = L + TS * I;
      Next[I] = S[J] + 2u * S[J + 1];
    }
    T.barrier.wait();
    for (int K = 0; K < PT; ++K) {
      int I = 7, J = L + TS * K;
      S[J] = Next[K] + unsigned(I);
    }
    T.barrier.wait();
    for (int I = 0; I < PT; ++I)
      OutV[Base + L + TS * I] = S[L + TS * I];
  });
  OutV.synchronize();
  Expect(2u, 1, 0, true);
  for (unsigned &W : Want)
    W += 7u;
  Fails += report("counter's name taken", Out, Want);
  return Fails != 0;
}
