//===- TileRunner.cpp - a tile's work-items on one thread -----------------===//
//
// A tiled kernel's work-items may wait at tile barriers, so each runs on a
// stack of its own (a fiber) and a barrier switches to the tile's next
// work-item; when every work-item has reached it, the first goes on. The
// switch saves only the registers the x86-64 System V ABI makes a callee
// keep (rbx, rbp, r12-r15 and the stack pointer): a few nanoseconds, where
// swapcontext makes a system call for the signal mask. MXCSR and the x87
// control word, which the ABI also has callees keep, are left alone: every
// fiber of a thread runs kernel code that never changes them, so they hold
// the thread's values throughout (restoring them cost a serialising
// instruction each per switch). Stacks come from one mapping per thread, reused for every tile.
//
// This is correct for every barrier C++ AMP allows, but keeps each
// work-item scalar; docs/architecture.md ("The host backend") says how the
// work-items between two barriers become one vectorised loop instead.
//
//===----------------------------------------------------------------------===//

#include "backends/host/HostBackend.h"

#include "ampcc/exceptions.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>

#if defined(__x86_64__)
// ampcc_fiber_switch(&From, To): saves the caller's callee-saved state on its
// stack, stores the stack pointer in From, and resumes the fiber whose
// stack pointer is To.
extern "C" void ampcc_fiber_switch(void **From, void *To);
// Where a new fiber starts: calls r14(r12, r13) on the fiber's stack.
extern "C" void ampcc_fiber_start();
asm(R"(
  .text
  .globl ampcc_fiber_switch
  .type ampcc_fiber_switch, @function
ampcc_fiber_switch:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size ampcc_fiber_switch, .-ampcc_fiber_switch

  .globl ampcc_fiber_start
  .type ampcc_fiber_start, @function
ampcc_fiber_start:
  movq %r12, %rdi
  movq %r13, %rsi
  callq *%r14
  ud2
  .size ampcc_fiber_start, .-ampcc_fiber_start
  .section .note.GNU-stack,"",@progbits
  .text
)");
#endif

