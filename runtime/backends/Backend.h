//===- Backend.h - what the runtime needs from a device API -----*- C++ -*-===//
//
// The runtime's layers above this one speak to devices only through this
// interface, in the style of AdaptiveCpp's runtime: a Backend lists its
// devices and makes contexts; a Queue is an in-order queue (one per
// accelerator_view) on which kernels, transfers, markers and waits are
// enqueued; Events stand for enqueued commands; Buffers are device memory;
// Programs are loaded from the form the backend takes (OpenCL C source or a
// binary for OpenCL) and give Kernels by name. Each lives in a folder of its
// own (backends/opencl) and nothing above this layer includes its headers.
//
// Objects are reference counted by their backend, and every handle here owns
// one reference: copying one takes another, destroying it drops it, so no
// code above this layer retains or releases anything by hand.
//
// Calls that fail throw the C++ AMP exception the backend's error maps to
// (out_of_memory, accelerator_view_removed, runtime_exception with the
// backend's code); calls that report a status instead say so.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_BACKEND_H
#define AMPCC_RUNTIME_BACKEND_H

#include "ampcc/kernel_abi.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ampcc {
namespace rt {

struct Rect;
class Backend;

enum class ObjectKind : uint8_t { Context, Queue, Event, Buffer, Program, Kernel };

/// One reference to an object of a backend (null: none).
template <ObjectKind K> class Handle {
public:
  Handle() = default;
  /// Takes over a reference the backend created.
  static Handle adopt(Backend &B, void *Raw) { return Handle(&B, Raw); }
  /// Takes a reference of its own to Raw.
  static Handle share(Backend &B, void *Raw);
  Handle(const Handle &O) : Handle(share(O.B, O.Raw)) {}
  Handle(Handle &&O) noexcept : B(O.B), Raw(std::exchange(O.Raw, nullptr)) {}
  Handle &operator=(Handle O) noexcept {
    std::swap(B, O.B);
    std::swap(Raw, O.Raw);
    return *this;
  }
  ~Handle();
  void reset() { *this = Handle(); }
  explicit operator bool() const { return Raw != nullptr; }
  /// The backend's own object (for the backend, and as an identity).
  void *raw() const { return Raw; }
  Backend &backend() const { return *B; }
  friend bool operator==(const Handle &A, const Handle &C) { return A.Raw == C.Raw; }
  friend bool operator!=(const Handle &A, const Handle &C) { return A.Raw != C.Raw; }
  friend bool operator<(const Handle &A, const Handle &C) { return A.Raw < C.Raw; }

protected:
  Handle(Backend *B, void *Raw) : B(B), Raw(Raw) {}
  static Handle share(Backend *B, void *Raw) {
    return Raw ? share(*B, Raw) : Handle();
  }
  Backend *B = nullptr;
  void *Raw = nullptr;
};

using Context = Handle<ObjectKind::Context>;
using Buffer = Handle<ObjectKind::Buffer>;
using Program = Handle<ObjectKind::Program>;

/// A command enqueued on a queue.
class Event : public Handle<ObjectKind::Event> {
public:
  Event() = default;
  Event(Handle H) : Handle(std::move(H)) {}
  /// Waits for the command: 0 when it completed, else the backend's
  /// (negative) error code. Never throws.
  int wait() const;
  /// wait, throwing for an error (\p What names the wait).
  void waitOrThrow(const std::string &What) const;
  /// True once the command completed or failed (no wait).
  bool finished() const;
  /// When the command was queued, started and ended, in nanoseconds of the
  /// device's clock, on a queue made for profiling (0 where unknown).
  void deviceTimes(uint64_t &Queued, uint64_t &Start, uint64_t &End) const;
  /// Calls \p Done(status) once, on a thread of the backend, when the
  /// command completes (0) or fails (the backend's code).
  void onComplete(std::function<void(int)> Done) const;
};

/// A kernel of a built program; its arguments are state of the object, so
/// the caller serializes setting them and enqueueing it.
class Kernel : public Handle<ObjectKind::Kernel> {
public:
  Kernel() = default;
  Kernel(Handle H) : Handle(std::move(H)) {}
  /// \p For, in the message of a failure: "of kernel at a.cpp:3:5".
  void setArg(unsigned Index, size_t Bytes, const void *Value,
              const std::string &For = std::string()) const;
  /// Buffer \p Mem (or an image) as argument \p Index.
  void setArg(unsigned Index, const Buffer &Mem,
              const std::string &For = std::string()) const;
};

/// The part of a launch one enqueue runs: \p Dims dimensions (1 to 3,
/// fastest first), a global offset or none, the work-group shape or none
/// (the backend chooses).
struct LaunchPart {
  uint32_t Dims = 1;
  const size_t *Offset = nullptr;
  const size_t *Size = nullptr;
  const size_t *Local = nullptr;
};

/// How an upload ended: Last is the event of its last write when that may
/// still run, null when every write completed; ReadsHost: that write still
/// reads the host memory it came from.
struct Upload {
  Event Last;
  bool ReadsHost = false;
};

/// An in-order queue: commands run in the order they are enqueued. Where
/// an enqueue takes \p Done, it returns the command's event there.
class Queue : public Handle<ObjectKind::Queue> {
public:
  Queue() = default;
  Queue(Handle H) : Handle(std::move(H)) {}

