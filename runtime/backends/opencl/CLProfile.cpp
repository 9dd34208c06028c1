//===- CLProfile.cpp - OpenCL events for the profile ----------------------===//
//
// The profile (observation/Profile.h) reads events through these functions:
// an enqueue that passes profileEventSlot() leaves its event here, and the
// profile takes it with Take and reads its profiling times later.
//
//===----------------------------------------------------------------------===//

#include "backends/opencl/OpenCLBackend.h"
#include "observation/Profile.h"

#include <cstring>
#include <utility>

namespace ampcc {
namespace rt {

static thread_local cl_event Slot = nullptr;

static const ProfileEventOps Ops = {
    /*Take=*/[]() -> void * { return std::exchange(Slot, nullptr); },
    /*Finished=*/[](void *E) { return openCL().finished(E); },
    /*Wait=*/[](void *E) { openCL().wait(E); },
    /*Times=*/
    [](void *E, uint64_t &Queued, uint64_t &Start, uint64_t &End) {
      openCL().deviceTimes(E, Queued, Start, End);
    },
    /*QueueOf=*/
    [](void *E) -> const void * {
      cl_command_queue Q = nullptr;
      clGetEventInfo(static_cast<cl_event>(E), CL_EVENT_COMMAND_QUEUE, sizeof(Q),
                     &Q, nullptr);
      return Q;
    },
    /*DeviceOf=*/
    [](const void *Q) -> const void * {
      cl_device_id D = nullptr;
      if (clGetCommandQueueInfo(clQueue(const_cast<void *>(Q)), CL_QUEUE_DEVICE,
                                sizeof(D), &D, nullptr) != CL_SUCCESS)
        return nullptr;
      return D;
    },
    /*DeviceName=*/
    [](const void *D) -> std::string {
      cl_device_id Id = static_cast<cl_device_id>(const_cast<void *>(D));
      size_t Size = 0;
      clGetDeviceInfo(Id, CL_DEVICE_NAME, 0, nullptr, &Size);
      std::string S(Size, '\0');
      if (!Size ||
          clGetDeviceInfo(Id, CL_DEVICE_NAME, Size, S.data(), nullptr) != CL_SUCCESS)
        return "?";
      return S.c_str();
    },
    /*Release=*/[](void *E) { clReleaseEvent(static_cast<cl_event>(E)); },
};

cl_event *profileEventSlot() {
  if (!profileNextEnqueue(Ops))
    return nullptr;
  // An event no profile* call took (none should be left) is dropped here.
  if (Slot)
    clReleaseEvent(std::exchange(Slot, nullptr));
  return &Slot;
}

} // namespace rt
} // namespace ampcc
