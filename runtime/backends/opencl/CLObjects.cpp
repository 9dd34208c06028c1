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

void OpenCLBackend::retain(ObjectKind K, void *Raw) {
  switch (K) {
  case ObjectKind::Context:
    clRetainContext(static_cast<cl_context>(Raw));
    return;
  case ObjectKind::Queue:
    clRetainCommandQueue(static_cast<cl_command_queue>(Raw));
    return;
  case ObjectKind::Event:
    clRetainEvent(static_cast<cl_event>(Raw));
    return;
  case ObjectKind::Buffer:
    clRetainMemObject(static_cast<cl_mem>(Raw));
    return;
  case ObjectKind::Program:
    clRetainProgram(static_cast<cl_program>(Raw));
    return;
  case ObjectKind::Kernel:
    clRetainKernel(static_cast<cl_kernel>(Raw));
    return;
  }
}

void OpenCLBackend::release(ObjectKind K, void *Raw) {
  switch (K) {
  case ObjectKind::Context:
    clReleaseContext(static_cast<cl_context>(Raw));
    return;
  case ObjectKind::Queue:
    clReleaseCommandQueue(static_cast<cl_command_queue>(Raw));
    return;
  case ObjectKind::Event:
    clReleaseEvent(static_cast<cl_event>(Raw));
    return;
  case ObjectKind::Buffer:
    clReleaseMemObject(static_cast<cl_mem>(Raw));
    return;
  case ObjectKind::Program:
    clReleaseProgram(static_cast<cl_program>(Raw));
    return;
  case ObjectKind::Kernel:
    clReleaseKernel(static_cast<cl_kernel>(Raw));
    return;
  }
}

void OpenCLBackend::fail(int Code, const std::string &What) {
  throwCLError(Code, What);
}

std::string OpenCLBackend::errorText(int Code) {
  return std::string(clErrorName(Code)) + " (" + std::to_string(Code) + ")";
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

bool OpenCLBackend::deviceTimes(void *E, uint64_t &Start, uint64_t &End) {
  cl_ulong S = 0, T = 0;
  cl_event Event = static_cast<cl_event>(E);
  if (clGetEventProfilingInfo(Event, CL_PROFILING_COMMAND_START, sizeof(S), &S,
                              nullptr) != CL_SUCCESS ||
      clGetEventProfilingInfo(Event, CL_PROFILING_COMMAND_END, sizeof(T), &T,
                              nullptr) != CL_SUCCESS)
    return false;
  Start = S;
  End = T;
  return true;
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
