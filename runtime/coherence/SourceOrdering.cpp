//===- SourceOrdering.cpp - Ordering the commands on a source's buffer ----===//
//
// A source's buffer may be used from several queues (views, devices of one
// context): each source remembers the queue and the event of its last
// command, and a command on another queue waits for that event alone
// (docs/multi-device.md, "Copies beside kernels"). Uploads that still read
// runtime-owned host memory are waited for before that memory changes.
//
//===----------------------------------------------------------------------===//

#include "coherence/DataSource.h"

#include "devices/Device.h"
#include "observation/InFlight.h"
#include "backends/opencl/Errors.h"

#include <utility>

namespace ampcc {
namespace rt {

static cl_context contextOf(cl_command_queue Q) {
  cl_context C = nullptr;
  checkCL(clGetCommandQueueInfo(Q, CL_QUEUE_CONTEXT, sizeof(C), &C, nullptr),
          "clGetCommandQueueInfo");
  return C;
}

void DataSource::useQueue(cl_command_queue Q) {
  if (Q == Queue)
    return;
  if (Queue) {
    // Two in-order queues are not ordered with respect to each other: what
    // Q runs next must wait for the buffer's last command on the old one.
    if (contextOf(Queue) == contextOf(Q)) {
      // One context (two views, or two devices of one platform): its event
      // orders them on the devices, and the host goes on at once. Only that
      // command is waited for, not whatever else the old queue holds.
      if (LastCommand) {
        cl_int Err = clFlush(Queue);
        if (Err == CL_SUCCESS)
          Err = clEnqueueBarrierWithWaitList(Q, 1, &LastCommand, nullptr);
        checkCL(Err, "clEnqueueBarrierWithWaitList");
      }
    } else {
      // Events do not cross contexts: the host waits.
      checkCL(clFinish(Queue), "clFinish");
      noteQueueIdle(Queue);
      lastCommandDone();
    }
    clReleaseCommandQueue(Queue);
  }
  clRetainCommandQueue(Q);
  Queue = Q;
}

void DataSource::markLastCommand() {
  cl_event Done = nullptr;
  checkCL(clEnqueueMarkerWithWaitList(Queue, 0, nullptr, &Done),
          "clEnqueueMarkerWithWaitList");
  commandEnqueuedLocked(Done);
  clReleaseEvent(Done);
}

void DataSource::commandEnqueuedLocked(cl_event Done) {
  clRetainEvent(Done);
  if (LastCommand)
    clReleaseEvent(LastCommand);
  LastCommand = Done;
}

void DataSource::commandEnqueued(cl_event Done) {
  std::lock_guard<std::mutex> Guard(Lock);
  commandEnqueuedLocked(Done);
}

void DataSource::lastCommandDone() {
  if (LastCommand)
    clReleaseEvent(std::exchange(LastCommand, nullptr));
}

cl_int DataSource::waitForUpload() {
  if (!PendingUpload)
    return CL_SUCCESS;
  cl_event E = std::exchange(PendingUpload, nullptr);
  cl_int Err = clWaitForEvents(1, &E);
  clReleaseEvent(E);
  return Err;
}

void DataSource::awaitUploads() {
  checkCL(waitForUpload(), "clWaitForEvents for an upload of host memory");
}

cl_command_queue DataSource::copyQueue(Device &Dev) {
  // The array's own view, where the program asked for it to live: a
  // program that copies through one view and computes on another gets the
  // two at once. Otherwise the queue the data is on already.
  if (Home && &Home->device() == &Dev)
    return Home->queue();
  if (Queue && BufferDevice == &Dev)
    return Queue;
  return Dev.defaultView()->queue();
}

} // namespace rt
} // namespace ampcc
