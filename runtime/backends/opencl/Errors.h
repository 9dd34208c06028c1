//===- Errors.h - OpenCL error codes as C++ AMP exceptions ------*- C++ -*-===//
//
// Every OpenCL call in the runtime goes through checkCL, so that a failure
// becomes a Concurrency::runtime_exception naming the call and the error, and
// never a crash or a silently ignored status.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_ERRORS_H
#define AMPCC_RUNTIME_ERRORS_H

#include <CL/cl.h>

#include <string>

namespace ampcc {
namespace rt {

/// "CL_OUT_OF_RESOURCES" for -5; "unknown OpenCL error" for codes that no
/// header of ours names (vendor extensions).
const char *clErrorName(cl_int Err);

/// "clEnqueueWriteBuffer failed: CL_INVALID_VALUE (-30)".
std::string clErrorMessage(cl_int Err, const std::string &What);

/// Throws for a failed call: out_of_memory for the allocation failures,
/// runtime_exception (with the OpenCL code as its error code) otherwise.
[[noreturn]] void throwCLError(cl_int Err, const std::string &What);

inline void checkCL(cl_int Err, const char *What) {
  if (Err != CL_SUCCESS)
    throwCLError(Err, What);
}
inline void checkCL(cl_int Err, const std::string &What) {
  if (Err != CL_SUCCESS)
    throwCLError(Err, What);
}

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_ERRORS_H
