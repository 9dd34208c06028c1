//===- DeviceMemoryTest.cpp - Buffers counted against device memory -------===//
//
// Device::reserveMemory on a device described by hand (no OpenCL behind it):
// one buffer above CL_DEVICE_MAX_MEM_ALLOC_SIZE, and buffers that together
// pass CL_DEVICE_GLOBAL_MEM_SIZE, throw out_of_memory; released bytes can
// be used again; concurrent reservations never overshoot.
//
//===----------------------------------------------------------------------===//

#include "ampcc/exceptions.h"
#include "devices/Device.h"

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

using ampcc::rt::Device;
using ampcc::rt::DeviceInfo;

/// The message of the out_of_memory that Fn throws ("" if none).
template <typename F> static std::string outOfMemoryMessage(F Fn) {
  try {
    Fn();
  } catch (const Concurrency::out_of_memory &E) {
    return E.what();
  }
  return "";
}

static DeviceInfo smallDevice(uint64_t Global, uint64_t MaxAlloc) {
  DeviceInfo I;
  I.Name = "small";
  I.GlobalMemBytes = Global;
  I.MaxAllocBytes = MaxAlloc;
  return I;
}

TEST(DeviceMemoryTest, OneBufferAboveTheLargestAllocationThrows) {
  Device D(smallDevice(1000, 250));
  EXPECT_NO_THROW(D.checkAllocation(250));
  EXPECT_EQ(outOfMemoryMessage([&] { D.checkAllocation(251); }),
            "an array or array_view of 251 bytes is larger than the largest "
            "buffer that small can allocate (250 bytes)");
  EXPECT_THROW(D.reserveMemory(251), Concurrency::out_of_memory);
  EXPECT_EQ(D.reservedMemory(), 0u);
}

TEST(DeviceMemoryTest, BuffersTogetherBeyondGlobalMemoryThrow) {
  Device D(smallDevice(1000, 400));
  D.reserveMemory(400);
  D.reserveMemory(400);
  EXPECT_EQ(outOfMemoryMessage([&] { D.reserveMemory(201); }),
            "cannot allocate 201 bytes on small: the arrays and array_views "
            "already there hold 800 of its 1000 bytes of global memory");
  EXPECT_EQ(D.reservedMemory(), 800u) << "a refused reservation was counted";
  D.reserveMemory(200); // exactly full
  D.releaseMemory(400);
  EXPECT_EQ(D.reservedMemory(), 600u);
  EXPECT_NO_THROW(D.reserveMemory(400)) << "released bytes are not reusable";
  EXPECT_THROW(D.reserveMemory(1), Concurrency::out_of_memory);
}

TEST(DeviceMemoryTest, UnknownLimitsDoNotRefuse) {
  // A driver that answers 0 (unknown) leaves the decision to the driver.
  Device D(smallDevice(0, 0));
  EXPECT_NO_THROW(D.reserveMemory(uint64_t(1) << 50));
  EXPECT_NO_THROW(D.reserveMemory(uint64_t(1) << 50));
}

TEST(DeviceMemoryTest, ConcurrentReservationsNeverOvershoot) {
  Device D(smallDevice(10000, 10000));
  std::atomic<int> Granted{0};
  std::vector<std::thread> Threads;
  for (int T = 0; T < 8; ++T)
    Threads.emplace_back([&] {
      for (int I = 0; I < 200; ++I) {
        try {
          D.reserveMemory(7);
          ++Granted;
        } catch (const Concurrency::out_of_memory &) {
        }
      }
    });
  for (std::thread &T : Threads)
    T.join();
  // 1600 attempts of 7 bytes: exactly floor(10000 / 7) may succeed.
  EXPECT_EQ(Granted.load(), 10000 / 7);
  EXPECT_EQ(D.reservedMemory(), uint64_t(Granted.load()) * 7);
}
