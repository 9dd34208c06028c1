// Views a kernel names only in atomics of one kind whose results it drops
// (AtomicOnlyViews.h): in the host kernels their atomics go through a
// helper that updates with plain instructions where the launch gave the
// thread its own copy of the buffer (ampcc_it.owned), and the table says
// the view's data argument and the kind; an untiled kernel with such
// atomics gives up assume_safety. Views the kernel also reads, atomics
// whose result it uses, exchanges, and two kinds on one view stay as they
// were. Run on the host backend: each result against the same loop on the
// CPU, a second launch adding to the first's sums, a section with an
// offset, a rank-2 view, signed wrap-around, maxima, minima and bitwise
// updates of int and unsigned, a kernel whose tile reads back its own
// additions through a second view of the same data (the runtime must not
// give threads copies there), and a buffer too large to copy.
// RUN: %ampcc -emit-host-kernels %s -o %t.c && %FileCheck %s --check-prefix=HOST < %t.c
// RUN: %ampcc -emit-opencl %s -o %t.cl && %FileCheck %s --check-prefix=CL < %t.cl
// RUN: %ampcc -O2 %s -o %t && env AMPCC_BACKEND=host %t | %FileCheck %s
// CL-NOT: owned
// HOST: int ampcc_owned_atomic_inc_robust_dom_int(int owned, volatile __global int *dest) {
// HOST-NEXT: if (owned) {
// HOST-NEXT: if (!dest)
// HOST-NEXT: return 0;
// HOST-NEXT: int old = *(int *)dest;
// HOST-NEXT: *(int *)dest = (int)((uint)old + 1u);
// HOST-NEXT: return old;
// HOST-NEXT: }
// HOST-NEXT: return ampcc_atomic_inc_robust_dom_int(dest);
// HOST: void untiled_histogram_kernel AMPCC_KERNEL_PARAMS(
// HOST: ampcc_owned_atomic_inc_robust_dom_int(ampcc_it.owned, ampcc_view_int_1_at1_dom_atomic(Bins,
// HOST: void tiled_histogram_kernel AMPCC_KERNEL_PARAMS(
// HOST: ampcc_owned_atomic_add_robust_dom_uint(ampcc_it.owned, ampcc_view_uint_1_at1_dom_atomic(Bins,
// HOST: void uses_result_kernel AMPCC_KERNEL_PARAMS(
// HOST-NOT: ampcc_owned
// HOST: void also_reads_kernel AMPCC_KERNEL_PARAMS(
// HOST-NOT: ampcc_owned
// HOST: void two_kinds_kernel AMPCC_KERNEL_PARAMS(
// HOST-NOT: ampcc_owned
// HOST: void exchanges_kernel AMPCC_KERNEL_PARAMS(
// HOST-NOT: ampcc_owned
// HOST: void main_kernel AMPCC_KERNEL_PARAMS(
// HOST: static void untiled_histogram_kernel__range(
// HOST: vectorize(enable)
// HOST-NEXT: for (size_t x = x0; x < x1; ++x) {
// HOST-NEXT: ampcc_item it = {{[{][{]}}x, y, z}, {0, 0, 0}, {0, 0, 0}, ampcc_l->owned};
// HOST: static const unsigned char untiled_histogram_kernel__owned[] = {1, 0, 0, 0, 0, 0};
// HOST: static const unsigned char tiled_histogram_kernel__owned[] = {0, 0, 0, 1, 0, 0};
// HOST: static void uses_result_kernel__range(
// HOST: vectorize(assume_safety)
// The kinds of host_kernel_abi.h: max of int 2, min of unsigned 5, and 6,
// or 7, xor 8, each on its own view's data.
// HOST: static const unsigned char main_kernel_2__owned[] = {2, 0, 5, 0, 6, 0, 7, 0, 8, 0, 0, 0};
// HOST: const ampcc_host_kernel AMPCC_HOST_TABLE[] = {
// HOST-NEXT: {"untiled_histogram_kernel", 6, untiled_histogram_kernel__range, 0, 0, 0, untiled_histogram_kernel__owned},
// HOST-NEXT: {"tiled_histogram_kernel", {{.*}}, tiled_histogram_kernel__owned},
// HOST-NEXT: {"uses_result_kernel", {{.*}}, 0},
// HOST-NEXT: {"also_reads_kernel", {{.*}}, 0},
// HOST-NEXT: {"two_kinds_kernel", {{.*}}, 0},
// HOST-NEXT: {"exchanges_kernel", {{.*}}, 0},
// CHECK: untiled: 0 mismatches
// CHECK: tiled, two launches: 0 mismatches
// CHECK: section: 0 mismatches
// CHECK: rank 2, signed: 0 mismatches
// CHECK: maxima, minima, bits: 0 mismatches
// CHECK: reads back its tile: 0 mismatches
// CHECK: large buffer: 0 mismatches
// CHECK: uses result: 0 mismatches
#include <amp.h>
#include <algorithm>
#include <cstdio>
#include <vector>
using namespace concurrency;

