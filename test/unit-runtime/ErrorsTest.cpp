//===- ErrorsTest.cpp - OpenCL error codes become clear exceptions --------===//

#include "Errors.h"
#include "ampcc/exceptions.h"

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
  EXPECT_STREQ(clErrorName(-9999), "unknown OpenCL error");
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
