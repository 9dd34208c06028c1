//===- Backends.cpp - the backends this runtime was built with ------------===//
//
// The one place that names the backends: CUDA's first, so that NVIDIA GPUs
// are listed as CUDA devices where the driver runs the programs' PTX
// (devices/Device.cpp then leaves out OpenCL's view of them).
//
//===----------------------------------------------------------------------===//

#include "backends/Backend.h"
#include "backends/cuda/CudaBackend.h"
#include "backends/opencl/OpenCLBackend.h"

#include <mutex>

namespace ampcc {
namespace rt {

const std::vector<Backend *> &allBackends() {
  // Never destroyed, like the backends (handles may outlive static data).
  static const std::vector<Backend *> *Backends =
      new std::vector<Backend *>{&cudaBackend(), &openCL()};
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
