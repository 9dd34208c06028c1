// Destructors run in kernels where C++ runs them: at the end of a scope, on
// return, break and continue, at the end of a full-expression for
// temporaries, after a destructor's body for its members and bases, and
// never twice for a returned (NRVO) object. Each scenario logs its
// constructions (+id) and destructions (-id); the same restrict(cpu,amp)
// code run on the host is the reference. Kernels once ran no destructor at
// all, silently.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t 2>&1 | %FileCheck %s
// C++14 elides copies of temporaries where C++17 has none to elide.
// RUN: %ampcc -std=c++14 %s -o %t14 && %t14 2>&1 | %FileCheck %s
// CHECK-NOT: warning
// CHECK: scenario 0: 1 2 -2 3 -3 -1
// CHECK: scenarios: 0 mismatches of 12
#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

const int Width = 24;

struct Log {
  array_view<int, 2> L;
  int Row;
  void push(int V) const restrict(cpu, amp) {
    int P = ++L(Row, 0);
    if (P < Width)
      L(Row, P) = V;
  }
};

struct Rec {
  Log G;
  int Id;
  Rec(const Log &G, int Id) restrict(cpu, amp) : G(G), Id(Id) { G.push(Id); }
  Rec(const Rec &O) restrict(cpu, amp) : G(O.G), Id(O.Id + 1000) { G.push(Id); }
  ~Rec() restrict(cpu, amp) { G.push(-Id); }
  int value() const restrict(cpu, amp) { return Id; }
};

struct Base {
  Log G;
  Base(const Log &G) restrict(cpu, amp) : G(G) { G.push(90); }
  ~Base() restrict(cpu, amp) { G.push(-90); }
};

struct Outer : Base {
  Rec M1, M2;
  Outer(const Log &G) restrict(cpu, amp) : Base(G), M1(G, 91), M2(G, 92) {}
  ~Outer() restrict(cpu, amp) { G.push(-100); }
};

// No destructor of its own: the implicit one destroys the members.
struct Pair {
  Rec A, B;
};

struct Early {
  Rec M;
  bool Skip;
  Early(const Log &G, bool Skip) restrict(cpu, amp) : M(G, 80), Skip(Skip) {
    if (Skip)
      return; // A constructor's early return still yields the object.
    G.push(81);
  }
  ~Early() restrict(cpu, amp) {
    if (Skip)
      return; // The members are destroyed all the same.
    M.G.push(-81);
  }
};

int consume(const Rec &R) restrict(cpu, amp) {
  R.G.push(7);
  return R.value();
}

int earlyReturn(const Log &G, bool Early) restrict(cpu, amp) {
  Rec A(G, 20);
  if (Early)
    return consume(A);
  Rec B(G, 21);
  return 0;
}

Rec make(const Log &G) restrict(cpu, amp) {
  Rec R(G, 60);
  return R;
}

void scenario(const Log &G, int K) restrict(cpu, amp) {
  switch (K) {
  case 0: {
    Rec A(G, 1);
    { Rec B(G, 2); }
    Rec C(G, 3);
    break;
  }
  case 1:
    for (int I = 0; I < 3; ++I) {
      Rec A(G, 10 + I);
      if (I == 0)
        continue;
      if (I == 1)
        break;
    }
    break;
  case 2:
    G.push(earlyReturn(G, true));
    break;
  case 3:
    G.push(consume(Rec(G, 31)) + 1);
    break;
  case 4: {
    Outer O(G);
    G.push(99);
    break;
  }
  case 5: {
    const Rec &R = Rec(G, 50);
    G.push(51);
    break;
  }
  case 6: {
    Rec X = make(G);
    G.push(61);
    break;
  }
  case 7: {
    for (int I = 0; I < 2; ++I) {
      Rec A(G, 70);
      switch (I) {
      case 0: {
        Rec B(G, 71);
        break;
      }
      default:
        G.push(72);
      }
    }
    break;
  }
  case 8: {
    Early E(G, true);
    Early F(G, false);
    break;
  }
  case 9:
    for (int I = 0; I < 3; I++, Rec(G, 40 + I))
      ;
    break;
  case 10: {
    Pair P{Rec(G, 11), Rec(G, 12)};
    break;
  }
  case 11: {
    int I = 0;
    while (I < 2) {
      Rec A(G, 30 + I);
      ++I;
    }
    Rec Copy = Rec(G, 35); // Elided: no copy.
    Rec Copied(Copy);
    break;
  }
  }
}

int main() {
  const int N = 12;
  std::vector<int> Dev(N * Width, 0), Host(N * Width, 0);
  array_view<int, 2> DevView(N, Width, Dev);
  parallel_for_each(DevView.get_extent().tile<1, Width>().truncate(),
                    [=](tiled_index<1, Width> T) restrict(amp) {
                      if (T.local[1] == 0)
                        scenario(Log{DevView, T.global[0]}, T.global[0]);
                    });
  DevView.synchronize();
  array_view<int, 2> HostView(N, Width, Host);
  for (int K = 0; K < N; ++K)
    scenario(Log{HostView, K}, K);
  HostView.synchronize();

  printf("scenario 0:");
  for (int P = 1; P <= Dev[0]; ++P)
    printf(" %d", Dev[P]);
  printf("\n");
  int Mismatches = 0;
  for (int K = 0; K < N; ++K) {
    bool Same = true;
    for (int P = 0; P < Width; ++P)
      Same = Same && Dev[K * Width + P] == Host[K * Width + P];
    if (!Same) {
      ++Mismatches;
      printf("scenario %d differs:\n  device:", K);
      for (int P = 1; P <= Dev[K * Width] && P < Width; ++P)
        printf(" %d", Dev[K * Width + P]);
      printf("\n  host:  ");
      for (int P = 1; P <= Host[K * Width] && P < Width; ++P)
        printf(" %d", Host[K * Width + P]);
      printf("\n");
    }
  }
  printf("scenarios: %d mismatches of %d\n", Mismatches, N);
  return Mismatches != 0;
}
