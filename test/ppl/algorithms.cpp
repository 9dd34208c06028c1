// PPL's parallel algorithms on oneTBB, without any kernel: every result is
// compared with a serial computation of the same thing, and a mismatch
// prints FAIL with both values.
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK-NOT: FAIL
// CHECK: parallel_for step: PASS
// CHECK: parallel_for partitioners: PASS
// CHECK: parallel_for bad step: PASS
// CHECK: parallel_for_each: PASS
// CHECK: parallel_for_each list: PASS
// CHECK: parallel_invoke: PASS
// CHECK: parallel_reduce sum: PASS
// CHECK: parallel_reduce binary: PASS
// CHECK: parallel_reduce range: PASS
// CHECK: parallel_reduce list: PASS
// CHECK: parallel_transform: PASS
// CHECK: parallel_sort: PASS
// CHECK: combinable: PASS
// CHECK: exception: PASS
#include <ppl.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <functional>
#include <list>
#include <numeric>
#include <stdexcept>
#include <vector>

using namespace concurrency;

static void report(const char *What, bool Ok, long long Got, long long Want) {
  if (Ok)
    std::printf("%s: PASS\n", What);
  else
    std::printf("%s: FAIL (got %lld, want %lld)\n", What, Got, Want);
}

int main() {
  const int N = 100003;

  // Every index from 7 to N with step 5 is visited exactly once.
  std::vector<std::atomic<int>> Hits(N);
  parallel_for(7, N, 5, [&](int I) { Hits[I]++; });
  long long Bad = 0;
  for (int I = 0; I < N; ++I)
    Bad += Hits[I] != ((I >= 7 && (I - 7) % 5 == 0) ? 1 : 0);
  report("parallel_for step", Bad == 0, Bad, 0);

  std::vector<int> A(N, 0);
  parallel_for(0, N, [&](int I) { A[I] += 1; }, auto_partitioner());
  parallel_for(0, N, [&](int I) { A[I] += 2; }, static_partitioner());
  parallel_for(0, N, [&](int I) { A[I] += 4; }, simple_partitioner(1000));
  affinity_partitioner AP;
  for (int Rep = 0; Rep < 2; ++Rep)
    parallel_for(0, N, [&](int I) { A[I] += 8; }, AP);
  parallel_for(size_t(0), size_t(N), size_t(2), [&](size_t I) { A[I] += 32; },
               simple_partitioner(7));
  Bad = 0;
  for (int I = 0; I < N; ++I)
    Bad += A[I] != 1 + 2 + 4 + 16 + (I % 2 ? 0 : 32);
  report("parallel_for partitioners", Bad == 0, Bad, 0);

  bool Threw = false;
  try {
    parallel_for(0, 10, 0, [](int) {});
  } catch (const std::invalid_argument &) {
    Threw = true;
  }
  report("parallel_for bad step", Threw, Threw, 1);

  std::vector<long long> V(N);
  std::iota(V.begin(), V.end(), 1);
  parallel_for_each(V.begin(), V.end(), [](long long &X) { X = X * X % 1009; });
  long long Want = 0, Got = 0;
  for (long long I = 1; I <= N; ++I)
    Want += I * I % 1009;
  Got = std::accumulate(V.begin(), V.end(), 0LL);
  report("parallel_for_each", Got == Want, Got, Want);

  std::list<int> L(1000, 3);
  parallel_for_each(L.begin(), L.end(), [](int &X) { X *= 7; });
  Got = std::accumulate(L.begin(), L.end(), 0LL);
  report("parallel_for_each list", Got == 21000, Got, 21000);

  int P1 = 0, P2 = 0, P3 = 0;
  parallel_invoke([&] { P1 = 11; }, [&] { P2 = 22; }, [&] { P3 = 33; });
  report("parallel_invoke", P1 + P2 + P3 == 66, P1 + P2 + P3, 66);

  std::vector<int> R(N);
  for (int I = 0; I < N; ++I)
    R[I] = (I * 37) % 101 - 50;
  Want = std::accumulate(R.begin(), R.end(), 0LL);
  std::vector<long long> RL(R.begin(), R.end());
  Got = parallel_reduce(RL.begin(), RL.end(), 0LL);
  report("parallel_reduce sum", Got == Want, Got, Want);

  int MaxWant = *std::max_element(R.begin(), R.end());
  int MaxGot = parallel_reduce(R.begin(), R.end(), -1000,
                               [](int X, int Y) { return std::max(X, Y); });
  report("parallel_reduce binary", MaxGot == MaxWant, MaxGot, MaxWant);

  // The range form: count of negative elements, as a long long.
  long long NegWant = std::count_if(R.begin(), R.end(), [](int X) { return X < 0; });
  long long NegGot = parallel_reduce(
      R.begin(), R.end(), 0LL,
      [](std::vector<int>::iterator F, std::vector<int>::iterator E, long long Init) {
        return Init + std::count_if(F, E, [](int X) { return X < 0; });
      },
      std::plus<long long>());
  report("parallel_reduce range", NegGot == NegWant, NegGot, NegWant);

  std::list<long long> RList(RL.begin(), RL.end());
  Got = parallel_reduce(RList.begin(), RList.end(), 0LL);
  report("parallel_reduce list", Got == Want, Got, Want);

  std::vector<float> X(N), Y(N), Out(N), Out2(N);
  for (int I = 0; I < N; ++I) {
    X[I] = float(I % 17);
    Y[I] = float(I % 5);
  }
  auto End = parallel_transform(X.begin(), X.end(), Y.begin(), Out.begin(),
                                std::multiplies<float>());
  parallel_transform(Out.begin(), Out.end(), Out2.begin(),
                     [](float F) { return F + 1.0f; }, simple_partitioner(64));
  Bad = End != Out.end();
  for (int I = 0; I < N; ++I)
    Bad += Out2[I] != X[I] * Y[I] + 1.0f;
  report("parallel_transform", Bad == 0, Bad, 0);

  std::vector<int> S(R), SRef(R);
  parallel_sort(S.begin(), S.end());
  std::sort(SRef.begin(), SRef.end());
  std::vector<int> SDesc(R);
  parallel_buffered_sort(SDesc.begin(), SDesc.end(), std::greater<int>());
  Bad = S != SRef || !std::equal(SDesc.rbegin(), SDesc.rend(), SRef.begin());
  report("parallel_sort", Bad == 0, Bad, 0);

  combinable<long long> Sum;
  combinable<int> Count([] { return 0; });
  parallel_for(0, N, [&](int I) {
    Sum.local() += R[I];
    Count.local()++;
  });
  long long CombinedCount = 0;
  Count.combine_each([&](int C) { CombinedCount += C; });
  Got = Sum.combine(std::plus<long long>());
  report("combinable", Got == Want && CombinedCount == N, Got, Want);

  // An exception in a body stops the loop and reaches the caller.
  std::string Msg;
  try {
    parallel_for(0, N, [](int I) {
      if (I == 4242)
        throw std::runtime_error("body 4242");
    });
  } catch (const std::runtime_error &E) {
    Msg = E.what();
  }
  report("exception", Msg == "body 4242", Msg.size(), 9);
  return 0;
}
