//===- CLObjects.cpp - OpenCL objects: references, errors, events ---------===//

#include "backends/opencl/Errors.h"
#include "backends/opencl/OpenCLBackend.h"

namespace ampcc {
namespace rt {

OpenCLBackend &openCL() {
  // Never destroyed: handles may be dropped by static destructors.
  static OpenCLBackend *B = new OpenCLBackend;
  return *B;
}

namespace {
using RefFn = cl_int (*)(void *);
/// clRetainX or clReleaseX on an object of type T passed as void *.
template <typename T, cl_int (*F)(T)> cl_int onObject(void *Raw) {
  return F(static_cast<T>(Raw));
}
// The OpenCL type and name of each ObjectKind, in its order.
#define AMPCC_CL_OBJECTS(X)                                                    \
  X(cl_context, Context)                                                       \
  X(cl_command_queue, CommandQueue)                                            \
  X(cl_event, Event)                                                           \
  X(cl_mem, MemObject)                                                         \
  X(cl_program, Program)                                                       \
  X(cl_kernel, Kernel)
#define AMPCC_RETAIN(T, Name) onObject<T, clRetain##Name>,
#define AMPCC_RELEASE(T, Name) onObject<T, clRelease##Name>,
const RefFn Retain[] = {AMPCC_CL_OBJECTS(AMPCC_RETAIN)};
const RefFn Release[] = {AMPCC_CL_OBJECTS(AMPCC_RELEASE)};
static_assert(sizeof(Retain) / sizeof(Retain[0]) == unsigned(ObjectKind::Kernel) + 1,
              "one entry per ObjectKind");
#undef AMPCC_RETAIN
#undef AMPCC_RELEASE
#undef AMPCC_CL_OBJECTS
} // namespace

void OpenCLBackend::retain(ObjectKind K, void *Raw) {
  Retain[unsigned(K)](Raw);
}

void OpenCLBackend::release(ObjectKind K, void *Raw) {
  Release[unsigned(K)](Raw);
}

void OpenCLBackend::fail(int Code, const std::string &What) {
  throwCLError(Code, What);
}

// --- Events -------------------------------------------------------------------

int OpenCLBackend::wait(void *E) {
  cl_event Event = static_cast<cl_event>(E);
  return clWaitForEvents(1, &Event);
}

bool OpenCLBackend::finished(void *E) {
  cl_int Status = CL_QUEUED;
  clGetEventInfo(static_cast<cl_event>(E), CL_EVENT_COMMAND_EXECUTION_STATUS,
                 sizeof(Status), &Status, nullptr);
  return Status == CL_COMPLETE || Status < 0;
}

static uint64_t profilingInfo(cl_event E, cl_profiling_info What) {
  cl_ulong V = 0;
  if (clGetEventProfilingInfo(E, What, sizeof(V), &V, nullptr) != CL_SUCCESS)
    return 0;
  return V;
}

void OpenCLBackend::deviceTimes(void *E, uint64_t &Queued, uint64_t &Start,
                                uint64_t &End) {
  cl_event Event = static_cast<cl_event>(E);
  Queued = profilingInfo(Event, CL_PROFILING_COMMAND_QUEUED);
  Start = profilingInfo(Event, CL_PROFILING_COMMAND_START);
  End = profilingInfo(Event, CL_PROFILING_COMMAND_END);
}

namespace {
struct Callback {
  std::function<void(int)> Done;
};
} // namespace

static void CL_CALLBACK callbackDone(cl_event Event, cl_int Status, void *User) {
  auto *C = static_cast<Callback *>(User);
  C->Done(Status < 0 ? Status : 0);
  delete C;
  clReleaseEvent(Event);
}

void OpenCLBackend::onComplete(void *E, std::function<void(int)> Done) {
  cl_event Event = static_cast<cl_event>(E);
  // The callback's own reference, dropped when it has run.
  clRetainEvent(Event);
  auto *C = new Callback{std::move(Done)};
  cl_int Err = clSetEventCallback(Event, CL_COMPLETE, callbackDone, C);
  if (Err != CL_SUCCESS) {
    delete C;
    clReleaseEvent(Event);
    throwCLError(Err, "clSetEventCallback");
  }
}

} // namespace rt
} // namespace ampcc