  /// \p For, in the message of a failure: "for kernel at a.cpp:3:5".
  void launch(const Kernel &K, const LaunchPart &Part, Event *Done = nullptr,
              const std::string &For = std::string()) const;
  /// Bytes [Offset, Offset + Bytes) of \p B into host memory.
  /// \p For, in the message of a failure: "of the fault record".
  void read(const Buffer &B, bool Blocking, size_t Offset, size_t Bytes,
            void *Host, Event *Done = nullptr,
            const std::string &For = std::string()) const;
  /// Reads the rectangles \p R from \p B (R's Src side) into host memory
  /// at \p Host (R's Dst side); returns when they are there. HostPinned:
  /// Host is page-locked memory already.
  void readRects(const Buffer &B, const std::vector<Rect> &R, void *Host,
                 bool HostPinned = false) const;
  /// Writes host memory at \p Host (R's Src side) into \p B (R's Dst
  /// side). Unless \p Async, the host memory is not read any more when
  /// this returns; with Async the last write may still read it (Upload).
  Upload writeRects(const Buffer &B, const std::vector<Rect> &R,
                    const void *Host, bool HostPinned, bool Async) const;
  /// Copies rectangles between two buffers of one context, on the device.
  void copyRects(const Buffer &Src, const Buffer &Dst,
                 const std::vector<Rect> &R) const;
  /// Repeats the \p PatternBytes of \p Pattern over [Offset, Offset + Bytes).
  void fill(const Buffer &B, const void *Pattern, size_t PatternBytes,
            size_t Offset, size_t Bytes, const std::string &For) const;
  /// Completes when everything enqueued before it has.
  Event marker(const std::string &For = std::string()) const;
  /// What is enqueued next waits for \p E (an event of any queue of the
  /// same context), and for nothing else.
  void waitFor(const Event &E) const;
  void flush() const;
  /// Waits for everything enqueued; throws for a failed command (\p What
  /// names the wait).
  void finish(const std::string &What) const;
  Context context() const;
};

enum class DeviceKind : uint8_t { Other, CPU, GPU, Accelerator };

/// What the runtime needs to know about a device, queried once.
struct DeviceProperties {
  std::string Name;
  std::string PlatformName;
  // The rest of the identity of the compiler behind the device, which
  // cached program binaries are keyed on (KernelCache.h).
  std::string Vendor;
  std::string DriverVersion;
  std::string VersionText;
  std::string PlatformVersion;
  DeviceKind Kind = DeviceKind::Other;
  unsigned Version = 0; ///< major << 16 | minor of the API version.
  uint64_t GlobalMemBytes = 0;
  uint64_t MaxAllocBytes = 0;
  size_t MaxWorkGroupSize = 0;
  uint64_t LocalMemBytes = 0; ///< tile_static room.
  unsigned AddressBits = 0;   ///< 32 or 64.
  bool SupportsDouble = false;
  bool HostUnifiedMemory = false; ///< Device memory is host memory.
  bool ImageSupport = false;
  /// Largest image extents: 1D/2D width and height, 3D width, height, depth.
  size_t Image2DMax[2] = {0, 0};
  size_t Image3DMax[3] = {0, 0, 0};
};

/// A device as its backend lists it.
struct BackendDevice {
  void *Id = nullptr; ///< The backend's device; lives as long as the process.
  /// Devices of one group may share a context (OpenCL: one platform).
  unsigned Group = 0;
  unsigned Index = 0; ///< In its group's listing, unusable devices counted.
  DeviceProperties Props;
};

/// Every device the backend has that runs kernels; \p WhyNone says why
/// there is none.
struct DeviceListing {
  std::vector<BackendDevice> Devices;
  std::string WhyNone;
};

/// A kernel's own limits on a device.
struct KernelProperties {
  size_t MaxWorkGroupSize = 0; ///< 0: unknown.
  uint64_t LocalMemBytes = 0;  ///< Its tile_static bytes.
};

/// The device API's objects and operations. One instance per backend, alive
/// for the whole process.
class Backend {
public:
  virtual ~Backend() = default;
  /// "OpenCL".
  virtual const char *name() const = 0;
  /// The first part of its devices' paths: "opencl" in "opencl:0:1".
  virtual const char *pathPrefix() const = 0;

