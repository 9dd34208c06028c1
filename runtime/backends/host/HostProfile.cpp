//===- HostProfile.cpp - the host backend's commands for the profile ------===//
//
// The profile (observation/Profile.h) reads a backend's events through
// ProfileEventOps. The host's commands run when they are enqueued, so their
// "device" times are the host's own clock, read around the command: the
// profile's mapping of a queue's device clock onto the host's is then the
// identity.
//
//===----------------------------------------------------------------------===//

#include "backends/host/HostBackend.h"
#include "observation/Profile.h"

#include <utility>

namespace ampcc {
namespace rt {

namespace {

thread_local HostEvent *Slot = nullptr;

const ProfileEventOps Ops = {
    /*Take=*/[]() -> void * { return static_cast<HostObject *>(std::exchange(Slot, nullptr)); },
    /*Finished=*/[](void *) { return true; },
    /*Wait=*/[](void *) {},
    /*Times=*/
    [](void *E, uint64_t &Queued, uint64_t &Start, uint64_t &End) {
      const auto *HE = static_cast<const HostEvent *>(static_cast<HostObject *>(E));
      Queued = HE->Queued;
      Start = HE->Start;
      End = HE->End;
    },
    /*QueueOf=*/
    [](void *E) -> const void * {
      return static_cast<const HostEvent *>(static_cast<HostObject *>(E))->Queue;
    },
    /*DeviceOf=*/[](const void *) -> const void * { return hostDeviceId(); },
    /*DeviceName=*/[](const void *) -> std::string { return hostDeviceName(); },
    /*Release=*/[](void *E) { hostBackend().release(ObjectKind::Event, E); },
};

} // namespace

ProfiledCommand::ProfiledCommand(void *Queue)
    : Queue(Queue), Keep(profileNextEnqueue(Ops)),
      StartNs(Keep ? profileHostNowNs() : 0) {}

ProfiledCommand::~ProfiledCommand() {
  if (!Keep)
    return;
  auto *E = new HostEvent;
  E->Queue = Queue;
  E->Queued = E->Start = StartNs;
  E->End = profileHostNowNs();
  // An event no profile* call took (none should be left) is dropped here.
  if (Slot)
    hostBackend().release(ObjectKind::Event, static_cast<HostObject *>(Slot));
  Slot = E;
}

} // namespace rt
} // namespace ampcc
