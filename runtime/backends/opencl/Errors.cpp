//===- Errors.cpp - OpenCL error codes as C++ AMP exceptions --------------===//

#include "observation/InFlight.h"
#include "backends/opencl/Errors.h"

#include "ampcc/exceptions.h"

namespace ampcc {
namespace rt {

const char *clErrorName(cl_int Err) {
  // Numeric cases: the headers of OpenCL 1.2 lack the names of later codes
  // (and of the ICD loader's CL_PLATFORM_NOT_FOUND_KHR), which drivers for
  // newer versions return anyway.
  switch (Err) {
  case 0:
    return "CL_SUCCESS";
  case -1:
    return "CL_DEVICE_NOT_FOUND";
  case -2:
    return "CL_DEVICE_NOT_AVAILABLE";
  case -3:
    return "CL_COMPILER_NOT_AVAILABLE";
  case -4:
    return "CL_MEM_OBJECT_ALLOCATION_FAILURE";
  case -5:
    return "CL_OUT_OF_RESOURCES";
  case -6:
    return "CL_OUT_OF_HOST_MEMORY";
  case -7:
    return "CL_PROFILING_INFO_NOT_AVAILABLE";
  case -8:
    return "CL_MEM_COPY_OVERLAP";
  case -9:
    return "CL_IMAGE_FORMAT_MISMATCH";
  case -10:
    return "CL_IMAGE_FORMAT_NOT_SUPPORTED";
  case -11:
    return "CL_BUILD_PROGRAM_FAILURE";
  case -12:
    return "CL_MAP_FAILURE";
  case -13:
    return "CL_MISALIGNED_SUB_BUFFER_OFFSET";
  case -14:
    return "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST";
  case -15:
    return "CL_COMPILE_PROGRAM_FAILURE";
  case -16:
    return "CL_LINKER_NOT_AVAILABLE";
  case -17:
    return "CL_LINK_PROGRAM_FAILURE";
  case -18:
    return "CL_DEVICE_PARTITION_FAILED";
  case -19:
    return "CL_KERNEL_ARG_INFO_NOT_AVAILABLE";
  case -30:
    return "CL_INVALID_VALUE";
  case -31:
    return "CL_INVALID_DEVICE_TYPE";
  case -32:
    return "CL_INVALID_PLATFORM";
  case -33:
    return "CL_INVALID_DEVICE";
  case -34:
    return "CL_INVALID_CONTEXT";
  case -35:
    return "CL_INVALID_QUEUE_PROPERTIES";
  case -36:
    return "CL_INVALID_COMMAND_QUEUE";
  case -37:
    return "CL_INVALID_HOST_PTR";
  case -38:
    return "CL_INVALID_MEM_OBJECT";
  case -39:
    return "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR";
  case -40:
    return "CL_INVALID_IMAGE_SIZE";
  case -41:
    return "CL_INVALID_SAMPLER";
  case -42:
    return "CL_INVALID_BINARY";
  case -43:
    return "CL_INVALID_BUILD_OPTIONS";
  case -44:
    return "CL_INVALID_PROGRAM";
  case -45:
    return "CL_INVALID_PROGRAM_EXECUTABLE";
  case -46:
    return "CL_INVALID_KERNEL_NAME";
  case -47:
    return "CL_INVALID_KERNEL_DEFINITION";
  case -48:
    return "CL_INVALID_KERNEL";
  case -49:
    return "CL_INVALID_ARG_INDEX";
  case -50:
    return "CL_INVALID_ARG_VALUE";
  case -51:
    return "CL_INVALID_ARG_SIZE";
  case -52:
    return "CL_INVALID_KERNEL_ARGS";
  case -53:
    return "CL_INVALID_WORK_DIMENSION";
  case -54:
    return "CL_INVALID_WORK_GROUP_SIZE";
  case -55:
    return "CL_INVALID_WORK_ITEM_SIZE";
  case -56:
    return "CL_INVALID_GLOBAL_OFFSET";
  case -57:
    return "CL_INVALID_EVENT_WAIT_LIST";
  case -58:
    return "CL_INVALID_EVENT";
  case -59:
    return "CL_INVALID_OPERATION";
  case -60:
    return "CL_INVALID_GL_OBJECT";
  case -61:
    return "CL_INVALID_BUFFER_SIZE";
  case -62:
    return "CL_INVALID_MIP_LEVEL";
  case -63:
    return "CL_INVALID_GLOBAL_WORK_SIZE";
  case -64:
    return "CL_INVALID_PROPERTY";
  case -65:
    return "CL_INVALID_IMAGE_DESCRIPTOR";
  case -66:
    return "CL_INVALID_COMPILER_OPTIONS";
  case -67:
    return "CL_INVALID_LINKER_OPTIONS";
  case -68:
    return "CL_INVALID_DEVICE_PARTITION_COUNT";
  case -69:
    return "CL_INVALID_PIPE_SIZE";
  case -70:
    return "CL_INVALID_DEVICE_QUEUE";
  case -71:
    return "CL_INVALID_SPEC_ID";
  case -72:
    return "CL_MAX_SIZE_RESTRICTION_EXCEEDED";
  case -1001:
    return "CL_PLATFORM_NOT_FOUND_KHR";
  case -9999:
    // Not in any header: NVIDIA's driver returns it for a kernel that
    // crashed (an illegal address).
    return "kernel failure reported by NVIDIA's driver";
  default:
    return "unknown OpenCL error";
  }
}

std::string clErrorMessage(cl_int Err, const std::string &What) {
  return What + " failed: " + clErrorName(Err) + " (" + std::to_string(Err) + ")";
}

/// Codes with which a device reports that a kernel failed while running,
/// at the next call on its queue: NVIDIA's -9999 (an illegal address, a
/// trap), an out-of-resources status after the launch was accepted, and a
/// command that waited on a failed one.
static bool isDeviceFault(cl_int Err) {
  return Err == -9999 || Err == CL_OUT_OF_RESOURCES ||
         Err == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
}

void throwCLError(cl_int Err, const std::string &What) {
  std::string Message = clErrorMessage(Err, What);
  // The call that reports a kernel's fault is not the kernel's: name the
  // kernels that were running (InFlight.h).
  if (isDeviceFault(Err)) {
    std::string Running = kernelsInFlight();
    if (!Running.empty())
      Message += "; the device reported a failure while running " + Running +
                 " (most recent first)";
  }
  // Allocation failures are the ones a program can react to (smaller data,
  // another device), so they get the spec's own exception type.
  if (Err == CL_MEM_OBJECT_ALLOCATION_FAILURE || Err == CL_OUT_OF_HOST_MEMORY)
    throw Concurrency::out_of_memory(Message.c_str());
  // A device that went away (unplugged, reset, lost by the driver) is what
  // the spec calls a removed accelerator_view; the reason is the OpenCL code.
  if (Err == CL_DEVICE_NOT_AVAILABLE)
    throw Concurrency::accelerator_view_removed(Message.c_str(), Err);
  throw Concurrency::runtime_exception(Message, Err);
}

} // namespace rt
} // namespace ampcc