  // Objects (Handle's references).
  virtual void retain(ObjectKind K, void *Raw) = 0;
  virtual void release(ObjectKind K, void *Raw) = 0;

  /// Throws the C++ AMP exception for a failed call: \p Code the backend's
  /// error, \p What the call.
  [[noreturn]] virtual void fail(int Code, const std::string &What) = 0;

  // Devices and contexts.
  virtual DeviceListing listDevices() = 0;
  /// A context holding \p Devices (of one group). Where the backend refuses
  /// one: null and the reason in \p Refusal if given, else a throw naming
  /// \p For (what the context is for).
  virtual Context createContext(const std::vector<void *> &Devices,
                                const std::string &For,
                                std::string *Refusal) = 0;
  virtual Queue createQueue(const Context &C, void *Device, bool Profiling,
                            const std::string &For) = 0;

  // Memory.
  /// Device memory of \p Bytes, holding a copy of \p Init when given;
  /// throws naming \p For (what the memory is for).
  virtual Buffer allocate(const Context &C, size_t Bytes, const void *Init,
                          const std::string &For) = 0;
  /// Host-visible, page-locked memory of \p Bytes and its host address
  /// (mapped through \p Q); null where the backend gives none.
  virtual Buffer allocatePinned(const Context &C, const Queue &Q, size_t Bytes,
                                void *&Host) = 0;
  /// Gives the host address of allocatePinned back (through \p Q).
  virtual void unmapPinned(const Queue &Q, const Buffer &B, void *Host) = 0;
  /// Registers the program's memory [Host, Host + Bytes) for DMA, so that
  /// transfers from and to it run as from page-locked memory (HostPinned)
  /// until unregisterHost; a token for that, or null where the backend has
  /// no such call, the driver refuses, or the range shares a page with one
  /// registered already. The caller keeps the memory alive meanwhile.
  virtual void *registerHost(void *Host, size_t Bytes) { return nullptr; }
  virtual void unregisterHost(void *Token) {}
  /// A buffer that is the program's memory [Host, Host + Bytes) itself, so
  /// that kernels read it in place and nothing is copied in; null where the
  /// device's memory is not the host's own. The caller keeps the memory
  /// alive while the buffer lives.
  virtual Buffer wrapHost(const Context & /*C*/, void * /*Host*/, size_t /*Bytes*/) {
    return Buffer();
  }
  virtual size_t bufferBytes(const Buffer &B) = 0;

