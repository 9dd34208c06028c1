//===- Profile.cpp - Device-time profile and Chrome trace ---------------===//
#include "observation/Profile.h"

#include "support/Env.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace ampcc {
namespace rt {

namespace {

enum class EventKind {
  Launch,
  HostToDevice,
  DeviceToHost,
  DeviceToDevice,
  Build,
  Marker,
  HostStep
};

const char *kindName(EventKind K) {
  switch (K) {
  case EventKind::Launch: return "kernel";
  case EventKind::HostToDevice: return "host to device";
  case EventKind::DeviceToHost: return "device to host";
  case EventKind::DeviceToDevice: return "device to device";
  case EventKind::Build: return "program build";
  case EventKind::Marker: return "marker";
  case EventKind::HostStep: return "runtime step";
  }
  return "?";
}

/// One command, while its event is pending and after it was resolved.
struct Record {
  EventKind Kind;
  std::string Name;   ///< Kernel location, or the built program's file.
  std::string Detail; ///< Kernel function name, or the device of a build.
  uint64_t Bytes = 0;
  bool Counts = true; ///< False for the later parts of a split launch.
  bool FromBinary = false; ///< A build from a cached program binary.
  void *Event = nullptr; ///< The backend's, read with Ops.
  const ProfileEventOps *Ops = nullptr;
  uint64_t HostEnqueueNs = 0;
  uint64_t StartNs = 0, EndNs = 0; ///< Host clock once resolved.
  std::string Device;
};

struct Profiler {
  std::mutex Lock;
  std::vector<Record> Done;
  std::vector<Record> Pending;
  /// Host clock minus device clock, per queue: learnt from the first event
  /// (its CL_PROFILING_COMMAND_QUEUED against the host time of its enqueue),
  /// so device commands and host-timed builds share one time line.
  std::map<const void *, int64_t> ClockOffset;
  std::map<const void *, std::string> QueueDevice;
  std::map<const void *, int> DeviceOrdinal;  ///< 1 for the first of a name
  std::map<std::string, int> DevicesNamed;    ///< devices seen per name
  std::map<const void *, int> QueuesOnDevice; ///< queues seen per device
  /// Kernel binary cache lookups, by CacheOutcome.
  uint64_t CacheLookups[3] = {};
};

Profiler &profiler() {
  // Never destroyed: the at-exit report may run after static destructors.
  static Profiler *P = new Profiler;
  return *P;
}

/// The backend whose slot holds this thread's next event, or null.
thread_local const ProfileEventOps *SlotOps = nullptr;
/// Host time when the slot was handed out, just before its enqueue: the
/// enqueue of a blocking transfer returns only when the transfer is done.
thread_local uint64_t SlotHostNs = 0;

/// The track of queue Q: its device's name, with "#2" for the second
/// device of that name and "queue 2" for a device's second queue, so that
/// two GPUs of one model or a copy view beside a compute view get tracks
/// of their own.
std::string queueDevice(Profiler &P, const ProfileEventOps &Ops,
                        const void *Q) {
  auto It = P.QueueDevice.find(Q);
  if (It != P.QueueDevice.end())
    return It->second;
  const void *D = Ops.DeviceOf(Q);
  std::string Name = D ? Ops.DeviceName(D) : "?";
  auto Dev = P.DeviceOrdinal.find(D);
  if (Dev == P.DeviceOrdinal.end())
    Dev = P.DeviceOrdinal.emplace(D, ++P.DevicesNamed[Name]).first;
  int Queue = ++P.QueuesOnDevice[D];
  if (Dev->second > 1)
    Name += " #" + std::to_string(Dev->second);
  if (Queue > 1)
    Name += " queue " + std::to_string(Queue);
  return P.QueueDevice[Q] = Name;
}

/// Turns a completed event into host-clock times and releases it.
void resolve(Profiler &P, Record &R) {
  const void *Q = R.Ops->QueueOf(R.Event);
  uint64_t Queued = 0, Start = 0, End = 0;
  R.Ops->Times(R.Event, Queued, Start, End);
  auto Off = P.ClockOffset.find(Q);
  if (Off == P.ClockOffset.end())
    Off = P.ClockOffset
              .emplace(Q, int64_t(R.HostEnqueueNs) - int64_t(Queued))
              .first;
  R.StartNs = uint64_t(int64_t(Start) + Off->second);
  R.EndNs = uint64_t(int64_t(std::max(End, Start)) + Off->second);
  R.Device = queueDevice(P, *R.Ops, Q);
  R.Ops->Release(R.Event);
  R.Event = nullptr;
}

/// Resolves every pending event (waiting for those still running when
/// \p Wait), keeping memory bounded in long runs.
void drain(Profiler &P, bool Wait) {
  std::vector<Record> Still;
  for (Record &R : P.Pending) {
    if (Wait)
      R.Ops->Wait(R.Event);
    else if (!R.Ops->Finished(R.Event)) {
      Still.push_back(std::move(R));
      continue;
    }
    resolve(P, R);
    P.Done.push_back(std::move(R));
  }
  P.Pending = std::move(Still);
}

std::string jsonString(const std::string &S) {
  std::string Out = "\"";
  for (unsigned char C : S) {
    if (C == '"' || C == '\\') {
      Out += '\\';
      Out += char(C);
    } else if (C < 0x20) {
      char Buf[8];
      std::snprintf(Buf, sizeof(Buf), "\\u%04x", C);
      Out += Buf;
    } else {
      Out += char(C);
    }
  }
  return Out + "\"";
}

/// Chrome trace-event JSON: one complete ("X") event per command, on one
/// track per device (kernels and transfers) plus one for program builds.
void writeTrace(const std::vector<Record> &Records, const std::string &Path) {
  FILE *F = std::fopen(Path.c_str(), "w");
  if (!F) {
    std::fprintf(stderr, "ampcc: cannot write the trace file '%s'\n",
                 Path.c_str());
    return;
  }
  uint64_t T0 = UINT64_MAX;
  for (const Record &R : Records)
    T0 = std::min(T0, R.StartNs);
  std::map<std::string, int> Tracks; // device name -> tid
  std::string Body;
  for (const Record &R : Records) {
    std::string Track = R.Kind == EventKind::Build ? "program builds (host)"
                        : R.Kind == EventKind::Marker ? "markers: " + R.Device
                                                      : R.Device;
    int Tid = Tracks.emplace(Track, int(Tracks.size()) + 1).first->second;
    std::string Name = R.Kind == EventKind::Launch ||
                               R.Kind == EventKind::Marker ||
                               R.Kind == EventKind::HostStep
                           ? R.Name
                           : kindName(R.Kind);
    std::string Args = "{";
    if (R.Kind == EventKind::Launch)
      Args += "\"kernel\":" + jsonString(R.Detail) + ",\"location\":" +
              jsonString(R.Name);
    else if (R.Kind == EventKind::Build)
      Args += "\"file\":" + jsonString(R.Name) + ",\"device\":" +
              jsonString(R.Detail) + ",\"from\":" +
              jsonString(R.FromBinary ? "cached binary" : "source");
    else if (R.Kind == EventKind::Marker)
      Args += "\"kind\":" + jsonString(R.Detail) +
              ",\"category\":" + std::to_string(R.Bytes);
    else if (R.Kind == EventKind::HostStep)
      Args += "\"detail\":" + jsonString(R.Detail);
    else
      Args += "\"bytes\":" + std::to_string(R.Bytes);
    Args += "}";
    char Times[96];
    std::snprintf(Times, sizeof(Times), "\"ts\":%.3f,\"dur\":%.3f",
                  (R.StartNs - T0) / 1e3, (R.EndNs - R.StartNs) / 1e3);
    // A marker without duration (a flag, message or alert) is an instant
    // event on its series' track; spans are ranges like commands.
    bool Instant = R.Kind == EventKind::Marker && R.EndNs == R.StartNs;
    if (Instant)
      std::snprintf(Times, sizeof(Times), "\"ts\":%.3f,\"s\":\"t\"",
                    (R.StartNs - T0) / 1e3);
    Body += std::string(Body.empty() ? "" : ",\n") + "{\"name\":" +
            jsonString(Name) + ",\"cat\":" + jsonString(kindName(R.Kind)) +
            ",\"ph\":\"" + (Instant ? "i" : "X") + "\",\"pid\":1,\"tid\":" +
            std::to_string(Tid) + "," + Times + ",\"args\":" + Args + "}";
  }
  std::string Meta = "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,"
                     "\"args\":{\"name\":\"ampcc\"}}";
  for (const auto &T : Tracks)
    Meta += ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":" +
            std::to_string(T.second) + ",\"args\":{\"name\":" +
            jsonString(T.first) + "}}";
  std::fprintf(F, "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n%s%s%s\n]}\n",
               Meta.c_str(), Body.empty() ? "" : ",\n", Body.c_str());
  std::fclose(F);
}

void printProfile(const std::vector<Record> &Records,
                  const uint64_t (&CacheLookups)[3]) {
  struct Sum {
    uint64_t Count = 0, Bytes = 0, Ns = 0;
  };
  std::vector<std::pair<std::string, Sum>> Kernels; // in first-launch order
  std::map<EventKind, Sum> Transfers;
  Sum Builds, CachedBuilds;
  for (const Record &R : Records) {
    uint64_t Ns = R.EndNs - R.StartNs;
    if (R.Kind == EventKind::Launch) {
      auto It = std::find_if(Kernels.begin(), Kernels.end(),
                             [&](const auto &K) { return K.first == R.Name; });
      if (It == Kernels.end())
        It = Kernels.insert(Kernels.end(), {R.Name, Sum()});
      It->second.Count += R.Counts;
      It->second.Ns += Ns;
    } else if (R.Kind == EventKind::Build) {
      Builds.Count++;
      Builds.Ns += Ns;
      CachedBuilds.Count += R.FromBinary;
      CachedBuilds.Ns += R.FromBinary ? Ns : 0;
    } else if (R.Kind == EventKind::Marker || R.Kind == EventKind::HostStep) {
      continue; // the trace's business, not the device-time profile's
    } else {
      Sum &S = Transfers[R.Kind];
      S.Count++;
      S.Bytes += R.Bytes;
      S.Ns += Ns;
    }
  }
  std::fprintf(stderr, "ampcc profile (device time from the backends' events: "
                       "OpenCL profiling, CUDA, the host's clock)\n");
  std::fprintf(stderr, "%-44s %9s %12s %12s\n", "kernel (source location)",
               "launches", "total ms", "mean us");
  for (const auto &K : Kernels)
    std::fprintf(stderr, "%-44s %9llu %12.3f %12.1f\n", K.first.c_str(),
                 (unsigned long long)K.second.Count, K.second.Ns / 1e6,
                 K.second.Count ? K.second.Ns / 1e3 / K.second.Count : 0.0);
  std::fprintf(stderr, "%-20s %9s %14s %12s %10s\n", "transfer", "count",
               "bytes", "total ms", "GB/s");
  for (const auto &T : Transfers)
    std::fprintf(stderr, "%-20s %9llu %14llu %12.3f %10.2f\n",
                 kindName(T.first), (unsigned long long)T.second.Count,
                 (unsigned long long)T.second.Bytes, T.second.Ns / 1e6,
                 T.second.Ns ? double(T.second.Bytes) / T.second.Ns : 0.0);
  std::fprintf(stderr, "%-21s %8llu %14s %12.3f\n", "program builds (host)",
               (unsigned long long)Builds.Count, "", Builds.Ns / 1e6);
  if (env().KernelCacheDir.empty()) {
    std::fprintf(stderr, "kernel binary cache: off\n");
    return;
  }
  std::fprintf(stderr, "%-21s %8llu %14s %12.3f\n", "  from cached binary",
               (unsigned long long)CachedBuilds.Count, "",
               CachedBuilds.Ns / 1e6);
  std::fprintf(stderr,
               "kernel binary cache: %llu hits, %llu misses, %llu refused "
               "(%s)\n",
               (unsigned long long)CacheLookups[int(CacheOutcome::Hit)],
               (unsigned long long)CacheLookups[int(CacheOutcome::Miss)],
               (unsigned long long)CacheLookups[int(CacheOutcome::Refused)],
               env().KernelCacheDir.c_str());
}

void report() {
  Profiler &P = profiler();
  std::lock_guard<std::mutex> Guard(P.Lock);
  drain(P, /*Wait=*/true);
  std::vector<Record> Records = P.Done;
  std::stable_sort(Records.begin(), Records.end(),
                   [](const Record &A, const Record &B) {
                     return A.StartNs < B.StartNs;
                   });
  if (env().Profile)
    printProfile(Records, P.CacheLookups);
  if (!env().TraceFile.empty())
    writeTrace(Records, env().TraceFile);
}

void add(Record R) {
  Profiler &P = profiler();
  static std::once_flag Once;
  // Registered after the OpenCL implementation initialised itself (there is
  // an event already), so it runs before the implementation's own exit
  // handlers.
  std::call_once(Once, [] { std::atexit(report); });
  std::lock_guard<std::mutex> Guard(P.Lock);
  if (R.Event)
    P.Pending.push_back(std::move(R));
  else
    P.Done.push_back(std::move(R));
  if (P.Pending.size() >= 4096)
    drain(P, /*Wait=*/false);
}

/// The event the last enqueue of this thread left, with its reader.
std::pair<void *, const ProfileEventOps *> takeSlot() {
  const ProfileEventOps *Ops = std::exchange(SlotOps, nullptr);
  return {Ops ? Ops->Take() : nullptr, Ops};
}

} // namespace

bool profilingEnabled() { return env().Profile || !env().TraceFile.empty(); }

bool profileNextEnqueue(const ProfileEventOps &Ops) {
  if (!profilingEnabled())
    return false;
  SlotOps = &Ops;
  SlotHostNs = profileHostNowNs();
  return true;
}

uint64_t profileHostNowNs() {
  return uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::steady_clock::now().time_since_epoch())
                      .count());
}