static int report(const char *What, const std::vector<int> &Got, const std::vector<int> &Ref) {
  int Bad = 0;
  for (size_t I = 0; I < Ref.size(); ++I)
    Bad += Got[I] != Ref[I];
  std::printf("%s: %d mismatches of %zu\n", What, Bad, Ref.size());
  return Bad;
}

static void untiled_histogram(const std::vector<int> &Data, std::vector<int> &Hist) {
  array_view<const int, 1> In(int(Data.size()), Data);
  array_view<int, 1> Bins(int(Hist.size()), Hist);
  parallel_for_each(In.extent, [=](index<1> I) restrict(amp) {
    atomic_fetch_inc(&Bins[In[I] & 63]);
  });
  Bins.synchronize();
}

static void tiled_histogram(const std::vector<int> &Data, std::vector<int> &Hist) {
  const int Words = int(Data.size());
  array_view<const int, 1> In(Words, Data);
  array_view<unsigned, 1> Bins(64, reinterpret_cast<unsigned *>(Hist.data()));
  parallel_for_each(extent<1>(64 * 16).tile<64>(), [=](tiled_index<64> T) restrict(amp) {
    tile_static unsigned Local[64];
    Local[T.local[0]] = 0;
    T.barrier.wait();
    for (int I = T.global[0]; I < Words; I += 64 * 16)
      atomic_fetch_inc(&Local[In[I] & 63]);
    T.barrier.wait();
    atomic_fetch_add(&Bins[T.local[0]], Local[T.local[0]]);
  });
  Bins.synchronize();
}

static void uses_result(std::vector<int> &Counter, std::vector<int> &Olds) {
  array_view<int, 1> C(1, Counter);
  array_view<int, 1> O(int(Olds.size()), Olds);
  parallel_for_each(O.extent, [=](index<1> I) restrict(amp) {
    O[I] = atomic_fetch_add(&C[0], 1) >= 0 ? 1 : 0;
  });
  O.synchronize();
  C.synchronize();
}

static void also_reads(std::vector<int> &V) {
  array_view<int, 1> A(int(V.size()), V);
  parallel_for_each(extent<1>(256).tile<256>(), [=](tiled_index<256> T) restrict(amp) {
    atomic_fetch_add(&A[T.local[0]], 1);
    T.barrier.wait();
    if (A[T.local[0]] < 0)
      atomic_fetch_add(&A[T.local[0]], 1);
  });
  A.synchronize();
}

static void two_kinds(std::vector<int> &V) {
  array_view<int, 1> A(int(V.size()), V);
  parallel_for_each(extent<1>(100000), [=](index<1> I) restrict(amp) {
    atomic_fetch_max(&A[I[0] % 16], I[0]);
    atomic_fetch_min(&A[16 + I[0] % 16], I[0]);
  });
  A.synchronize();
}

static void exchanges(std::vector<int> &V) {
  array_view<int, 1> A(int(V.size()), V);
  parallel_for_each(extent<1>(100000), [=](index<1> I) restrict(amp) {
    atomic_exchange(&A[I[0] % 16], 7);
  });
  A.synchronize();
}