  // Programs and kernels.
  /// True for backends that run the PTX ampcc compiled ahead of time
  /// (loadPtx) rather than source (loadSource).
  virtual bool runsPtx() const { return false; }
  /// Loads \p P's PTX module for \p Device: the one for the newest target
  /// the device runs, of the variant asked; null and \p Why where P has
  /// none. build() then compiles it for the device.
  virtual Program loadPtx(const Context &C, void *Device, const ProgramDesc &P,
                          bool DomainCovered, std::string &Why) {
    (void)C, (void)Device, (void)P, (void)DomainCovered;
    Why = std::string(name()) + " runs no PTX";
    return Program();
  }
  /// Loads a program for \p Device from its source text (OpenCL C for
  /// OpenCL); throws naming \p For (the source file).
  virtual Program loadSource(const Context &C, const char *Source,
                             const std::string &For) = 0;
  /// Loads a program for \p Device from a binary this backend gave
  /// (binary()); null and \p Status where the device refuses it.
  virtual Program loadBinary(const Context &C, void *Device,
                             const std::vector<unsigned char> &Binary,
                             int &Status) = 0;
  /// Builds (compiles or finishes) P for \p Device: 0 or the error.
  virtual int build(const Program &P, void *Device, const std::string &Options) = 0;
  /// The build log; \p None where the backend gives none.
  virtual std::string buildLog(const Program &P, void *Device,
                               const std::string &None) = 0;
  /// The program's binary for \p Device (empty where there is none).
  virtual std::vector<unsigned char> binary(const Program &P, void *Device) = 0;
  /// The kernel named \p Name; null and \p Status where it fails.
  virtual Kernel kernel(const Program &P, const char *Name, int &Status) = 0;
  virtual KernelProperties kernelProperties(const Kernel &K, void *Device) = 0;
  /// What a status means, where the runtime acts on it.
  enum class Failure { Other, MissingKernel, BuildFailure };
  virtual Failure failureOf(int Status) = 0;
  /// The error's name ("CL_OUT_OF_RESOURCES").
  virtual const char *errorName(int Code) = 0;

  // Images (the image form of kernels: textures).
  /// Whether the context takes images of texture capture \p T's texel
  /// format (KernelDesc's flags and size), \p Rank dimensions, written by
  /// kernels when \p Write, else read.
  virtual bool takesImage(const Context &C, const CaptureDesc &T, uint32_t Rank,
                          bool Write) = 0;
  /// An image for texture capture \p T of \p Region texels (width, height,
  /// depth), filled on \p Q from \p From's bytes at \p Offset.
  virtual Buffer imageFrom(const Context &C, const Queue &Q, const CaptureDesc &T,
                           const size_t Region[3], const Buffer &From,
                           size_t Offset) = 0;
  /// Copies \p Image back into \p To at \p Offset, on \p Q.
  virtual void imageTo(const Queue &Q, const Buffer &Image, const size_t Region[3],
                       const Buffer &To, size_t Offset) = 0;

  // Events.
  virtual int wait(void *Event) = 0;
  virtual bool finished(void *Event) = 0;
  virtual void deviceTimes(void *Event, uint64_t &Queued, uint64_t &Start,
                           uint64_t &End) = 0;
  virtual void onComplete(void *Event, std::function<void(int)> Done) = 0;

  // Kernels.
  virtual void setArg(void *Kernel, unsigned Index, size_t Bytes,
                      const void *Value, const std::string &For) = 0;
  virtual void setBufferArg(void *Kernel, unsigned Index, void *Mem,
                            const std::string &For) = 0;

