//===- CudaProfile.cpp - CUDA events for the profile ----------------------===//
//
// The profile (observation/Profile.h) reads a command's device times
// through ProfileEventOps. CUDA has no clock an event can be read against,
// only the time between two events (cuEventElapsedTime), so each context
// gets an origin: an event recorded on a stream of its own, which
// completes at once, and the host time it was seen complete at. A command's
// start and end are the origin's host time plus their events' distance
// from it: times on the host's clock, so the profile's clock offset per
// queue is close to zero, as for the host backend.
//
//===----------------------------------------------------------------------===//

#include "backends/cuda/CudaBackend.h"
#include "observation/Profile.h"

#include <utility>

namespace ampcc {
namespace rt {
namespace cuda {

/// A timed command: its stream (referenced, for its device's name), two
/// events, and when it was enqueued on the host's clock.
struct TimedCommand {
  Stream *Queue = nullptr;
  CUevent Start = nullptr, End = nullptr;
  uint64_t QueuedNs = 0;
};

namespace {

thread_local TimedCommand *Slot = nullptr;

const Api &driver() { return cudaBackend().api(); }

/// Nanoseconds from \p From to \p To (both complete), 0 when the driver
/// cannot tell (an event without timing, or not yet complete).
uint64_t between(CUevent From, CUevent To) {
  float Ms = 0;
  if (driver().cuEventElapsedTime(&Ms, From, To) != CUDA_SUCCESS || Ms < 0)
    return 0;
  return uint64_t(double(Ms) * 1e6);
}

/// The context's origin of device time, made at its first timed command.
/// False when the driver refuses (the command is then counted untimed).
bool ensureOrigin(DeviceContext &C) {
  std::lock_guard<std::mutex> Guard(C.EventLock);
  if (C.ProfileBase)
    return true;
  const Api &A = driver();
  CUstream Own = nullptr;
  CUevent Base = nullptr;
  if (A.cuStreamCreate(&Own, CU_STREAM_NON_BLOCKING) != CUDA_SUCCESS)
    return false;
  bool Ok = A.cuEventCreate(&Base, 0) == CUDA_SUCCESS &&
            A.cuEventRecord(Base, Own) == CUDA_SUCCESS &&
            A.cuEventSynchronize(Base) == CUDA_SUCCESS;
  A.cuStreamDestroy(Own);
  if (!Ok) {
    if (Base)
      A.cuEventDestroy(Base);
    return false;
  }
  C.ProfileBase = Base;
  C.ProfileBaseNs = profileHostNowNs();
  return true;
}

TimedCommand *command(void *E) { return static_cast<TimedCommand *>(E); }

void dispose(TimedCommand *T) {
  cudaBackend().enter(*T->Queue->Ctx);
  if (T->Start)
    driver().cuEventDestroy(T->Start);
  if (T->End)
    driver().cuEventDestroy(T->End);
  cudaBackend().release(ObjectKind::Queue, T->Queue);
  delete T;
}

const ProfileEventOps Ops = {
    /*Take=*/[]() -> void * { return std::exchange(Slot, nullptr); },
    /*Finished=*/
    [](void *E) {
      cudaBackend().enter(*command(E)->Queue->Ctx);
      return driver().cuEventQuery(command(E)->End) != CUDA_ERROR_NOT_READY;
    },
    /*Wait=*/
    [](void *E) {
      cudaBackend().enter(*command(E)->Queue->Ctx);
      driver().cuEventSynchronize(command(E)->End);
    },
    /*Times=*/
    [](void *E, uint64_t &Queued, uint64_t &Start, uint64_t &End) {
      TimedCommand &T = *command(E);
      DeviceContext &C = *T.Queue->Ctx;
      cudaBackend().enter(C);
      Queued = T.QueuedNs;
      Start = C.ProfileBaseNs + between(C.ProfileBase, T.Start);
      End = C.ProfileBaseNs + between(C.ProfileBase, T.End);
    },
    /*QueueOf=*/[](void *E) -> const void * { return command(E)->Queue; },
    /*DeviceOf=*/
    [](const void *Q) -> const void * { return static_cast<const Stream *>(Q)->Ctx; },
    /*DeviceName=*/
    [](const void *D) -> std::string {
      char Name[256] = {};
      const auto *C = static_cast<const DeviceContext *>(D);
      if (driver().cuDeviceGetName(Name, sizeof Name - 1, C->Device) != CUDA_SUCCESS)
        return "?";
      return Name;
    },
    /*Release=*/[](void *E) { dispose(command(E)); },
};

} // namespace

TimedEnqueue::TimedEnqueue(Stream &S) : S(S) {
  if (!profileNextEnqueue(Ops) || !ensureOrigin(*S.Ctx))
    return;
  const Api &A = driver();
  T = new TimedCommand;
  cudaBackend().retain(ObjectKind::Queue, &S);
  T->Queue = &S;
  T->QueuedNs = profileHostNowNs();
  if (A.cuEventCreate(&T->Start, 0) != CUDA_SUCCESS ||
      A.cuEventRecord(T->Start, S.Handle) != CUDA_SUCCESS) {
    dispose(std::exchange(T, nullptr));
  }
}

TimedEnqueue::~TimedEnqueue() {
  if (!T)
    return;
  const Api &A = driver();
  if (A.cuEventCreate(&T->End, 0) != CUDA_SUCCESS ||
      A.cuEventRecord(T->End, S.Handle) != CUDA_SUCCESS) {
    dispose(T);
    return;
  }
  // A command no profile* call took (none should be left) is dropped here.
  if (Slot)
    dispose(Slot);
  Slot = T;
}

} // namespace cuda
} // namespace rt
} // namespace ampcc
