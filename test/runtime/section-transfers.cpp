// Sections move only their rectangle (clEnqueue{Write,Read}BufferRect): a
// kernel on a 10x10 section of a 1000x1000 int view copies 400 bytes in, and
// synchronizing the section copies 400 bytes back; the rest of the view never
// moves, not even when the last view dies. The same for a 3-D section, and
// for host access through the whole view after a kernel on a section. A
// section in the matrix's last rows moves in two pieces each way: NVIDIA's
// driver refuses a rectangle whose last row's pitch passes the buffer's end
// (runtime/support/Region.h, withinBounds); the host backend copies it
// whole.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: after kernel: h2d 1 copies 400 bytes, d2h 0 copies 0 bytes, 1 launches
// CHECK: after section synchronize: h2d 1 copies 400 bytes, d2h 1 copies 400 bytes
// CHECK: after scope: h2d 1 copies 400 bytes, d2h 1 copies 400 bytes
// CHECK: 3-D: h2d 1 copies 480 bytes, d2h 1 copies 480 bytes
// CHECK: whole-view read: h2d {{[12]}} copies 400 bytes, d2h {{[12]}} copies 400 bytes
// CHECK: projection: h2d 1 copies 4000 bytes, d2h 1 copies 4000 bytes
// CHECK: sections: 0 mismatches
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

static void print(const char *What) {
  ampcc::rt::TransferStats S = ampcc::rt::getTransferStats();
  std::printf("%s: h2d %llu copies %llu bytes, d2h %llu copies %llu bytes, "
              "%llu launches\n",
              What, (unsigned long long)S.HostToDeviceCopies,
              (unsigned long long)S.HostToDeviceBytes,
              (unsigned long long)S.DeviceToHostCopies,
              (unsigned long long)S.DeviceToHostBytes,
              (unsigned long long)S.KernelLaunches);
}

int main() {
  int Bad = 0;
  const int N = 1000;
  std::vector<int> Data(N * N, 1);
  ampcc::rt::resetTransferStats();
  {
    array_view<int, 2> All(N, N, Data);
    array_view<int, 2> Sec = All.section(index<2>(10, 20), extent<2>(10, 10));
    parallel_for_each(Sec.extent, [=](index<2> I) restrict(amp) {
      Sec[I] += I[0] * 10 + I[1];
    });
    print("after kernel");
    Sec.synchronize();
    print("after section synchronize");
  }
  print("after scope");
  for (int R = 0; R < N; ++R)
    for (int C = 0; C < N; ++C) {
      bool In = R >= 10 && R < 20 && C >= 20 && C < 30;
      int Want = In ? 1 + (R - 10) * 10 + (C - 20) : 1;
      if (Data[R * N + C] != Want && Bad++ < 5)
        std::printf("mismatch at %d,%d: %d\n", R, C, Data[R * N + C]);
    }

  // A 4x5x6 section of a 10x20x30 float view: one 3-D rectangle each way.
  ampcc::rt::resetTransferStats();
  std::vector<float> Cube(10 * 20 * 30, 0.0f);
  {
    array_view<float, 3> CV(10, 20, 30, Cube);
    array_view<float, 3> Box = CV.section(1, 2, 3, 4, 5, 6);
    parallel_for_each(Box.extent, [=](index<3> I) restrict(amp) {
      Box[I] = 1.0f;
    });
    Box.synchronize();
    ampcc::rt::TransferStats S = ampcc::rt::getTransferStats();
    std::printf("3-D: h2d %llu copies %llu bytes, d2h %llu copies %llu bytes\n",
                (unsigned long long)S.HostToDeviceCopies,
                (unsigned long long)S.HostToDeviceBytes,
                (unsigned long long)S.DeviceToHostCopies,
                (unsigned long long)S.DeviceToHostBytes);
  }
  float Sum = 0;
  for (float F : Cube)
    Sum += F;
  if (Sum != 120.0f || Cube[(1 * 20 + 2) * 30 + 3] != 1.0f || Cube[(4 * 20 + 6) * 30 + 8] != 1.0f) {
    std::printf("mismatch in 3-D section: sum %f\n", Sum);
    ++Bad;
  }

  // Host access through the whole view reads back only the section the
  // kernel wrote.
  ampcc::rt::resetTransferStats();
  std::vector<int> Grid(N * N, 0);
  {
    array_view<int, 2> All(N, N, Grid);
    array_view<int, 2> Sec = All.section(index<2>(990, 990));
    parallel_for_each(Sec.extent, [=](index<2> I) restrict(amp) { Sec[I] = 5; });
    if (All(999, 999) != 5 || All(0, 0) != 0) {
      std::printf("mismatch in whole-view read\n");
      ++Bad;
    }
    ampcc::rt::TransferStats S = ampcc::rt::getTransferStats();
    std::printf("whole-view read: h2d %llu copies %llu bytes, d2h %llu copies %llu bytes\n",
                (unsigned long long)S.HostToDeviceCopies,
                (unsigned long long)S.HostToDeviceBytes,
                (unsigned long long)S.DeviceToHostCopies,
                (unsigned long long)S.DeviceToHostBytes);
  }

  // A projection (one row) is a view of its own row only.
  ampcc::rt::resetTransferStats();
  {
    array_view<int, 2> All(N, N, Grid);
    array_view<int, 1> Row = All[500];
    parallel_for_each(Row.extent, [=](index<1> I) restrict(amp) { Row[I] = I[0]; });
    Row.synchronize();
    ampcc::rt::TransferStats S = ampcc::rt::getTransferStats();
    std::printf("projection: h2d %llu copies %llu bytes, d2h %llu copies %llu bytes\n",
                (unsigned long long)S.HostToDeviceCopies,
                (unsigned long long)S.HostToDeviceBytes,
                (unsigned long long)S.DeviceToHostCopies,
                (unsigned long long)S.DeviceToHostBytes);
  }
  if (Grid[500 * N + 999] != 999 || Grid[501 * N] != 0) {
    std::printf("mismatch in projection\n");
    ++Bad;
  }
  std::printf("sections: %d mismatches\n", Bad);
  return Bad != 0;
}
