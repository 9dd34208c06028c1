//===- AcceleratorTest.cpp - Device discovery and accelerator classes -----===//

#include "ampcc/accelerator.h"
#include "ampcc/exceptions.h"
#include "devices/Device.h"
#include "TestKernels.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>

using namespace Concurrency;

static std::string narrow(const std::wstring &W) {
  return std::string(W.begin(), W.end());
}

TEST(AcceleratorTest, GetAllListsDevices) {
  std::vector<accelerator> All = accelerator::get_all();
  ASSERT_GE(All.size(), 2u) << "at least one OpenCL device and the CPU accelerator";
  // The CPU accelerator comes last, as in Visual C++'s list.
  EXPECT_EQ(narrow(All.back().get_device_path()), "cpu");
  EXPECT_EQ(narrow(All.back().get_description()), "CPU accelerator");
  EXPECT_TRUE(All.back().get_is_emulated());
  EXPECT_TRUE(All.back().get_supports_cpu_shared_memory());
  All.pop_back();
  // Before it, Visual C++'s software accelerators.
  ASSERT_GE(All.size(), 3u);
  EXPECT_EQ(narrow(All.back().get_device_path()), "direct3d\\ref");
  All.pop_back();
  EXPECT_EQ(narrow(All.back().get_device_path()), "direct3d\\warp");
  All.pop_back();
  for (const accelerator &A : All) {
    EXPECT_EQ(narrow(A.get_device_path()).rfind("opencl:", 0), 0u)
        << narrow(A.get_device_path());
    EXPECT_FALSE(A.get_description().empty());
    EXPECT_GE(A.get_version(), 1u << 16) << "at least OpenCL 1.0";
    EXPECT_FALSE(A.get_has_display());
    EXPECT_FALSE(A.get_is_debug());
    // Full double support implies the limited subset.
    if (A.get_supports_double_precision())
      EXPECT_TRUE(A.get_supports_limited_double_precision());
  }
}

TEST(AcceleratorTest, DefaultAcceleratorIsOneOfAll) {
  accelerator Default;
  EXPECT_FALSE(Default.get_description().empty());
  bool Found = false;
  for (const accelerator &A : accelerator::get_all())
    Found |= A == Default;
  EXPECT_TRUE(Found);
  EXPECT_EQ(accelerator(accelerator::default_accelerator), Default);
}

TEST(AcceleratorTest, PathAndNameFindTheSameDevice) {
  for (const accelerator &A : accelerator::get_all()) {
    EXPECT_EQ(accelerator(A.get_device_path()), A);
    accelerator ByName(A.get_description());
    // Two identical devices share a name; the first one is found.
    EXPECT_EQ(ByName.get_description(), A.get_description());
  }
}

TEST(AcceleratorTest, CpuAcceleratorIsItsOwn) {
  accelerator Cpu(accelerator::cpu_accelerator);
  EXPECT_EQ(narrow(Cpu.get_device_path()), "cpu");
  EXPECT_TRUE(Cpu.get_is_emulated());
  EXPECT_NE(Cpu, accelerator()) << "never the default while OpenCL has a device";
  EXPECT_EQ(Cpu.get_default_view().get_accelerator(), Cpu);
  // Its views complete everything at once.
  accelerator_view V = Cpu.get_default_view();
  V.wait();
  V.flush();
  V.create_marker().get();
}

TEST(AcceleratorTest, SoftwareAcceleratorsRunOnTheOpenCLCpuDevice) {
  accelerator Warp(accelerator::direct3d_warp), Ref(accelerator::direct3d_ref);
  EXPECT_EQ(narrow(Warp.get_device_path()), "direct3d\\warp");
  EXPECT_EQ(narrow(Ref.get_device_path()), "direct3d\\ref");
  EXPECT_EQ(narrow(Warp.get_description()), "Microsoft Basic Render Driver");
  EXPECT_EQ(narrow(Ref.get_description()), "Software Adapter");
  EXPECT_TRUE(Warp.get_is_emulated());
  EXPECT_TRUE(Ref.get_is_emulated());
  // Accelerators of their own, as in Visual C++: never the default.
  EXPECT_NE(Warp, Ref);
  EXPECT_NE(Ref, accelerator());
  EXPECT_NE(Ref, accelerator(accelerator::cpu_accelerator));
  EXPECT_EQ(Ref.get_default_view().get_accelerator(), Ref);
  // PoCL runs them: a kernel on REF's view computes.
  int Data[4] = {0, 0, 0, 0};
  ampcc::rt::DataSource *S = ampcc::rt::createUserSource(Data, sizeof(int), 4);
  ampcc_test::launch("test_fill", ampcc_test::FillClosure{ampcc_test::view1(S, 4), 7},
                     {4}, nullptr, Concurrency::details::implOf(Ref.get_default_view()));
  EXPECT_EQ(static_cast<int *>(ampcc::rt::hostAccess(S, false))[3], 7 + 3);
  ampcc::rt::releaseSource(S);
}

TEST(AcceleratorTest, UnknownPathThrowsAndListsDevices) {
  try {
    accelerator A(L"opencl:99:99");
    FAIL() << "no exception for an unknown device path";
  } catch (const runtime_exception &E) {
    std::string M = E.what();
    EXPECT_NE(M.find("opencl:99:99"), std::string::npos) << M;
    EXPECT_NE(M.find("opencl:0:"), std::string::npos) << M;
  }
  EXPECT_THROW(accelerator::set_default(L"no such device"), runtime_exception);
}

