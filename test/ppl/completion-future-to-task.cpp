// completion_future::to_task (Visual C++'s bridge from C++ AMP's
// asynchronous operations to PPL tasks): a continuation of two copies'
// tasks joined with && sees the copied data; a failed operation's error
// reaches the task; an invalid future throws. Without <ppltasks.h> the call
// is a compile-time error naming the header (<amp.h> includes it, as Visual
// C++'s does, unless -fno-ms-headers).
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// RUN: %ampcc -fsyntax-only -DNO_PPLTASKS %s
// RUN: not %ampcc -fsyntax-only -fno-ms-headers -DNO_PPLTASKS %s 2>&1 | %FileCheck --check-prefix=NOINC %s
// CHECK: continuation after both copies: 128 of 128 copied
// CHECK: failed operation: get() rethrows
// CHECK: invalid future: runtime_exception
// NOINC: include <ppltasks.h> to use completion_future::to_task
#include <amp.h>
#ifndef NO_PPLTASKS
#include <ppltasks.h>
#endif
#include <cstdio>
#include <future>
#include <stdexcept>
#include <vector>
using namespace concurrency;

int main() {
  const int N = 64;
  std::vector<int> Src(N), Dst1(N, 0), Dst2(N, 0);
  for (int I = 0; I < N; ++I)
    Src[I] = I * 7 + 1;
  array<int, 1> A(N, Src.begin());
  completion_future F1 = copy_async(A, Dst1.begin());
  completion_future F2 = copy_async(A, Dst2.begin());
  int Copied = -1;
  auto Joined = (F1.to_task() && F2.to_task()).then([&] {
    Copied = 0;
    for (int I = 0; I < N; ++I)
      Copied += (Dst1[I] == Src[I]) + (Dst2[I] == Src[I]);
  });
  Joined.wait();
  std::printf("continuation after both copies: %d of %d copied\n", Copied, 2 * N);

  // A future that ends with an exception: the task's get() rethrows it.
  std::promise<void> P;
  P.set_exception(std::make_exception_ptr(std::runtime_error("device lost")));
  completion_future Failing(P.get_future().share());
  try {
    Failing.to_task().get();
    std::printf("failed operation: no exception\n");
  } catch (const std::runtime_error &) {
    std::printf("failed operation: get() rethrows\n");
  }

  completion_future Invalid;
  try {
    Invalid.to_task();
    std::printf("invalid future: no exception\n");
  } catch (const runtime_exception &) {
    std::printf("invalid future: runtime_exception\n");
  }
}
