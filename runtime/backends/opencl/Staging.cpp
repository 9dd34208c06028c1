//===- Staging.cpp - Staged transfers through OpenCL ----------------------===//

#include "backends/opencl/Staging.h"

#include "backends/opencl/Errors.h"
#include "backends/opencl/OpenCLBackend.h"
#include "backends/opencl/PinnedBlocks.h"
#include "observation/Profile.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace ampcc {
namespace rt {
namespace {

cl_device_id deviceOf(cl_command_queue Q) {
  cl_device_id D = nullptr;
  checkCL(clGetCommandQueueInfo(Q, CL_QUEUE_DEVICE, sizeof(D), &D, nullptr),
          "clGetCommandQueueInfo");
  return D;
}

cl_context contextOf(cl_command_queue Q) {
  cl_context C = nullptr;
  checkCL(clGetCommandQueueInfo(Q, CL_QUEUE_CONTEXT, sizeof(C), &C, nullptr),
          "clGetCommandQueueInfo");
  return C;
}

bool sharesHostMemory(cl_device_id D) {
  static std::mutex Lock;
  static auto *Known = new std::map<cl_device_id, bool>;
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Known->find(D);
  if (It != Known->end())
    return It->second;
  cl_bool Unified = CL_FALSE;
  if (clGetDeviceInfo(D, CL_DEVICE_HOST_UNIFIED_MEMORY, sizeof(Unified), &Unified,
                      nullptr) != CL_SUCCESS)
    Unified = CL_FALSE;
  return (*Known)[D] = Unified == CL_TRUE;
}

/// Hands a piece's command to the profile (which keeps its own reference).
void profilePiece(cl_event E, TransferKind Kind, size_t Bytes) {
  cl_event *Slot = profileEventSlot();
  if (!Slot)
    return;
  clRetainEvent(E);
  *Slot = E;
  profileTransfer(Kind, Bytes);
}

class CLStagingPort final : public StagingPort {
public:
  CLStagingPort(cl_command_queue Q, cl_mem Buf) : Q(Q), Buf(Buf) {}

  unsigned borrow(unsigned Least, unsigned Most, size_t Bytes) override {
    Lease = std::make_unique<PinnedLease>(contextOf(Q), deviceOf(Q), Least, Most, Bytes);
    return unsigned(Lease->size());
  }
  unsigned char *block(unsigned I) override { return (*Lease)[I].Host; }
  void awaitIdle(unsigned I) override {
    checkCL((*Lease)[I].awaitIdle(), "waiting for a transfer through page-locked memory");
  }
  bool finished(unsigned I) override {
    cl_event E = (*Lease)[I].Busy;
    cl_int Status = CL_COMPLETE;
    if (E && clGetEventInfo(E, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(Status), &Status,
                            nullptr) == CL_SUCCESS &&
        Status > CL_COMPLETE)
      return false; // queued, submitted or running
    awaitIdle(I);   // done or failed: drops the event, reports a failure
    return true;
  }
  void move(const StagedPiece &P, unsigned I, bool ToDevice) override {
    cl_event E = enqueue(P, (*Lease)[I].Host, ToDevice);
    (*Lease)[I].setBusy(E);
    // The next piece's host copy should overlap this command, and NVIDIA's
    // driver may hold it back until a flush.
    if (stagingTuning().FlushEach)
      checkCL(clFlush(Q), "clFlush");
    profilePiece(E, ToDevice ? TransferKind::HostToDevice : TransferKind::DeviceToHost,
                 P.bytes());
    clReleaseEvent(E);
  }

private:
  /// Enqueues the move of piece P between Buf and Block (its rows dense);
  /// returns its event.
  cl_event enqueue(const StagedPiece &P, void *Block, bool ToDevice) {
    cl_event Done = nullptr;
    cl_int Err;
    if (P.contiguousOnDevice()) {
      Err = ToDevice ? clEnqueueWriteBuffer(Q, Buf, CL_FALSE, P.BufOffset, P.bytes(), Block,
                                            0, nullptr, &Done)
                     : clEnqueueReadBuffer(Q, Buf, CL_FALSE, P.BufOffset, P.bytes(), Block,
                                           0, nullptr, &Done);
    } else {
      size_t BO[3] = {P.BufOffset % P.BufPitch, P.BufOffset / P.BufPitch, 0};
      size_t HO[3] = {0, 0, 0}, Region[3] = {P.Width, P.Rows, 1};
      Err = ToDevice ? clEnqueueWriteBufferRect(Q, Buf, CL_FALSE, BO, HO, Region, P.BufPitch,
                                                0, P.Width, 0, Block, 0, nullptr, &Done)
                     : clEnqueueReadBufferRect(Q, Buf, CL_FALSE, BO, HO, Region, P.BufPitch,
                                               0, P.Width, 0, Block, 0, nullptr, &Done);
    }
    checkCL(Err, std::string(ToDevice ? "writing " : "reading ") + std::to_string(P.bytes()) +
                     " bytes through page-locked memory");
    return Done;
  }

  cl_command_queue Q;
  cl_mem Buf;
  std::unique_ptr<PinnedLease> Lease;
};

} // namespace

bool stagesTransfer(cl_command_queue Q, size_t Bytes) {
  // The device is asked only when the size alone does not decide.
  if (!stagesTransfer(false, Bytes))
    return false;
  return stagingTuning().Mode == 1 || !sharesHostMemory(deviceOf(Q));
}

bool stagedWrite(cl_command_queue Q, cl_mem Buf, const std::vector<Rect> &Rects,
                 const void *Host, cl_event *Last) {
  *Last = nullptr;
  CLStagingPort Port(Q, Buf);
  if (!stagedWrite(Port, Rects, Host))
    return false;
  // On an in-order queue a marker completes after every write before it.
  checkCL(clEnqueueMarkerWithWaitList(Q, 0, nullptr, Last), "clEnqueueMarkerWithWaitList");
  return true;
}

bool stagedRead(cl_command_queue Q, cl_mem Buf, const std::vector<Rect> &Rects,
                void *Host) {
  CLStagingPort Port(Q, Buf);
  return stagedRead(Port, Rects, Host);
}

} // namespace rt
} // namespace ampcc
