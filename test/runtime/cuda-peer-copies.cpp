// Copies between two GPUs of the CUDA backend go straight from one GPU's
// memory to the other's (the driver's copy between contexts, counted by the
// tests' fake driver, test/unit-runtime/FakeCuda.cpp), never through the
// host: an array copied whole, a section of a 2-D array into a section of
// another, and an array_view whose kernels move from one GPU to the other.
// The fake's kernels do nothing, so every value read back is the one
// uploaded first. AMPCC_PEER_COPIES=host takes the old way, through the host.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t
// RUN: env AMPCC_CUDA_LIBRARY=%fake_cuda AMPCC_BACKEND=cuda FAKE_CUDA_DEVICES=2 %t %fake_cuda | %FileCheck %s
// RUN: env AMPCC_CUDA_LIBRARY=%fake_cuda AMPCC_BACKEND=cuda FAKE_CUDA_DEVICES=2 AMPCC_PEER_COPIES=host %t %fake_cuda | %FileCheck %s --check-prefix=HOST
#include <amp.h>
#include <cstdio>
#include <dlfcn.h>
#include <numeric>
#include <vector>
using namespace concurrency;

static int (*PeerCopies)() = nullptr;

static bool same(const std::vector<int> &A, const std::vector<int> &B) { return A == B; }

int main(int, char **Argv) {
  std::vector<accelerator> Gpus;
  for (const accelerator &A : accelerator::get_all())
    if (A.device_path.rfind(L"cuda:", 0) == 0)
      Gpus.push_back(A);
  std::printf("%zu GPUs\n", Gpus.size());
  void *Lib = dlopen(Argv[1], RTLD_NOW | RTLD_NOLOAD);
  if (Gpus.size() != 2 || !Lib ||
      !(PeerCopies = reinterpret_cast<int (*)()>(dlsym(Lib, "fakeCudaPeerCopies"))))
    return 1;

  std::vector<int> V(32 * 32);
  std::iota(V.begin(), V.end(), 0);
  array<int, 1> A0(int(V.size()), V.begin(), Gpus[0].default_view);
  array<int, 1> A1(int(V.size()), Gpus[1].default_view);
  copy(A0, A1);
  std::vector<int> Out = A1;
  std::printf("whole array: %s, peer copies %d\n", same(Out, V) ? "same" : "DIFFERS",
              PeerCopies());

  // Rows 4-7, columns 8-23 of one 32x32 array into rows 10-13, columns 0-15
  // of another.
  array<int, 2> B0(32, 32, V.begin(), Gpus[0].default_view);
  array<int, 2> B1(32, 32, Gpus[1].default_view);
  copy(B0.section(index<2>(4, 8), extent<2>(4, 16)),
       B1.section(index<2>(10, 0), extent<2>(4, 16)));
  std::vector<int> Want(V.size(), 0);
  for (int R = 0; R < 4; ++R)
    for (int C = 0; C < 16; ++C)
      Want[(10 + R) * 32 + C] = V[(4 + R) * 32 + 8 + C];
  Out = B1;
  std::printf("section: %s, peer copies %d\n", same(Out, Want) ? "same" : "DIFFERS",
              PeerCopies());

  // A view written on GPU 0 and then used on GPU 1: its buffer moves.
  std::vector<int> Data = V;
  array_view<int, 1> View(int(Data.size()), Data);
  parallel_for_each(Gpus[0].default_view, View.extent,
                    [=](index<1> I) restrict(amp) { View[I] += 1; });
  parallel_for_each(Gpus[1].default_view, View.extent,
                    [=](index<1> I) restrict(amp) { View[I] += 1; });
  View.synchronize();
  std::printf("moved view: %s, peer copies %d\n", same(Data, V) ? "same" : "DIFFERS",
              PeerCopies());
  return 0;
}

// CHECK: 2 GPUs
// CHECK-NEXT: whole array: same, peer copies 1
// CHECK-NEXT: section: same, peer copies 2
// CHECK-NEXT: moved view: same, peer copies 3

// HOST: 2 GPUs
// HOST-NEXT: whole array: same, peer copies 0
// HOST-NEXT: section: same, peer copies 0
// HOST-NEXT: moved view: same, peer copies 0
