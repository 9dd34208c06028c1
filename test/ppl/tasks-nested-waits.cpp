// Waiting for tasks inside tasks must not starve oneTBB's workers: a thread
// that waits for a task not yet started runs it itself. A recursive
// Fibonacci that creates a task per call and waits for it, tasks waiting
// for continuations, and task_group tasks waiting for tasks; compared with
// serial results. lit's timeout catches a deadlock.
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK-NOT: FAIL
// CHECK: fib: PASS
// CHECK-NEXT: continuations waited in tasks: PASS
// CHECK-NEXT: task_group waits: PASS
#include <ppltasks.h>

#include <atomic>
#include <cstdio>
#include <vector>

using namespace concurrency;

static int fibTasks(int N) {
  if (N < 2)
    return N;
  auto A = create_task([N] { return fibTasks(N - 1); });
  int B = fibTasks(N - 2);
  return A.get() + B;
}

static int fibSerial(int N) { return N < 2 ? N : fibSerial(N - 1) + fibSerial(N - 2); }

int main() {
  int Got = fibTasks(18), Want = fibSerial(18);
  std::printf("fib: %s (%d, want %d)\n", Got == Want ? "PASS" : "FAIL", Got, Want);

  std::vector<task<int>> Ts;
  for (int I = 0; I < 64; ++I)
    Ts.push_back(create_task([I] {
      return create_task([I] { return I; }).then([](int X) { return X * 2; }).get();
    }));
  int Sum = 0, SumWant = 0;
  for (int I = 0; I < 64; ++I) {
    Sum += Ts[I].get();
    SumWant += 2 * I;
  }
  std::printf("continuations waited in tasks: %s\n", Sum == SumWant ? "PASS" : "FAIL");

  task_group G;
  std::atomic<int> Count{0};
  for (int I = 0; I < 100; ++I)
    G.run([&Count, I] { Count += create_task([I] { return I; }).get(); });
  G.wait();
  std::printf("task_group waits: %s\n", Count == 4950 ? "PASS" : "FAIL");
  return 0;
}
