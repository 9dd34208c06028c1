// PPL's locks and concurrent containers on oneTBB, without any kernel:
// counters under critical_section and reader_writer_lock, improper_lock on
// a recursive lock, concurrent_queue, concurrent_vector and the concurrent
// unordered map and set filled from many tasks and checked element by element.
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK-NOT: FAIL
// CHECK: critical_section: 200000
// CHECK-NEXT: critical_section recursive: improper_lock
// CHECK-NEXT: critical_section try_lock_for while held: false
// CHECK-NEXT: reader_writer_lock: writes 1000, reads saw consistent pairs
// CHECK-NEXT: concurrent_queue: 100000 items, each once
// CHECK-NEXT: concurrent_vector: 100000 items, each once
// CHECK-NEXT: concurrent_vector grow_by: 3000
// CHECK-NEXT: concurrent_unordered_map: 5000 keys, each once, find 1
// CHECK-NEXT: concurrent_unordered_set: 100 keys
#include <concurrent_queue.h>
#include <concurrent_unordered_map.h>
#include <concurrent_unordered_set.h>
#include <concurrent_vector.h>
#include <ppl.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <memory>
#include <thread>
#include <vector>

using namespace concurrency;

int main() {
  {
    critical_section CS;
    long Counter = 0; // Not atomic: the lock is what keeps it right.
    parallel_for(0, 200000, [&](int) {
      critical_section::scoped_lock L(CS);
      ++Counter;
    });
    std::printf("critical_section: %ld\n", Counter);

    CS.lock();
    try {
      CS.lock();
      std::printf("FAIL: recursive lock taken\n");
    } catch (const improper_lock &) {
      std::printf("critical_section recursive: improper_lock\n");
    }
    bool Got = true;
    std::thread Other([&] { Got = CS.try_lock_for(20); });
    Other.join();
    CS.unlock();
    std::printf("critical_section try_lock_for while held: %s\n", Got ? "true" : "false");
  }
  {
    reader_writer_lock RW;
    long A = 0, B = 0; // Writers keep A == B; readers must never see them differ.
    std::atomic<int> Torn{0};
    parallel_for(0, 20000, [&](int I) {
      if (I % 20 == 0) {
        reader_writer_lock::scoped_lock L(RW);
        ++A;
        std::this_thread::yield();
        ++B;
      } else {
        reader_writer_lock::scoped_lock_read L(RW);
        if (A != B)
          Torn++;
      }
    });
    std::printf("reader_writer_lock: writes %ld, %s\n", A,
                Torn == 0 && A == B ? "reads saw consistent pairs" : "FAIL: torn reads");
  }
  {
    const int N = 100000;
    concurrent_queue<int> Q;
    parallel_for(0, N, [&](int I) { Q.push(I); });
    std::vector<int> Seen(N, 0);
    std::atomic<int> Popped{0};
    parallel_invoke(
        [&] { int X; while (Q.try_pop(X)) { Seen[X]++; Popped++; } },
        [&] { int X; while (Q.try_pop(X)) { Seen[X]++; Popped++; } });
    bool Ok = Q.empty() && Q.unsafe_size() == 0 &&
              std::all_of(Seen.begin(), Seen.end(), [](int C) { return C == 1; });
    std::printf("concurrent_queue: %d items, %s\n", Popped.load(), Ok ? "each once" : "FAIL");

    concurrent_vector<int> V;
    parallel_for(0, N, [&](int I) { V.push_back(I); });
    std::vector<int> Sorted(V.begin(), V.end());
    std::sort(Sorted.begin(), Sorted.end());
    bool VOk = Sorted.size() == size_t(N);
    for (int I = 0; VOk && I < N; ++I)
      VOk = Sorted[I] == I;
    std::printf("concurrent_vector: %zu items, %s\n", V.size(), VOk ? "each once" : "FAIL");

    concurrent_vector<int> G;
    parallel_for(0, 1000, [&](int) {
      auto It = G.grow_by(3);
      for (int K = 0; K < 3; ++K)
        *It++ = 1;
    });
    long S = 0;
    for (int X : G)
      S += X;
    std::printf("concurrent_vector grow_by: %ld\n", S);
  }
  {
    // Values that cannot be copied (ampblas keeps unique_ptrs per thread id);
    // every task inserts its key once, and racing tasks insert key % 100.
    concurrent_unordered_map<unsigned, std::unique_ptr<int>> M;
    concurrent_unordered_set<int> Small;
    parallel_for(0, 5000, [&](int I) {
      auto Done = M.insert(std::make_pair(unsigned(I), std::make_unique<int>(I)));
      if (!Done.second)
        std::printf("FAIL: key %d inserted twice\n", I);
      Small.insert(I % 100);
    });
    bool Ok = M.size() == 5000;
    for (auto &KV : M)
      Ok &= *KV.second == int(KV.first);
    auto Found = M.find(1234);
    std::printf("concurrent_unordered_map: %zu keys, %s, find %d\n", M.size(),
                Ok ? "each once" : "FAIL", int(Found != M.end() && *Found->second == 1234));
    std::printf("concurrent_unordered_set: %zu keys\n", Small.size());
  }
  return 0;
}
