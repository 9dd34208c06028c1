// tile_static (spec 2.4.3): only on local variables of restrict(amp) code
// (not restrict(cpu) or restrict(cpu, amp) functions), without an
// initializer, not of pointer or reference type. Clang's "__shared__ local
// variables not allowed in __host__ functions" comes out in these words.
// tile_static arrays and structs in tiled kernels, amp helpers and lambdas
// inside amp code are fine, also of classes without a default constructor
// or with one that does work (Visual C++ neither constructs nor destroys
// tile_static objects); an initializer of any form is still reported once.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=__shared__ --implicit-check-not=__host__
#include <amp.h>
#include <vector>
using namespace concurrency;

tile_static int Shared;
// CHECK: restrict-tile-static.cpp:[[@LINE-1]]:17: error: tile_static can only be applied to local variables; 'Shared' is a namespace-scope variable
struct Holder {
  static tile_static int Member;
  // CHECK: restrict-tile-static.cpp:[[@LINE-1]]:26: error: tile_static can only be applied to local variables; 'Member' is a static data member variable
};
void onHost() { tile_static int H; }
// CHECK: restrict-tile-static.cpp:[[@LINE-1]]:17: error: tile_static variables can only be declared in restrict(amp) code, not in restrict(cpu) code
int onBoth(int x) restrict(cpu, amp) {
  tile_static int B;
  // CHECK: restrict-tile-static.cpp:[[@LINE-1]]:19: error: tile_static variables can only be declared in restrict(amp) code, not in restrict(cpu,amp) code
  return x;
}
struct Counted {
  int N;
  Counted(int I) restrict(amp) : N(I) {}
};
struct Busy {
  int N;
  Busy() restrict(amp) { N = 42; }
  ~Busy() restrict(amp) { N = 0; }
};
union HoldsView {
  struct {
    concurrency::array_view<int> View;
  } Member;
  HoldsView() restrict(amp) {}
};
int misuse(int x) restrict(amp) {
  tile_static int Init = 4;
  // CHECK: restrict-tile-static.cpp:[[@LINE-1]]:19: error: tile_static variable 'Init' cannot have an initializer
  tile_static int *Ptr;
  // CHECK: restrict-tile-static.cpp:[[@LINE-1]]:20: error: tile_static variable 'Ptr' cannot have pointer type 'int *'
  tile_static int &Ref = Init;
  // CHECK: restrict-tile-static.cpp:[[@LINE-1]]:20: error: tile_static variable 'Ref' cannot have reference type 'int &'
  tile_static Counted Direct(3);
  // CHECK: restrict-tile-static.cpp:[[@LINE-1]]:23: error: tile_static variable 'Direct' cannot have an initializer
  tile_static Counted Braced{3};
  // CHECK: restrict-tile-static.cpp:[[@LINE-1]]:23: error: tile_static variable 'Braced' cannot have an initializer
  tile_static concurrency::array_view<float> Views[2];
  // CHECK: restrict-tile-static.cpp:[[@LINE-1]]:46: error: tile_static variable 'Views' cannot have type 'concurrency::array_view<float>[2]': it is or holds a concurrency::array, array_view or texture
  tile_static HoldsView InUnion;
  // CHECK: restrict-tile-static.cpp:[[@LINE-1]]:25: error: tile_static variable 'InUnion' cannot have type 'HoldsView': it is or holds
  return x;
}

// Valid: tile_static locals without initializers in tiled kernels, in amp
// helpers, in lambdas inside amp code; arrays and structs of allowed types.
struct Pair { int a; float b; };
int helper(int x) restrict(amp) {
  tile_static float Buf[16];
  Buf[x % 16] = 1.0f;
  return (int)Buf[0];
}

int main() {
  std::vector<int> D(64);
  array_view<int, 1> V(64, D);
  parallel_for_each(V.extent.tile<16>(), [=](tiled_index<16> T) restrict(amp) {
    tile_static int Tile[16];
    tile_static Pair P;
    tile_static Counted NoDefault[16];
    tile_static Busy Worker;
    auto Inner = [&](int K) {
      tile_static int Nested;
      return K;
    };
    Tile[T.local[0]] = V[T.global];
    T.barrier.wait();
    V[T.global] = Tile[0] + misuse(1) + onBoth(2) + helper(3) + Inner(4);
  });
  onHost();
  return 0;
}
// CHECK: 11 errors generated.
