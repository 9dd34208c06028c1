//===- Backends.cpp - the backends this runtime was built with ------------===//
//
// The one place that names the backends: a second one (the CUDA backend of
// the issue after this one) is added here and in CMakeLists.txt.
// AMPCC_BACKEND chooses among them (support/Env.h).
//
//===----------------------------------------------------------------------===//

#include "backends/Backend.h"
#include "backends/host/HostBackend.h"
#include "backends/opencl/OpenCLBackend.h"
#include "support/Env.h"

namespace ampcc {
namespace rt {

/// The host backend (kernels compiled for this CPU at build time) is opt-in
/// until it runs every test the OpenCL backend runs.
static std::vector<Backend *> chosenBackends() {
  switch (env().Backend) {
  case BackendChoice::Host:
    return {&hostBackend()};
  case BackendChoice::All:
    return {&hostBackend(), &openCL()};
  case BackendChoice::OpenCL:
  case BackendChoice::Default:
    break;
  }
  return {&openCL()};
}

const std::vector<Backend *> &allBackends() {
  // Never destroyed, like the backends (handles may outlive static data).
  static const std::vector<Backend *> *Backends =
      new std::vector<Backend *>(chosenBackends());
  return *Backends;
}

} // namespace rt
} // namespace ampcc