void profileTransfer(TransferKind Kind, uint64_t Bytes) {
  auto [E, Ops] = takeSlot();
  if (!E)
    return;
  Record R;
  R.Kind = Kind == TransferKind::HostToDevice   ? EventKind::HostToDevice
           : Kind == TransferKind::DeviceToHost ? EventKind::DeviceToHost
                                                : EventKind::DeviceToDevice;
  R.Bytes = Bytes;
  R.Event = E;
  R.Ops = Ops;
  R.HostEnqueueNs = SlotHostNs;
  add(std::move(R));
}

void profileMarker(const std::string &Series, const char *Kind, int Category,
                   const std::string &Text, uint64_t StartNs, uint64_t EndNs) {
  if (env().TraceFile.empty())
    return;
  Record R;
  R.Kind = EventKind::Marker;
  R.Name = Text;
  R.Detail = Kind;
  R.Device = Series.empty() ? "default" : Series;
  R.Bytes = uint64_t(uint32_t(Category));
  R.StartNs = StartNs;
  R.EndNs = EndNs;
  add(std::move(R));
}

HostStep::HostStep(const char *Step, std::string Detail) : Step(Step) {
  if (env().TraceFile.empty())
    return;
  this->Detail = std::move(Detail);
  StartNs = profileHostNowNs();
}

