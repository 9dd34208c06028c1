// Programs written for HCC use assert, std::map, std::set and std::mutex
// with only <amp.h> included, as HCC's header gave them (issue 44 item 3);
// with -fno-ms-headers too, since HCC was a Linux compiler.
// REQUIRES: opencl
// RUN: %ampcc -O2 %s -o %t && %t | %FileCheck %s
// RUN: %ampcc -O2 -fno-ms-headers %s -o %t.nms && %t.nms | %FileCheck %s
// RUN: %ampcc -O0 -DFAIL_ASSERT %s -o %t.fail && %not --crash %t.fail 2>&1 | %FileCheck --check-prefix=ABORT %s
// CHECK: sums: 4950 4950
// CHECK-NEXT: PASS
// ABORT: Assertion {{.*}}Sum == -1{{.*}} failed
#include <amp.h>
#include <cstdio>

int main() {
  std::vector<int> Data(100);
  for (int I = 0; I < 100; ++I)
    Data[I] = I;
  concurrency::array_view<int, 1> AV(100, Data);
  concurrency::parallel_for_each(AV.extent, [=](concurrency::index<1> I) restrict(amp) {
    AV[I] = AV[I] * 2 - I[0];
  });
  std::map<int, int> ByValue;
  std::set<int> Seen;
  std::mutex Lock;
  int Sum = 0;
  for (int I = 0; I < 100; ++I) {
    std::lock_guard<std::mutex> Guard(Lock);
    ByValue[AV[I]] = I;
    Seen.insert(AV[I]);
    Sum += AV[I];
  }
  int MapSum = 0;
  for (auto &KV : ByValue)
    MapSum += KV.second;
#ifdef FAIL_ASSERT
  assert(Sum == -1);
#endif
  assert(Seen.size() == 100);
  std::printf("sums: %d %d\n", Sum, MapSum);
  std::printf(Sum == 4950 && MapSum == 4950 ? "PASS\n" : "FAIL\n");
}
