//===- OpenCLBackend.h - the runtime's backend over OpenCL 1.2 --*- C++ -*-===//
//
// Backend.h over the OpenCL ICD loader. A handle's raw pointer is the
// OpenCL object itself (cl_mem, cl_event, cl_command_queue, cl_program,
// cl_kernel, cl_context), so wrapping one costs nothing and the files of
// this folder pass them to OpenCL as they are (the helpers below).
// The workarounds for drivers' weaknesses (NVIDIA's slow copies from
// pageable memory and between GPUs) are this backend's business.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_OPENCLBACKEND_H
#define AMPCC_RUNTIME_OPENCLBACKEND_H

#include "backends/Backend.h"

#include <CL/cl.h>

namespace ampcc {
namespace rt {

class OpenCLBackend final : public Backend {
public:
  const char *name() const override { return "OpenCL"; }
  const char *pathPrefix() const override { return "opencl"; }
  void retain(ObjectKind K, void *Raw) override;
  void release(ObjectKind K, void *Raw) override;
  [[noreturn]] void fail(int Code, const std::string &What) override;

  DeviceListing listDevices() override;
  Context createContext(const std::vector<void *> &Devices,
                        const std::string &For, std::string *Refusal) override;
  Queue createQueue(const Context &C, void *Device, bool Profiling,
                    const std::string &For) override;

  Buffer allocate(const Context &C, size_t Bytes, const void *Init,
                  const std::string &For) override;
  Buffer allocatePinned(const Context &C, const Queue &Q, size_t Bytes,
                        void *&Host) override;
  void unmapPinned(const Queue &Q, const Buffer &B, void *Host) override;
  size_t bufferBytes(const Buffer &B) override;

  Program loadSource(const Context &C, const char *Source,
                     const std::string &For) override;
  Program loadBinary(const Context &C, void *Device,
                     const std::vector<unsigned char> &Binary,
                     int &Status) override;
  int build(const Program &P, void *Device, const std::string &Options) override;
  std::string buildLog(const Program &P, void *Device,
                       const std::string &None) override;
  std::vector<unsigned char> binary(const Program &P, void *Device) override;
  Kernel kernel(const Program &P, const char *Name, int &Status) override;
  KernelProperties kernelProperties(const Kernel &K, void *Device) override;
  Failure failureOf(int Status) override;
  const char *errorName(int Code) override;

  bool takesImage(const Context &C, const CaptureDesc &T, uint32_t Rank,
                  bool Write) override;
  Buffer imageFrom(const Context &C, const Queue &Q, const CaptureDesc &T,
                   const size_t Region[3], const Buffer &From,
                   size_t Offset) override;
  void imageTo(const Queue &Q, const Buffer &Image, const size_t Region[3],
               const Buffer &To, size_t Offset) override;

  int wait(void *Event) override;
  bool finished(void *Event) override;
  void deviceTimes(void *Event, uint64_t &Queued, uint64_t &Start,
                   uint64_t &End) override;
  void onComplete(void *Event, std::function<void(int)> Done) override;

  void setArg(void *Kernel, unsigned Index, size_t Bytes, const void *Value,
              const std::string &For) override;
  void setBufferArg(void *Kernel, unsigned Index, void *Mem,
                    const std::string &For) override;

  void launch(void *Q, void *Kernel, const LaunchPart &Part, Event *Done,
              const std::string &For) override;
  void read(void *Q, void *B, bool Blocking, size_t Offset, size_t Bytes,
            void *Host, Event *Done, const std::string &For) override;
  void readRects(void *Q, void *B, const std::vector<Rect> &R, void *Host,
                 bool HostPinned) override;
  Upload writeRects(void *Q, void *B, const std::vector<Rect> &R,
                    const void *Host, bool HostPinned, bool Async) override;
  void copyRects(void *Q, void *Src, void *Dst, const std::vector<Rect> &R) override;
  void copyThroughHost(const Queue &SrcQ, const Buffer &Src, const Queue &DstQ,
                       const Buffer &Dst, const std::vector<Rect> &R) override;
  bool copiesThroughHost(const DeviceProperties &A,
                         const DeviceProperties &B) override;
  void fill(void *Q, void *B, const void *Pattern, size_t PatternBytes,
            size_t Offset, size_t Bytes, const std::string &For) override;
  Event marker(void *Q, const std::string &For) override;
  void waitFor(void *Q, const Event &E) override;
  void flush(void *Q) override;
  int finish(void *Q) override;
  Context context(void *Q) override;
};

/// The process's OpenCL backend (never destroyed).
OpenCLBackend &openCL();

// The OpenCL objects behind handles, and handles over OpenCL objects.
inline cl_mem clMem(const Buffer &B) { return static_cast<cl_mem>(B.raw()); }
inline cl_mem clMem(void *Raw) { return static_cast<cl_mem>(Raw); }
inline cl_event clEvent(const Event &E) { return static_cast<cl_event>(E.raw()); }
inline cl_command_queue clQueue(const Queue &Q) {
  return static_cast<cl_command_queue>(Q.raw());
}
inline cl_command_queue clQueue(void *Raw) {
  return static_cast<cl_command_queue>(Raw);
}
inline cl_context clContext(const Context &C) {
  return static_cast<cl_context>(C.raw());
}
/// Where the next enqueue on this thread puts its event for the profile
/// (observation/Profile.h); nullptr when profiling is off. The note* or
/// profile* call after the enqueue takes it.
cl_event *profileEventSlot();

/// Takes over a reference OpenCL gave us.
inline Event adoptEvent(cl_event E) {
  return Event::adopt(openCL(), E);
}
inline Buffer adoptBuffer(cl_mem M) { return Buffer::adopt(openCL(), M); }
/// A command's event slot: Done's, when the caller wants the event.
class EventSlot {
public:
  explicit EventSlot(Event *Done) : Done(Done) {}
  ~EventSlot() {
    if (Done && E)
      *Done = adoptEvent(E);
  }
  cl_event *get() { return Done ? &E : nullptr; }

private:
  Event *Done;
  cl_event E = nullptr;
};

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_OPENCLBACKEND_H
