//===- Backends.cpp - the backends this runtime was built with ------------===//
//
// The one place that names the backends: a second one (the CUDA backend of
// the issue after this one) is added here and in CMakeLists.txt.
//
//===----------------------------------------------------------------------===//

#include "backends/Backend.h"
#include "backends/opencl/OpenCLBackend.h"

namespace ampcc {
namespace rt {

const std::vector<Backend *> &allBackends() {
  // Never destroyed, like the backends (handles may outlive static data).
  static const std::vector<Backend *> *Backends =
      new std::vector<Backend *>{&openCL()};
  return *Backends;
}

} // namespace rt
} // namespace ampcc
