//===- Backends.cpp - the backends this runtime was built with ------------===//
//
// The one place that names the backends. AMPCC_BACKEND chooses among them
// (support/Env.h). CUDA's come before OpenCL's, so that NVIDIA GPUs are
// listed as CUDA devices where the driver runs the programs' PTX
// (devices/Device.cpp then leaves out OpenCL's view of them).
//
//===----------------------------------------------------------------------===//

#include "backends/Backend.h"
#include "backends/cuda/CudaBackend.h"
#include "backends/host/HostBackend.h"
#include "backends/opencl/OpenCLBackend.h"
#include "support/Env.h"

#include "ampcc/exceptions.h"

#include <mutex>

namespace ampcc {
namespace rt {

/// By default the host backend (kernels compiled for this CPU at build
/// time) comes between CUDA and OpenCL: on a machine without a GPU its CPU
/// device is the default, ahead of OpenCL's CPU devices (PoCL), when it
/// runs every program (HostBackend::listDevices).
static std::vector<Backend *> chosenBackends() {
  switch (env().Backend) {
  case BackendChoice::Host:
    return {&hostBackend()};
  case BackendChoice::All:
    return {&hostBackend(), &cudaBackend(), &openCL()};
  case BackendChoice::OpenCL:
    return {&openCL()};
  case BackendChoice::Cuda:
    // OpenCL too: its CPU devices (PoCL) and its view of GPUs CUDA cannot run.
    return {&cudaBackend(), &openCL()};
  case BackendChoice::Default:
    break;
  }
  return {&cudaBackend(), &hostBackend(), &openCL()};
}

void Backend::copyAcrossContexts(const Queue &, const Buffer &, const Queue &,
                                 const Buffer &, const std::vector<Rect> &) {
  // Callers ask copiesAcrossContexts first: reaching this is the runtime's bug.
  throw Concurrency::runtime_exception(
      std::string("the ") + name() + " backend copies nothing between contexts",
      Concurrency::AMPCC_E_FAIL);
}

const std::vector<Backend *> &allBackends() {
  // Never destroyed, like the backends (handles may outlive static data).
  static const std::vector<Backend *> *Backends =
      new std::vector<Backend *>(chosenBackends());
  return *Backends;
}

namespace {
struct NotedPrograms {
  std::mutex Lock;
  std::vector<const ProgramDesc *> Programs;
};
NotedPrograms &noted() {
  // Never destroyed: static initialisers of other files register.
  static NotedPrograms *N = new NotedPrograms;
  return *N;
}
} // namespace

void notePrograms(const ProgramDesc *P) {
  std::lock_guard<std::mutex> Guard(noted().Lock);
  for (const ProgramDesc *Q : noted().Programs)
    if (Q == P)
      return;
  noted().Programs.push_back(P);
}

std::vector<const ProgramDesc *> notedPrograms() {
  std::lock_guard<std::mutex> Guard(noted().Lock);
  return noted().Programs;
}

} // namespace rt
} // namespace ampcc