  // Queues (Queue's operations).
  virtual void launch(void *Q, void *Kernel, const LaunchPart &Part, Event *Done,
                      const std::string &For) = 0;
  virtual void read(void *Q, void *B, bool Blocking, size_t Offset, size_t Bytes,
                    void *Host, Event *Done, const std::string &For) = 0;
  virtual void readRects(void *Q, void *B, const std::vector<Rect> &R, void *Host,
                         bool HostPinned) = 0;
  virtual Upload writeRects(void *Q, void *B, const std::vector<Rect> &R,
                            const void *Host, bool HostPinned, bool Async) = 0;
  virtual void copyRects(void *Q, void *Src, void *Dst,
                         const std::vector<Rect> &R) = 0;
  /// Copies rectangles from \p Src, read on \p SrcQ, into \p Dst, written
  /// on \p DstQ (two devices of one context), through host memory; returns
  /// when the last byte is in Dst. For devices whose own copies between
  /// them are slow (copiesThroughHost).
  virtual void copyThroughHost(const Queue &SrcQ, const Buffer &Src,
                               const Queue &DstQ, const Buffer &Dst,
                               const std::vector<Rect> &R) = 0;
  /// True when copies between buffers of devices \p A and \p B (two of one
  /// context) are faster through host memory than by the backend's own
  /// device-to-device copy.
  virtual bool copiesThroughHost(const DeviceProperties &A,
                                 const DeviceProperties &B) = 0;
  /// True when buffers of devices \p A and \p B (two of this backend's
  /// device ids, each with its own context) copy into each other without
  /// the host: CUDA's peer copies. OpenCL's contexts share nothing.
  virtual bool copiesAcrossContexts(void * /*A*/, void * /*B*/) { return false; }
  /// Copies rectangles from \p Src into \p Dst, buffers of two contexts
  /// (copiesAcrossContexts), on the devices: after the commands \p SrcQ
  /// holds, and before those that \p SrcQ and \p DstQ get next (the
  /// source must not change under the copy). Returns at once.
  virtual void copyAcrossContexts(const Queue &SrcQ, const Buffer &Src,
                                  const Queue &DstQ, const Buffer &Dst,
                                  const std::vector<Rect> &R);
  virtual void fill(void *Q, void *B, const void *Pattern, size_t PatternBytes,
                    size_t Offset, size_t Bytes, const std::string &For) = 0;
  virtual Event marker(void *Q, const std::string &For) = 0;
  virtual void waitFor(void *Q, const Event &E) = 0;
  virtual void flush(void *Q) = 0;
  virtual int finish(void *Q) = 0;
  virtual Context context(void *Q) = 0;
};

// --- Inline forwarding ------------------------------------------------------

template <ObjectKind K> Handle<K> Handle<K>::share(Backend &B, void *Raw) {
  if (Raw)
    B.retain(K, Raw);
  return Handle(&B, Raw);
}
template <ObjectKind K> Handle<K>::~Handle() {
  if (Raw)
    B->release(K, Raw);
}

inline int Event::wait() const { return B->wait(Raw); }
inline void Event::waitOrThrow(const std::string &What) const {
  if (int Err = wait())
    B->fail(Err, What);
}
inline bool Event::finished() const { return B->finished(Raw); }
inline void Event::deviceTimes(uint64_t &Queued, uint64_t &Start,
                               uint64_t &End) const {
  B->deviceTimes(Raw, Queued, Start, End);
}
inline void Event::onComplete(std::function<void(int)> Done) const {
  B->onComplete(Raw, std::move(Done));
}

inline void Kernel::setArg(unsigned Index, size_t Bytes, const void *Value,
                           const std::string &For) const {
  B->setArg(Raw, Index, Bytes, Value, For);
}
inline void Kernel::setArg(unsigned Index, const Buffer &Mem,
                           const std::string &For) const {
  B->setBufferArg(Raw, Index, Mem.raw(), For);
}

inline void Queue::launch(const Kernel &K, const LaunchPart &Part, Event *Done,
                          const std::string &For) const {
  B->launch(Raw, K.raw(), Part, Done, For);
}
inline void Queue::read(const Buffer &Buf, bool Blocking, size_t Offset, size_t Bytes,
                        void *Host, Event *Done, const std::string &For) const {
  B->read(Raw, Buf.raw(), Blocking, Offset, Bytes, Host, Done, For);
}
inline void Queue::readRects(const Buffer &Buf, const std::vector<Rect> &R,
                             void *Host, bool HostPinned) const {
  B->readRects(Raw, Buf.raw(), R, Host, HostPinned);
}
inline Upload Queue::writeRects(const Buffer &Buf, const std::vector<Rect> &R,
                                const void *Host, bool HostPinned,
                                bool Async) const {
  return B->writeRects(Raw, Buf.raw(), R, Host, HostPinned, Async);
}
inline void Queue::copyRects(const Buffer &Src, const Buffer &Dst,
                             const std::vector<Rect> &R) const {
  B->copyRects(Raw, Src.raw(), Dst.raw(), R);
}
inline void Queue::fill(const Buffer &Buf, const void *Pattern, size_t PatternBytes,
                        size_t Offset, size_t Bytes, const std::string &For) const {
  B->fill(Raw, Buf.raw(), Pattern, PatternBytes, Offset, Bytes, For);
}
inline Event Queue::marker(const std::string &For) const {
  return B->marker(Raw, For);
}
inline void Queue::waitFor(const Event &E) const { B->waitFor(Raw, E); }
inline void Queue::flush() const { B->flush(Raw); }
inline void Queue::finish(const std::string &What) const {
  if (int Err = B->finish(Raw))
    B->fail(Err, What);
}
inline Context Queue::context() const { return B->context(Raw); }

/// The backends this runtime was built with, in the order their devices are
/// listed (backends/Backends.cpp).
const std::vector<Backend *> &allBackends();

/// The programs registered so far (KernelRegistry, before main runs): a
/// backend that runs only programs of one form (PTX) checks them when it
/// lists its devices.
void notePrograms(const ProgramDesc *P);
std::vector<const ProgramDesc *> notedPrograms();

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_BACKEND_H