TEST(AcceleratorTest, SetDefaultFailsOnceTheDefaultIsUsed) {
  accelerator Default; // Fixes the default for this process.
  EXPECT_FALSE(accelerator::set_default(Default.get_device_path()));
  EXPECT_EQ(accelerator(), Default);
}

TEST(AcceleratorTest, ViewsCompareByQueue) {
  accelerator A;
  accelerator_view V1 = A.get_default_view();
  accelerator_view V2 = A.get_default_view();
  EXPECT_EQ(V1, V2);
  EXPECT_EQ(V1.get_accelerator(), A);
  EXPECT_EQ(V1.get_queuing_mode(), queuing_mode_automatic);
  EXPECT_EQ(V1.get_version(), A.get_version());
  EXPECT_FALSE(V1.get_is_debug());

  accelerator_view V3 = A.create_view(queuing_mode_immediate);
  EXPECT_NE(V3, V1);
  EXPECT_EQ(V3.get_queuing_mode(), queuing_mode_immediate);
  EXPECT_EQ(V3.get_accelerator(), A);
  EXPECT_NE(details::implOf(V3), details::implOf(V1));
  V3.flush();
  V3.wait();
  V1.wait();
}

TEST(DefaultDeviceTest, SelectionHonoursTheRequestedPath) {
  using namespace ampcc::rt;
  for (Device *D : allDevices()) {
    EXPECT_EQ(&selectDefaultDevice(D->info().Path), D);
  }
  // Unset, and the explicit "default", pick by device type.
  EXPECT_EQ(&selectDefaultDevice(std::nullopt),
            &selectDefaultDevice(std::string("default")));
}

TEST(DefaultDeviceTest, BogusRequestNamesVariableAndPath) {
  try {
    ampcc::rt::selectDefaultDevice(std::string("opencl:7:7"));
    FAIL() << "no exception for a bogus CPPAMP_DEFAULT_ACCELERATOR";
  } catch (const runtime_exception &E) {
    std::string M = E.what();
    EXPECT_NE(M.find("CPPAMP_DEFAULT_ACCELERATOR"), std::string::npos) << M;
    EXPECT_NE(M.find("'opencl:7:7'"), std::string::npos) << M;
  }
}

// The next two run in a fresh process (the "threadsafe" death-test style
// re-executes the test binary), because the environment they change is read
// once per process.

/// Runs Body, prints the message of the runtime_exception it throws to
/// stderr and exits with 3; exits with 0 if it does not throw.
template <typename Fn> static void exitWithMessage(Fn Body) {
  try {
    Body();
  } catch (const runtime_exception &E) {
    std::fprintf(stderr, "%s\n", E.what());
    std::fflush(stderr);
    _exit(3);
  }
  _exit(0);
}

TEST(DefaultDeviceDeathTest, BogusEnvironmentFailsAtFirstUse) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(exitWithMessage([] {
                setenv("CPPAMP_DEFAULT_ACCELERATOR", "no-such-device", 1);
                accelerator A;
              }),
              ::testing::ExitedWithCode(3),
              "CPPAMP_DEFAULT_ACCELERATOR is set to 'no-such-device'");
}

TEST(DefaultDeviceDeathTest, MissingOpenCLPlatformIsExplained) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  // The ICD loader (ocl-icd and Khronos' alike) takes its vendor directory
  // from OCL_ICD_VENDORS; an empty one is a machine with no OpenCL driver.
  EXPECT_EXIT(exitWithMessage([] {
                char Dir[] = "/tmp/ampcc-no-icd-XXXXXX";
                if (!mkdtemp(Dir))
                  _exit(4);
                struct RemoveDir {
                  const char *Path;
                  ~RemoveDir() { rmdir(Path); }
                } Cleanup{Dir};
                setenv("OCL_ICD_VENDORS", Dir, 1);
                unsetenv("OCL_ICD_FILENAMES");
                // Listing works: the software accelerators and the CPU
                // accelerator, the default.
                std::vector<accelerator> All = accelerator::get_all();
                if (All.size() != 3 || All[2] != accelerator() ||
                    narrow(All[2].get_device_path()) != "cpu" ||
                    narrow(All[1].get_device_path()) != "direct3d\\ref" ||
                    !All[1].get_is_emulated())
                  _exit(5);
                // The software accelerators hold no memory here: saying why.
                try {
                  ampcc::rt::createArraySource(sizeof(int), 4,
                                               Concurrency::details::implOf(
                                                   All[1].get_default_view()),
                                               nullptr);
                  _exit(7);
                } catch (const runtime_exception &E) {
                  if (!std::strstr(E.what(), "direct3d\\ref") ||
                      !std::strstr(E.what(), "pocl-opencl-icd"))
                    _exit(8);
                }
                // Arrays in host memory work too; a launch says what is missing.
                ampcc::rt::DataSource *Arr =
                    ampcc::rt::createArraySource(sizeof(int), 4, nullptr, nullptr);
                static_cast<int *>(ampcc::rt::hostAccess(Arr, true))[2] = 5;
                if (static_cast<int *>(ampcc::rt::hostAccess(Arr, false))[2] != 5)
                  _exit(6);
                int Datum = 0;
                ampcc::rt::DataSource *S =
                    ampcc::rt::createUserSource(&Datum, sizeof(int), 1);
                ampcc_test::launch("test_fill",
                                   ampcc_test::FillClosure{ampcc_test::view1(S, 1), 1},
                                   {1});
              }),
              ::testing::ExitedWithCode(3),
              "not supported on the selected accelerator \"CPU accelerator\"."
              ".*no OpenCL platform was found.*pocl-opencl-icd");
}