int main() {
  int Fails = 0;
  std::vector<int> Data(200003);
  for (size_t I = 0; I < Data.size(); ++I)
    Data[I] = int((I * 2654435761u) >> 7);
  std::vector<int> Ref(64, 0);
  for (int D : Data)
    ++Ref[D & 63];

  std::vector<int> Hist(64, 0);
  untiled_histogram(Data, Hist);
  Fails += report("untiled", Hist, Ref);

  std::vector<int> Hist2(64, 7), Ref2(64);
  tiled_histogram(Data, Hist2);
  tiled_histogram(Data, Hist2);
  for (int B = 0; B < 64; ++B)
    Ref2[B] = 7 + 2 * Ref[B];
  Fails += report("tiled, two launches", Hist2, Ref2);

  // The bins are a section in the middle of a larger vector.
  {
    std::vector<int> Big(1000, 3), RefBig(1000, 3);
    array_view<const int, 1> In(int(Data.size()), Data);
    array_view<int, 1> Sec = array_view<int, 1>(1000, Big).section(500, 64);
    parallel_for_each(In.extent, [=](index<1> I) restrict(amp) {
      atomic_fetch_add(&Sec[In[I] & 63], 2);
    });
    Sec.synchronize();
    for (int B = 0; B < 64; ++B)
      RefBig[500 + B] += 2 * Ref[B];
    Fails += report("section", Big, RefBig);
  }

  // Rank 2, v(i, j) and v[i][j], subtractions wrapping past INT_MIN.
  {
    std::vector<int> M(8 * 8, -2147483647), RefM(8 * 8);
    array_view<int, 2> V(8, 8, M);
    parallel_for_each(extent<2>(512, 64), [=](index<2> I) restrict(amp) {
      atomic_fetch_sub(&V(I[0] % 8, I[1] % 8), 3);
      atomic_fetch_dec(&V[I[1] % 8][I[0] % 8]);
    });
    V.synchronize();
    for (int I = 0; I < 64; ++I)
      RefM[I] = int(unsigned(-2147483647) - 4u * 512u); // 512 of each a element
    Fails += report("rank 2, signed", M, RefM);
  }

  // One kind a view: int maxima, unsigned minima, and, or, xor.
  {
    const int N = 1 << 18;
    std::vector<int> Mx(16, -2000000000), RefMx(16, -2000000000);
    std::vector<unsigned> Mn(16, 4000000000u), RefMn(16, 4000000000u);
    std::vector<unsigned> An(16, 0xFFFFFFFFu), Or(16, 0), Xo(16, 0x5A5A5A5Au);
    std::vector<unsigned> RefAn = An, RefOr = Or, RefXo = Xo;
    Mx[5] = RefMx[5] = 2000000000; // Larger than any update: must stay.
    array_view<int, 1> MxV(16, Mx);
    array_view<unsigned, 1> MnV(16, Mn), AnV(16, An), OrV(16, Or), XoV(16, Xo);
    parallel_for_each(extent<1>(N), [=](index<1> I) restrict(amp) {
      int K = I[0] % 16;
      unsigned H = unsigned(I[0]) * 2654435761u;
      atomic_fetch_max(&MxV[K], int(H >> 1) - 1000000000);
      atomic_fetch_min(&MnV[K], H);
      atomic_fetch_and(&AnV[K], H | 0x80000001u);
      atomic_fetch_or(&OrV[K], H & 0x0F0F0000u);
      atomic_fetch_xor(&XoV[K], H);
    });
    MxV.synchronize();
    MnV.synchronize();
    AnV.synchronize();
    OrV.synchronize();
    XoV.synchronize();
    for (int I = 0; I < N; ++I) {
      int K = I % 16;
      unsigned H = unsigned(I) * 2654435761u;
      RefMx[K] = std::max(RefMx[K], int(H >> 1) - 1000000000);
      RefMn[K] = std::min(RefMn[K], H);
      RefAn[K] &= H | 0x80000001u;
      RefOr[K] |= H & 0x0F0F0000u;
      RefXo[K] ^= H;
    }
    std::vector<int> Got, Ref;
    for (int K = 0; K < 16; ++K) {
      Got.insert(Got.end(), {Mx[K], int(Mn[K]), int(An[K]), int(Or[K]), int(Xo[K])});
      Ref.insert(Ref.end(), {RefMx[K], int(RefMn[K]), int(RefAn[K]), int(RefOr[K]), int(RefXo[K])});
    }
    Fails += report("maxima, minima, bits", Got, Ref);
  }

  // Each tile's work-items add to its own element through A and read it
  // back through B, a copy of A (the same buffer), after a barrier:
  // threads' copies would hide the additions from B (1s read, not 65s).
  {
    std::vector<int> S(64, 1), Out(64 * 64), RefOut(64 * 64, 65);
    array_view<int, 1> A(int(S.size()), S);
    array_view<int, 1> B = A;
    array_view<int, 1> O(int(Out.size()), Out);
    parallel_for_each(extent<1>(64 * 64).tile<64>(), [=](tiled_index<64> T) restrict(amp) {
      atomic_fetch_add(&A[T.tile[0]], 1);
      T.barrier.wait();
      O[T.global] = B[T.tile[0]];
    });
    O.synchronize();
    Fails += report("reads back its tile", Out, RefOut);
  }

  // 8 MiB of counters: too large for a copy a thread.
  {
    std::vector<int> L(2 << 20, 0), RefL(2 << 20, 0);
    array_view<int, 1> V(int(L.size()), L);
    parallel_for_each(extent<1>(4 << 20), [=](index<1> I) restrict(amp) {
      atomic_fetch_inc(&V[(I[0] * 7) % (2 << 20)]);
    });
    V.synchronize();
    for (int I = 0; I < (4 << 20); ++I)
      ++RefL[(I * 7) % (2 << 20)];
    Fails += report("large buffer", L, RefL);
  }

  std::vector<int> Counter(1, 0), Olds(5000, 0), RefOlds(5000, 1);
  uses_result(Counter, Olds);
  Fails += report("uses result", Olds, RefOlds) + (Counter[0] != 5000);

  std::vector<int> V(256, 0), W(32, 0), X(16, 0);
  also_reads(V);
  two_kinds(W);
  exchanges(X);
  Fails += V[0] != 1 || W[15] != 99999 || W[16] != 0 || X[3] != 7;
  return Fails != 0;
}
