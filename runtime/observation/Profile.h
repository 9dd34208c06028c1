//===- Profile.h - Device-time profile and Chrome trace ---------*- C++ -*-===//
//
// AMPCC_PROFILE=1 prints at exit, per kernel (named by its source location)
// and per transfer direction, the device time the backends' events
// measured (OpenCL profiling events, CUDA events, the host's clock).
// AMPCC_TRACE_FILE=<file> writes the same events, and the program builds,
// as Chrome trace-event JSON (chrome://tracing, ui.perfetto.dev).
// The profile also counts the kernel binary cache's hits and misses, and
// splits build time between source builds and builds from cached binaries.
//
// The rest of the runtime only hands over events: before an enqueue the
// backend asks profileNextEnqueue whether to keep the command's event (not
// when profiling is off, so the queue keeps no events) and leaves it in a
// slot of its own; the note* call after the enqueue (Stats.h) or
// profileLaunch() takes it from there through the backend's
// ProfileEventOps. Events are resolved when they have completed, and all of
// them at exit. The profile knows no device API: the backend's functions
// read its events.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_PROFILE_H
#define AMPCC_RUNTIME_PROFILE_H

#include <cstdint>
#include <string>

namespace ampcc {
namespace rt {

/// AMPCC_PROFILE or AMPCC_TRACE_FILE is set.
bool profilingEnabled();

/// How the profile reads a backend's events: the backend's functions.
struct ProfileEventOps {
  /// Takes the event the last enqueue of this thread left in the backend's
  /// slot (null when it left none).
  void *(*Take)();
  bool (*Finished)(void *Event);
  void (*Wait)(void *Event);
  /// Device clock in nanoseconds: queued, started, ended (0 when unknown).
  void (*Times)(void *Event, uint64_t &Queued, uint64_t &Start, uint64_t &End);
  /// The event's queue and that queue's device, as identities.
  const void *(*QueueOf)(void *Event);
  const void *(*DeviceOf)(const void *Queue);
  std::string (*DeviceName)(const void *Device);
  void (*Release)(void *Event);
};

/// True when the next enqueue on this thread should leave its event in the
/// backend's slot (profiling is on), to be read with \p Ops.
bool profileNextEnqueue(const ProfileEventOps &Ops);

enum class TransferKind { HostToDevice, DeviceToHost, DeviceToDevice };

/// Takes the event of the transfer just enqueued on this thread.
void profileTransfer(TransferKind Kind, uint64_t Bytes);

/// Takes the event of the kernel enqueue just made on this thread.
/// \p Location is the kernel's "file:line:col"; \p FirstPart is false for
/// the later enqueues of a launch split into several.
void profileLaunch(const char *Location, const char *KernelName,
                   bool FirstPart);

/// A program build measured on the host (clBuildProgram blocks), from
/// source or from a cached binary.
void profileBuild(const std::string &File, const std::string &Device,
                  uint64_t StartNs, uint64_t EndNs, bool FromBinary);

/// What a lookup in the kernel binary cache gave: a binary the device built
/// (Hit), none (Miss), or one the device refused (Refused: built from source).
enum class CacheOutcome { Hit, Miss, Refused };
void profileCacheLookup(CacheOutcome Outcome);

/// A Concurrency Visualizer marker (<cvmarkersobj.h>) for the trace file:
/// a span from \p StartNs to \p EndNs, or an instant when they are equal,
/// on the track of its series.
void profileMarker(const std::string &Series, const char *Kind, int Category,
                   const std::string &Text, uint64_t StartNs, uint64_t EndNs);

/// Host time in nanoseconds, on the clock the trace uses.
uint64_t profileHostNowNs();

/// A step of the runtime's own host work (device discovery, a context, the
/// parts of a program build, a wait) for the trace file, on one track per
/// host thread, so that a first launch's time or two threads that feed two
/// devices can be read off it. Costs a branch when the trace file is off.
class HostStep {
public:
  explicit HostStep(const char *Step, std::string Detail = std::string());
  ~HostStep();
  HostStep(const HostStep &) = delete;
  HostStep &operator=(const HostStep &) = delete;

private:
  const char *Step;
  std::string Detail;
  uint64_t StartNs = 0; ///< 0: the trace file is off.
};

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_PROFILE_H
