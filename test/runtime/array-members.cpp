// concurrency::array (spec §5.1): every constructor form (extent or ints,
// iterators with and without an end, an array_view, an accelerator_view,
// staging arrays), copy and move semantics, data(), view_as,
// reinterpret_as, sections, conversion to std::vector, the accelerator_view
// accessors, and the transfers construction costs.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: iterator construction then kernel: h2d 1 (400 bytes)
// CHECK: copy construction: h2d 0 d2h 0 d2d 1
// CHECK: move construction: d2d 0
// CHECK: staging: on cpu 1, associated is default 1
// CHECK: accelerator_view property: 1
// CHECK: array: 0 mismatches
#include <amp.h>
#include <cstdio>
#include <list>
#include <numeric>
#include <vector>
using namespace concurrency;

static int Bad = 0;
static void check(bool OK, const char *What) {
  if (!OK && Bad++ < 10)
    std::printf("mismatch: %s\n", What);
}

int main() {
  std::vector<int> Init(100);
  std::iota(Init.begin(), Init.end(), 0);
  accelerator Acc;
  accelerator_view AV = Acc.default_view;

  ampcc::rt::resetTransferStats();
  array<int, 1> A(extent<1>(100), Init.begin(), Init.end());
  parallel_for_each(A.extent, [&A](index<1> I) restrict(amp) { A[I] += 1; });
  std::printf("iterator construction then kernel: h2d %llu (%llu bytes)\n",
              (unsigned long long)ampcc::rt::getTransferStats().HostToDeviceCopies,
              (unsigned long long)ampcc::rt::getTransferStats().HostToDeviceBytes);

  // Every shape of constructor.
  array<int, 1> A1(100);
  array<int, 2> A2(10, 10);
  array<int, 3> A3(2, 5, 10);
  array<int, 2> A4(10, 10, Init.begin());
  array<int, 2> A5(10, 10, Init.begin(), Init.end());
  array<int, 3> A6(2, 5, 10, Init.begin(), Init.end());
  array<int, 3> A7(extent<3>(2, 5, 10), Init.begin());
  array<int, 1> A8(100, Init.begin(), AV);
  array<int, 1> A9(extent<1>(100), Init.begin(), Init.end(), AV);
  array<int, 2> A10(10, 10, AV);
  array<int, 3> A11(2, 5, 10, AV, access_type_read_write);
  array<int, 2> A12(extent<2>(10, 10), AV);
  std::list<int> L(Init.begin(), Init.end());
  array<int, 1> A13(100, L.begin(), L.end());
  check(A4(9, 9) == 99 && A5[index<2>(3, 4)] == 34, "rank-2 iterator ctors");
  check(A6(1, 4, 9) == 99 && A7(0, 0, 9) == 9, "rank-3 iterator ctors");
  check(A8[50] == 50 && A9[99] == 99 && A13[42] == 42, "rank-1 iterator ctors");
  check(A1.extent.size() == 100 && A2.extent[1] == 10 && A3.extent[0] == 2,
        "extent ctors");
  check(A10.get_accelerator_view() == AV && A11.accelerator_view == AV, "placed");
  check(A12.get_cpu_access_type() == access_type_read_write, "cpu access type");
  check(A1[0] == 0 && A1[99] == 0, "fresh arrays read as zero");

  // From views, with and without an accelerator_view.
  array_view<const int, 2> CV(10, 10, Init);
  array<int, 2> FromView(CV);
  array<int, 2> FromView2(CV, AV);
  array_view<int, 2> V(10, 10, Init);
  array<int, 2> FromView3(V);
  array<int, 2> FromSection(V.section(index<2>(2, 2), extent<2>(3, 3)));
  check(FromView(5, 5) == 55 && FromView2(9, 0) == 90 && FromView3(0, 9) == 9,
        "view ctors");
  check(FromSection(0, 0) == 22 && FromSection(2, 2) == 44, "section ctor");

  // Copy and move semantics.
  ampcc::rt::resetTransferStats();
  array<int, 1> Copy(A);
  ampcc::rt::TransferStats T = ampcc::rt::getTransferStats();
  std::printf("copy construction: h2d %llu d2h %llu d2d %llu\n",
              (unsigned long long)T.HostToDeviceCopies,
              (unsigned long long)T.DeviceToHostCopies,
              (unsigned long long)T.DeviceToDeviceCopies);
  ampcc::rt::resetTransferStats();
  array<int, 1> Moved(std::move(Copy));
  std::printf("move construction: d2d %llu\n",
              (unsigned long long)ampcc::rt::getTransferStats().DeviceToDeviceCopies);
  check(Moved[99] == 100, "copy then move");
  Copy = Moved;                 // copy assignment (into a moved-from array)
  Moved[0] = -5;
  check(Copy[0] == 1, "copy assignment is deep");
  Copy = std::move(Moved);      // move assignment
  check(Copy[0] == -5, "move assignment");
  Copy = array_view<const int, 1>(A); // assignment from a view
  check(Copy[0] == 1, "assignment from a view");

  // data(), std::vector, view_as, reinterpret_as, sections.
  int *P = A.data();
  P[3] = 333;
  const array<int, 1> &CA = A;
  check(CA.data()[3] == 333, "data()");
  parallel_for_each(A.extent, [&A](index<1> I) restrict(amp) { A[I] += 1; });
  std::vector<int> Vec = A;
  check(Vec[3] == 334 && Vec[99] == 101, "operator std::vector");
  array_view<int, 2> Square = A.view_as(extent<2>(10, 10));
  check(Square(0, 3) == 334 && Square(9, 9) == 101, "view_as");
  array_view<const int, 2> CSquare = CA.view_as(extent<2>(5, 20));
  check(CSquare(1, 0) == 22, "const view_as");
  array<float, 1> Floats(4);
  array_view<int, 1> Bits = Floats.reinterpret_as<int>();
  Bits[1] = 0x3f800000; // 1.0f
  check(Floats[1] == 1.0f && Bits.extent[0] == 4, "reinterpret_as");
  array_view<int, 2> Sec = A2.section(1, 1, 2, 2);
  Sec(1, 1) = 9;
  check(A2(2, 2) == 9, "section");
  const array<int, 2> &CA2 = A2;
  array_view<const int, 2> CSec = CA2.section(index<2>(2, 2));
  check(CSec(0, 0) == 9 && CSec.extent[0] == 8, "const section");
  check(A2[2][2] == 9 && CA2[2][2] == 9, "projections");

  // Staging arrays: host memory for the CPU, associated with the default
  // accelerator's view for use there.
  accelerator Cpu(accelerator::cpu_accelerator);
  array<int, 1> Staging(100, Cpu.default_view, AV);
  std::printf("staging: on cpu %d, associated is default %d\n",
              (int)(Staging.get_accelerator_view() == Cpu.default_view),
              (int)(Staging.get_associated_accelerator_view() == AV));
  std::copy(Init.begin(), Init.end(), Staging.data());
  parallel_for_each(AV, Staging.extent, [&Staging](index<1> I) restrict(amp) {
    Staging[I] *= 2;
  });
  check(Staging.data()[50] == 100, "staging array kernel");
  array<int, 1> Staging2(extent<1>(100), Init.begin(), Cpu.default_view, AV);
  array<int, 2> Staging3(V, Cpu.default_view, AV);
  check(Staging2[7] == 7 && Staging3(1, 1) == 11, "staging ctors");
  std::printf("accelerator_view property: %d\n",
              (int)(Staging.associated_accelerator_view == AV));

  // Rank 4 on the host (kernels of rank 4 need compiler support).
  int E4[4] = {2, 3, 4, 5};
  std::vector<int> Init4(120);
  std::iota(Init4.begin(), Init4.end(), 0);
  array<int, 4> R4(extent<4>(E4), Init4.begin());
  int I4[4] = {1, 2, 3, 4};
  check(R4[index<4>(I4)] == 60 + 40 + 15 + 4, "rank-4 array");
  std::printf("array: %d mismatches\n", Bad);
  return Bad != 0;
}