HostStep::~HostStep() {
  if (!StartNs)
    return;
  // Numbered in the order threads first record a step: the main thread is
  // usually 1.
  static std::atomic<int> Threads{0};
  thread_local int Thread = ++Threads;
  Record R;
  R.Kind = EventKind::HostStep;
  R.Name = Step;
  R.Detail = std::move(Detail);
  R.Device = "runtime (host thread " + std::to_string(Thread) + ")";
  R.StartNs = StartNs;
  R.EndNs = profileHostNowNs();
  // Straight into the finished records, not through add(): a step may come
  // before the OpenCL implementation initialised itself (discovery), and
  // add() registers the at-exit report, which must run before the
  // implementation's own exit handlers.
  Profiler &P = profiler();
  std::lock_guard<std::mutex> Guard(P.Lock);
  P.Done.push_back(std::move(R));
}

void profileLaunch(const char *Location, const char *KernelName,
                   bool FirstPart) {
  auto [E, Ops] = takeSlot();
  if (!E)
    return;
  Record R;
  R.Kind = EventKind::Launch;
  R.Name = Location ? Location : "<unknown location>";
  R.Detail = KernelName ? KernelName : "?";
  R.Counts = FirstPart;
  R.Event = E;
  R.Ops = Ops;
  R.HostEnqueueNs = SlotHostNs;
  add(std::move(R));
}

void profileBuild(const std::string &File, const std::string &Device,
                  uint64_t StartNs, uint64_t EndNs, bool FromBinary) {
  if (!profilingEnabled())
    return;
  Record R;
  R.Kind = EventKind::Build;
  R.Name = File;
  R.Detail = Device;
  R.Device = Device;
  R.StartNs = StartNs;
  R.EndNs = EndNs;
  R.FromBinary = FromBinary;
  add(std::move(R));
}

void profileCacheLookup(CacheOutcome Outcome) {
  if (!profilingEnabled())
    return;
  Profiler &P = profiler();
  std::lock_guard<std::mutex> Guard(P.Lock);
  P.CacheLookups[int(Outcome)]++;
}

} // namespace rt
} // namespace ampcc
