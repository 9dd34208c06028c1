// Every concurrency::copy overload (spec §5.3), with the data checked and the
// bytes each one moves asserted exactly:
//  - contiguous iterators (a std::vector's, a pointer) that cover an array
//    go straight to its device (one write), and the kernel after needs
//    nothing more;
//  - an array_view over host memory into an array goes straight to the
//    device (one write), and an array into such a view comes straight back
//    (one read);
//  - array to array on one device never crosses the bus;
//  - sections copy only their rectangle.
// Each line counts what happened since the previous one.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: iter->array: h2d 1/4000 d2h 0/0 d2d 0
// CHECK: kernel: h2d 0/0 d2h 0/0 d2d 0
// CHECK: array->array: h2d 0/0 d2h 0/0 d2d 1
// CHECK: array->iter: h2d 0/0 d2h 1/4000 d2d 0
// CHECK: view->array: h2d 1/4000 d2h 0/0 d2d 0
// CHECK: const view->array: h2d 2/8000 d2h 0/0 d2d 0
// CHECK: array->view: h2d 0/0 d2h 1/4000 d2d 0
// CHECK: view->view: h2d 0/0 d2h 0/0 d2d 0
// CHECK: iter->view, view->iter: h2d 0/0 d2h 0/0 d2d 0
// CHECK: section->array: h2d 1/400 d2h 0/0 d2d 0
// CHECK: array->section: h2d 0/0 d2h 1/400 d2d 0
// CHECK: copy_to: h2d 0/0 d2h 0/0 d2d 1
// CHECK: extent mismatch: runtime_exception
// CHECK: too many elements: runtime_exception
// CHECK: copy: 0 mismatches
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
static void print(const char *What) {
  ampcc::rt::TransferStats S = ampcc::rt::getTransferStats();
  std::printf("%s: h2d %llu/%llu d2h %llu/%llu d2d %llu\n", What,
              (unsigned long long)S.HostToDeviceCopies,
              (unsigned long long)S.HostToDeviceBytes,
              (unsigned long long)S.DeviceToHostCopies,
              (unsigned long long)S.DeviceToHostBytes,
              (unsigned long long)S.DeviceToDeviceCopies);
  ampcc::rt::resetTransferStats();
}

int main() {
  const int N = 1000;
  std::vector<int> Src(N);
  std::iota(Src.begin(), Src.end(), 0);
  ampcc::rt::resetTransferStats();

  array<int, 1> A(N), B(N);
  copy(Src.begin(), Src.end(), A);
  print("iter->array");
  parallel_for_each(A.extent, [&A](index<1> I) restrict(amp) { A[I] += 1; });
  print("kernel");
  copy(A, B);
  print("array->array");
  std::vector<int> Out(N, 0);
  copy(B, Out.begin());
  print("array->iter");
  check(Out[0] == 1 && Out[N - 1] == N, "array->iter values");

  std::vector<int> Host(N, 7);
  array_view<int, 1> HV(N, Host);
  copy(HV, A);
  print("view->array");
  array_view<const int, 1> CHV(N, Host);
  copy(CHV, B);
  copy(CHV, A);
  print("const view->array");
  std::vector<int> Back(N, 0);
  array_view<int, 1> BV(N, Back);
  parallel_for_each(A.extent, [&A](index<1> I) restrict(amp) { A[I] *= 3; });
  ampcc::rt::resetTransferStats();
  copy(A, BV);
  print("array->view");
  check(Back[10] == 21 && BV[999] == 21, "array->view values");

  std::vector<int> Other(N, 0);
  array_view<int, 1> OV(N, Other);
  copy(HV, OV);
  copy(CHV, OV);
  print("view->view");
  check(Other[5] == 7, "view->view values");

  std::list<int> L(N, 3);
  copy(L.begin(), L.end(), OV);
  copy(L.begin(), OV);
  std::vector<int> Dump(N);
  copy(OV, Dump.begin());
  copy(array_view<const int, 1>(OV), Dump.begin());
  print("iter->view, view->iter");
  check(Dump[17] == 3 && Other[17] == 3, "iter<->view values");

  // Sections: a 10x10 block of a 1000x1000 view into a 10x10 array and back
  // into another place.
  std::vector<int> Big(N * N);
  std::iota(Big.begin(), Big.end(), 0);
  array_view<int, 2> BigV(N, N, Big);
  array<int, 2> Block(10, 10);
  copy(BigV.section(index<2>(10, 20), extent<2>(10, 10)), Block);
  print("section->array");
  parallel_for_each(Block.extent, [&Block](index<2> I) restrict(amp) {
    Block[I] = -Block[I];
  });
  copy(Block, BigV.section(index<2>(500, 500), extent<2>(10, 10)));
  print("array->section");
  check(Big[500 * N + 500] == -(10 * N + 20), "array->section first");
  check(Big[509 * N + 509] == -(19 * N + 29), "array->section last");
  check(Big[509 * N + 510] == 509 * N + 510, "array->section outside");

  // copy_to members.
  array<int, 2> Block2(10, 10);
  Block.copy_to(Block2);
  print("copy_to");
  std::vector<int> Small(100);
  array_view<int, 2> SmallV(10, 10, Small);
  Block2.copy_to(SmallV);
  BigV.section(index<2>(0, 0), extent<2>(10, 10)).copy_to(Block2);
  check(Small[99] == -(19 * N + 29), "copy_to values");
  check(std::vector<int>(Block2)[11] == 1 * N + 1, "view copy_to array");

  try {
    array<int, 1> C(N + 1);
    copy(A, array_view<int, 1>(C));
    std::printf("extent mismatch: no exception\n");
  } catch (const runtime_exception &E) {
    std::printf("extent mismatch: runtime_exception\n");
  }
  try {
    std::vector<int> TooMany(N + 1);
    copy(TooMany.begin(), TooMany.end(), A);
    std::printf("too many elements: no exception\n");
  } catch (const runtime_exception &E) {
    std::printf("too many elements: runtime_exception\n");
  }
  std::printf("copy: %d mismatches\n", Bad);
  return Bad != 0;
}
