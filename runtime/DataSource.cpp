//===- DataSource.cpp - Host and device copies of view data ---------------===//

#include "DataSource.h"

#include "Device.h"
#include "Errors.h"
#include "Stats.h"
#include "ampcc/exceptions.h"
#include "ampcc/runtime_api.h"

#include <cstdint>
#include <new>

namespace ampcc {
namespace rt {

static size_t checkedBytes(size_t ElemSize, size_t Count) {
  if (ElemSize != 0 && Count > SIZE_MAX / ElemSize)
    throw Concurrency::out_of_memory(
        ("array_view of " + std::to_string(Count) + " elements of " +
         std::to_string(ElemSize) + " bytes is larger than the address space")
            .c_str());
  return ElemSize * Count;
}

DataSource::DataSource(void *UserMemory, size_t ElemSize, size_t Count)
    : ElemSize(ElemSize), Bytes(checkedBytes(ElemSize, Count)), IsUser(true),
      Host(UserMemory), HostValid(true), DeviceValid(false) {
  if (!UserMemory && Bytes)
    throw Concurrency::runtime_exception(
        "array_view of " + std::to_string(Count) +
            " elements was created over a null pointer",
        Concurrency::AMPCC_E_INVALIDARG);
}

DataSource::DataSource(size_t ElemSize, size_t Count)
    : ElemSize(ElemSize), Bytes(checkedBytes(ElemSize, Count)), IsUser(false),
      Host(nullptr), HostValid(false), DeviceValid(true) {}

DataSource::~DataSource() {
  // The spec makes the last view's destructor synchronize user memory. A
  // destructor must not throw, and there is nobody left to tell, so a failed
  // write-back is only traced.
  try {
    if (IsUser && !HostValid && Buffer)
      readBack();
  } catch (const std::exception &E) {
    trace(std::string("write-back at array_view destruction failed: ") +
          E.what());
  }
  dropBuffer();
}

void DataSource::ensureHostMemory() {
  if (Host || !Bytes)
    return;
  // Zeroed, so that reading storage nobody wrote is at least deterministic.
  Owned.reset(new (std::nothrow) unsigned char[Bytes]());
  if (!Owned)
    throw Concurrency::out_of_memory(("cannot allocate " +
                                      std::to_string(Bytes) +
                                      " bytes of host memory for an array")
                                         .c_str());
  Host = Owned.get();
}

void DataSource::useQueue(cl_command_queue Q) {
  if (Q == Queue)
    return;
  clRetainCommandQueue(Q);
  if (Queue)
    clReleaseCommandQueue(Queue);
  Queue = Q;
}

void DataSource::createBuffer(Device &Dev) {
  const DeviceInfo &Info = Dev.info();
  if (Info.MaxAllocBytes && Bytes > Info.MaxAllocBytes)
    throw Concurrency::out_of_memory(
        ("array_view of " + std::to_string(Bytes) +
         " bytes is larger than the largest buffer that " + Info.Name +
         " can allocate (" + std::to_string(Info.MaxAllocBytes) + " bytes)")
            .c_str());
  cl_int Err = CL_SUCCESS;
  // OpenCL forbids empty buffers, yet an empty view still becomes a kernel
  // argument: give it one element nobody reads.
  size_t Size = Bytes ? Bytes : (ElemSize ? ElemSize : 1);
  Buffer = clCreateBuffer(Dev.context(), CL_MEM_READ_WRITE, Size, nullptr, &Err);
  checkCL(Err, "clCreateBuffer of " + std::to_string(Size) + " bytes on " +
                   Info.Name);
  BufferDevice = &Dev;
}

void DataSource::readBack() {
  ensureHostMemory();
  if (Bytes) {
    // Blocking: the caller is about to touch the memory. On the in-order
    // queue it also waits for every kernel that writes the buffer.
    checkCL(clEnqueueReadBuffer(Queue, Buffer, CL_TRUE, 0, Bytes, Host, 0,
                                nullptr, nullptr),
            "clEnqueueReadBuffer");
    noteDeviceToHost(Bytes);
  }
  HostValid = true;
}

void DataSource::writeOut() {
  if (Bytes) {
    // Blocking, because the host may write its memory again as soon as we
    // return; a non-blocking write would race with that.
    checkCL(clEnqueueWriteBuffer(Queue, Buffer, CL_TRUE, 0, Bytes, Host, 0,
                                 nullptr, nullptr),
            "clEnqueueWriteBuffer");
    noteHostToDevice(Bytes);
  }
  DeviceValid = true;
}

void DataSource::dropBuffer() {
  if (Buffer)
    clReleaseMemObject(Buffer);
  if (Queue)
    clReleaseCommandQueue(Queue);
  Buffer = nullptr;
  Queue = nullptr;
  BufferDevice = nullptr;
}

void *DataSource::hostAccess(bool WillWrite) {
  std::lock_guard<std::mutex> Guard(Lock);
  ensureHostMemory();
  if (!HostValid) {
    if (Buffer) {
      readBack();
    } else {
      // Nothing was ever stored anywhere: the (zeroed) host memory becomes
      // the only copy, so a later kernel sees the same bytes the host saw.
      HostValid = true;
      DeviceValid = false;
    }
  }
  if (WillWrite)
    DeviceValid = false;
  return Host;
}

void DataSource::discard() {
  std::lock_guard<std::mutex> Guard(Lock);
  DeviceValid = true;
}

void DataSource::refresh() {
  std::lock_guard<std::mutex> Guard(Lock);
  ensureHostMemory();
  HostValid = true;
  DeviceValid = false;
}

cl_mem DataSource::prepareForKernel(AcceleratorViewImpl &View) {
  Device &Dev = View.device();
  cl_command_queue Q = View.queue();
  std::lock_guard<std::mutex> Guard(Lock);
  if (Buffer && BufferDevice != &Dev) {
    // Buffers do not cross contexts: move the data through the host.
    if (!HostValid)
      readBack();
    dropBuffer();
    DeviceValid = false;
  }
  if (Buffer && Queue != Q) {
    // Two in-order queues are not ordered with respect to each other: let
    // the old one finish with the buffer before the new one touches it.
    checkCL(clFinish(Queue), "clFinish");
  }
  if (!Buffer)
    createBuffer(Dev);
  useQueue(Q);
  if (!DeviceValid)
    writeOut();
  return Buffer;
}

void DataSource::kernelMayWrite() {
  std::lock_guard<std::mutex> Guard(Lock);
  HostValid = false;
}

// --- The C API of runtime_api.h --------------------------------------------

DataSource *createUserSource(void *HostPtr, size_t ElemSize, size_t Count) {
  return new DataSource(HostPtr, ElemSize, Count);
}

DataSource *createOwnedSource(size_t ElemSize, size_t Count,
                              AcceleratorViewImpl * /*View*/) {
  // The view does not pick the placement yet: the buffer goes where the first
  // kernel runs (see DataSource.h).
  return new DataSource(ElemSize, Count);
}

void retainSource(DataSource *S) {
  if (S)
    S->retain();
}

void releaseSource(DataSource *S) {
  if (S && S->release())
    delete S;
}

void *hostAccess(DataSource *S, bool WillWrite) {
  if (!S)
    throw Concurrency::runtime_exception(
        "host access to an array_view that has no data source",
        Concurrency::AMPCC_E_INVALIDARG);
  return S->hostAccess(WillWrite);
}

void discardSource(DataSource *S) {
  if (S)
    S->discard();
}

void refreshSource(DataSource *S) {
  if (S)
    S->refresh();
}

} // namespace rt
} // namespace ampcc
