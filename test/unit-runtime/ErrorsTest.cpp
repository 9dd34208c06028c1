//===- ErrorsTest.cpp - OpenCL error codes become clear exceptions --------===//

#include "ampcc/exceptions.h"
#include "observation/InFlight.h"
#include "backends/opencl/Errors.h"

#include <gtest/gtest.h>

#include <string>

using namespace ampcc::rt;

TEST(ErrorsTest, NamesCommonCodes) {
  EXPECT_STREQ(clErrorName(CL_SUCCESS), "CL_SUCCESS");
  EXPECT_STREQ(clErrorName(CL_OUT_OF_RESOURCES), "CL_OUT_OF_RESOURCES");
  EXPECT_STREQ(clErrorName(CL_INVALID_VALUE), "CL_INVALID_VALUE");
  EXPECT_STREQ(clErrorName(CL_INVALID_WORK_GROUP_SIZE),
               "CL_INVALID_WORK_GROUP_SIZE");
  EXPECT_STREQ(clErrorName(CL_BUILD_PROGRAM_FAILURE),
               "CL_BUILD_PROGRAM_FAILURE");
  // Returned by the ICD loader when no vendor is installed.
  EXPECT_STREQ(clErrorName(-1001), "CL_PLATFORM_NOT_FOUND_KHR");
}

TEST(ErrorsTest, UnknownCodeIsNotMistakenForAKnownOne) {
  EXPECT_STREQ(clErrorName(-9998), "unknown OpenCL error");
  EXPECT_STREQ(clErrorName(-9999), "kernel failure reported by NVIDIA's driver");
}

// A kernel that faults is reported by a later call on its queue: the
// exception names the kernels submitted since the queue was last idle, the
// most recent first, and forgets them once the queue is idle again.
TEST(ErrorsTest, DeviceFaultNamesTheKernelsInFlight) {
  auto Q = reinterpret_cast<cl_command_queue>(0x1234);
  noteKernelSubmitted(Q, "prog.cpp:10:3");
  noteKernelSubmitted(Q, "prog.cpp:20:5");
  noteKernelSubmitted(Q, "prog.cpp:10:3");
  try {
    checkCL(-9999, "clFinish");
    FAIL() << "checkCL did not throw";
  } catch (const Concurrency::runtime_exception &E) {
    EXPECT_EQ(E.get_error_code(), -9999);
    // Other tests of this program may have left kernels of theirs running
    // on real queues: only this queue's part is checked.
    std::string What = E.what();
    EXPECT_EQ(What.rfind("clFinish failed: kernel failure reported by NVIDIA's driver "
                         "(-9999); the device reported a failure while running ",
                         0),
              0u)
        << What;
    EXPECT_NE(What.find("kernel at prog.cpp:10:3, kernel at prog.cpp:20:5"),
              std::string::npos)
        << What;
    EXPECT_EQ(What.find("prog.cpp:10:3", What.find("prog.cpp:20:5")), std::string::npos)
        << "a location repeated: " << What;
  }
  // Errors that are not device faults keep their message.
  try {
    checkCL(CL_INVALID_VALUE, "clEnqueueReadBuffer");
  } catch (const Concurrency::runtime_exception &E) {
    EXPECT_EQ(std::string(E.what()), "clEnqueueReadBuffer failed: CL_INVALID_VALUE (-30)");
  }
  noteQueueIdle(Q);
  try {
    checkCL(-9999, "clFinish");
  } catch (const Concurrency::runtime_exception &E) {
    EXPECT_EQ(std::string(E.what()).find("prog.cpp"), std::string::npos) << E.what();
  }
}

TEST(ErrorsTest, MessageNamesCallErrorAndCode) {
  EXPECT_EQ(clErrorMessage(CL_INVALID_VALUE, "clEnqueueWriteBuffer"),
            "clEnqueueWriteBuffer failed: CL_INVALID_VALUE (-30)");
}

TEST(ErrorsTest, CheckCLPassesSuccess) {
  EXPECT_NO_THROW(checkCL(CL_SUCCESS, "clFinish"));
}

TEST(ErrorsTest, CheckCLThrowsRuntimeExceptionWithTheCode) {
  try {
    checkCL(CL_INVALID_KERNEL_ARGS, "clEnqueueNDRangeKernel");
    FAIL() << "checkCL did not throw";
  } catch (const Concurrency::out_of_memory &) {
    FAIL() << "not an allocation failure";
  } catch (const Concurrency::runtime_exception &E) {
    EXPECT_STREQ(E.what(),
                 "clEnqueueNDRangeKernel failed: CL_INVALID_KERNEL_ARGS (-52)");
    EXPECT_EQ(E.get_error_code(), CL_INVALID_KERNEL_ARGS);
  }
}

TEST(ErrorsTest, AllocationFailuresAreOutOfMemory) {
  EXPECT_THROW(checkCL(CL_MEM_OBJECT_ALLOCATION_FAILURE, "clCreateBuffer"),
               Concurrency::out_of_memory);
  EXPECT_THROW(checkCL(CL_OUT_OF_HOST_MEMORY, "clCreateBuffer"),
               Concurrency::out_of_memory);
  try {
    checkCL(CL_MEM_OBJECT_ALLOCATION_FAILURE, "clCreateBuffer");
  } catch (const Concurrency::out_of_memory &E) {
    EXPECT_NE(std::string(E.what()).find("CL_MEM_OBJECT_ALLOCATION_FAILURE"),
              std::string::npos)
        << E.what();
  }
}

TEST(ErrorsTest, LostDeviceIsARemovedView) {
  try {
    checkCL(CL_DEVICE_NOT_AVAILABLE, "clEnqueueNDRangeKernel");
    FAIL() << "no exception";
  } catch (const Concurrency::accelerator_view_removed &E) {
    EXPECT_EQ(E.get_view_removed_reason(), CL_DEVICE_NOT_AVAILABLE);
    EXPECT_NE(std::string(E.what()).find("CL_DEVICE_NOT_AVAILABLE"),
              std::string::npos)
        << E.what();
  }
}