namespace ampcc {
namespace rt {

namespace {

thread_local const ampcc_host_launch *CurrentLaunch = nullptr;

/// Bytes of stack per work-item: a kernel's private arrays live there.
constexpr size_t StackBytes = 128 * 1024;

/// One thread's fiber stacks, grown to the largest tile it has run.
struct StackPool {
  unsigned char *Base = nullptr;
  size_t Count = 0;
  ~StackPool() {
    if (Base)
      munmap(Base, Count * StackBytes);
  }
  unsigned char *get(size_t N) {
    if (N > Count) {
      if (Base)
        munmap(Base, Count * StackBytes);
      // Reserved, not committed: a work-item touches a few pages of it.
      void *M = mmap(nullptr, N * StackBytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
      if (M == MAP_FAILED) {
        Base = nullptr;
        Count = 0;
        throw Concurrency::out_of_memory(
            ("no memory for the stacks of a tile of " + std::to_string(N) + " work-items")
                .c_str());
      }
      Base = static_cast<unsigned char *>(M);
      Count = N;
      // A guard page under each stack: an overflow faults at once instead
      // of writing the next work-item's stack.
      long Page = sysconf(_SC_PAGESIZE);
      for (size_t I = 0; I < N; ++I)
        mprotect(Base + I * StackBytes, Page, PROT_NONE);
    }
    return Base;
  }
};

/// The tile the calling thread runs.
struct Tile {
  ampcc_host_item_fn Fn;
  void *const *Args;
  size_t Count;
  size_t Running = 0;         ///< The work-item on the processor.
  void *Scheduler = nullptr;  ///< The scheduler's saved stack pointer.
  ampcc_item *Items;          ///< Each work-item's ids.
  void **Stacks;              ///< Each suspended work-item's stack pointer.
  unsigned char *Done;
};

thread_local Tile *CurrentTile = nullptr;

/// Leaves work-item T->Running (at a barrier or its end) for the next
/// unfinished work-item of the round, or the scheduler after the last: one
/// switch per work-item and barrier.
void yieldFrom(Tile *T) {
  size_t I = T->Running, Next = I + 1;
  while (Next < T->Count && T->Done[Next])
    ++Next;
#if defined(__x86_64__)
  if (Next < T->Count) {
    T->Running = Next;
    ampcc_fiber_switch(&T->Stacks[I], T->Stacks[Next]);
  } else {
    ampcc_fiber_switch(&T->Stacks[I], T->Scheduler);
  }
#endif
}

[[noreturn]] void fiberMain(Tile *T, size_t I) {
  T->Fn(T->Args, &T->Items[I]);
  T->Done[I] = 1;
  yieldFrom(T);
  __builtin_unreachable();
}

/// A stack at whose top ampcc_fiber_switch finds fiberMain(T, I) to start.
void *newFiber(unsigned char *Stack, Tile *T, size_t I) {
  // Stacks lie StackBytes apart, so their tops would share cache sets and
  // evict one another at every switch: each starts at another offset.
  size_t Stagger = (I * 4160) % (32 * 1024);
  auto Top = reinterpret_cast<uintptr_t>(Stack + StackBytes - Stagger) & ~uintptr_t(15);
  // Switch pops r15, r14, r13, r12, rbx, rbp (Frame[0..5]), then returns
  // through Frame[6] into ampcc_fiber_start with the stack at Top - 64,
  // 16-byte aligned as a call needs it.
  auto *Frame = reinterpret_cast<uint64_t *>(Top - 128 + 8);
  std::memset(Frame, 0, 7 * 8);
  Frame[1] = reinterpret_cast<uint64_t>(&fiberMain); // r14
  Frame[2] = I;                                      // r13
  Frame[3] = reinterpret_cast<uint64_t>(T);          // r12
  Frame[6] = reinterpret_cast<uint64_t>(&ampcc_fiber_start);
  return Frame;
}

} // namespace

void setCurrentLaunch(const ampcc_host_launch *L) { CurrentLaunch = L; }

void runTile(ampcc_host_item_fn Fn, void *const *Args, const ampcc_host_launch &L,
             const size_t Group[3]) {
  static thread_local StackPool Pool;
  static thread_local std::vector<ampcc_item> Items;
  static thread_local std::vector<void *> Stacks;
  static thread_local std::vector<unsigned char> Done;
  size_t N = L.local[0] * L.local[1] * L.local[2];
  Items.resize(N);
  Stacks.resize(N);
  Done.assign(N, 0);
  unsigned char *Base = Pool.get(N);
  Tile T{Fn, Args, N, 0, nullptr, Items.data(), Stacks.data(), Done.data()};
  size_t I = 0;
  for (size_t Z = 0; Z < L.local[2]; ++Z)
    for (size_t Y = 0; Y < L.local[1]; ++Y)
      for (size_t X = 0; X < L.local[0]; ++X, ++I) {
        ampcc_item &It = Items[I];
        size_t Lid[3] = {X, Y, Z};
        for (unsigned D = 0; D < 3; ++D) {
          It.lid[D] = Lid[D];
          It.grp[D] = Group[D];
          It.gid[D] = L.offset[D] + Group[D] * L.local[D] + Lid[D];
        }
        It.owned = L.owned;
        Stacks[I] = newFiber(Base + I * StackBytes, &T, I);
      }
  Tile *Outer = CurrentTile;
  CurrentTile = &T;
  // Rounds: each runs every unfinished work-item to its next barrier or its
  // end, each handing over to the next (yieldFrom). C++ AMP has every
  // work-item of a tile reach the same barriers.
  for (;;) {
    size_t First = 0;
    while (First < N && Done[First])
      ++First;
    if (First == N)
      break;
    T.Running = First;
#if defined(__x86_64__)
    ampcc_fiber_switch(&T.Scheduler, Stacks[First]);
#endif
  }
  CurrentTile = Outer;
}

} // namespace rt
} // namespace ampcc

extern "C" void ampcc_host_barrier(void) {
  using namespace ampcc::rt;
  Tile *T = CurrentTile;
  if (!T)
    return; // An untiled kernel has no barrier to wait at.
  yieldFrom(T);
}

extern "C" const ampcc_host_launch *ampcc_host_current_launch(void) {
  return ampcc::rt::CurrentLaunch;
}
