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

#include <utility>

namespace ampcc {
namespace rt {

void DataSource::useQueue(const rt::Queue &Q) {
  if (Q == Queue)
    return;
  if (Queue) {
    // Two in-order queues are not ordered with respect to each other: what
    // Q runs next must wait for the buffer's last command on the old one.
    if (Queue.context() == Q.context()) {
      // One context (two views, or two devices of one platform): its event
      // orders them on the devices, and the host goes on at once. Only that
      // command is waited for, not whatever else the old queue holds.
      if (LastCommand) {
        Queue.flush();
        Q.waitFor(LastCommand);
      }
    } else {
      // Events do not cross contexts: the host waits.
      Queue.finish("clFinish");
      noteQueueIdle(Queue.raw());
      lastCommandDone();
    }
  }
  Queue = Q;
}

void DataSource::markLastCommand() { commandEnqueuedLocked(Queue.marker()); }

void DataSource::commandEnqueuedLocked(const Event &Done) { LastCommand = Done; }

void DataSource::commandEnqueued(const Event &Done) {
  std::lock_guard<std::mutex> Guard(Lock);
  commandEnqueuedLocked(Done);
}

void DataSource::lastCommandDone() { LastCommand.reset(); }

int DataSource::waitForUpload() {
  if (!PendingUpload)
    return 0;
  Event E = std::move(PendingUpload);
  PendingUpload.reset();
  return E.wait();
}

void DataSource::awaitUploads() {
  if (int Err = waitForUpload())
    Queue.backend().fail(Err, "clWaitForEvents for an upload of host memory");
}

const rt::Queue &DataSource::copyQueue(Device &Dev) {
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
