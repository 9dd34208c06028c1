// A soak: 10,000 launches, each with views created over host memory,
// copied in, written by the kernel and copied back, and an array allocated
// and freed every tenth launch. Resident memory after 500 warm-up launches
// and at the end must not grow by more than 8 MiB (a leak of one view, one
// buffer or one event per launch would add megabytes), and the last result
// must be right. The figures are printed for the record.
// REQUIRES: opencl
// RUN: %ampcc -O2 %s -o %t && %t | %FileCheck %s
// CHECK: soak: 10000 launches, results correct, resident growth within 8 MiB
#include <amp.h>
#include <cstdio>
#include <unistd.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
// Under scripts/sanitize.sh: AddressSanitizer's quarantine keeps freed memory
// resident by design (+90 MB here), which is no leak (LeakSanitizer looks
// for those); without it the resident figure means what it means unsanitized.
extern "C" const char *__asan_default_options() { return "quarantine_size_mb=0"; }
#endif
#endif
#include <vector>
using namespace concurrency;

static long residentKiB() {
  long Pages = 0, Resident = 0;
  if (FILE *F = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(F, "%ld %ld", &Pages, &Resident) != 2)
      Resident = 0;
    std::fclose(F);
  }
  return Resident * (sysconf(_SC_PAGESIZE) / 1024);
}

int main() {
  const int Launches = 10000, Warmup = 500, Size = 256;
  std::vector<float> Data(Size);
  long Before = 0;
  bool Correct = true;
  for (int L = 0; L < Launches; ++L) {
    if (L == Warmup)
      Before = residentKiB();
    for (int I = 0; I < Size; ++I)
      Data[I] = float(I);
    array_view<float, 1> V(Size, Data);
    float Add = float(L % 7);
    if (L % 10 == 0) {
      array<float, 1> A(Size, Data.begin());
      parallel_for_each(V.extent, [=, &A](index<1> I) restrict(amp) { V[I] = A[I] + Add; });
    } else {
      parallel_for_each(V.extent, [=](index<1> I) restrict(amp) { V[I] += Add; });
    }
    V.synchronize();
    Correct &= Data[Size - 1] == float(Size - 1) + Add && Data[0] == Add;
  }
  long After = residentKiB();
  std::printf("resident memory: %ld KiB after %d launches, %ld KiB after %d (%+ld KiB)\n",
              Before, Warmup, After, Launches, After - Before);
  bool Within = After - Before <= 8 * 1024;
  std::printf("soak: %d launches, results %s, resident growth %s 8 MiB\n", Launches,
              Correct ? "correct" : "WRONG", Within ? "within" : "BEYOND");
  return !(Correct && Within);
}
