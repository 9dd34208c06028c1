//===- CudaBackendTest.cpp - the CUDA backend against a fake driver ------===//
//
// CI has no GPU: these tests run the CUDA backend (runtime/backends/cuda)
// over FakeCuda.cpp, opened through AMPCC_CUDA_LIBRARY as libcuda.so.1
// would be, and check what reaches the driver: the kernel arguments and the
// global offset appended to them, grids and launches in parts, the PTX
// chosen per compute capability, transfers (staged ones too), and errors that name the CUDA
// error and the operation.
//
//===----------------------------------------------------------------------===//

#include "FakeCuda.h"

#include "ampcc/exceptions.h"
#include "backends/cuda/CudaBackend.h"
#include "support/Env.h"
#include "support/Region.h"
#include "transfers/StagedTransfers.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <vector>
#include <dlfcn.h>

using namespace ampcc::rt;

namespace {

const char KernelPtx[] = ".version 6.0\n.target sm_70\n.address_size 64\n"
                         ".entry k(\n"
                         "\t.param .u64 .ptr .global .align 4 k_param_0,\n"
                         "\t.param .f32 k_param_1,\n"
                         "\t.param .align 4 .b8 k_param_2[4],\n"
                         "\t.param .u64 k_param_3,\n"
                         "\t.param .u64 k_param_4,\n"
                         "\t.param .u64 k_param_5\n)\n{\n\tret;\n}\n";
const char NewerPtx[] = ".version 7.8\n.target sm_90\n.entry k(\n)\n{\n\tret;\n}\n";
const char TooNewPtx[] = ".version 99\n.target sm_70\n.entry k(\n)\n{\n}\n";

const PtxModule Modules[] = {{"sm_70", 70, false, KernelPtx},
                             {"sm_90", 90, false, NewerPtx}};
const ProgramDesc WithPtx = {"kernel void k() {}", "test.cpp", false, false, nullptr,
                             0, 0, 0, Modules, 2};
// A program with both variants (robust access): its covered one is what
// launches whose views cover their domain take.
const char CoveredPtx[] = ".version 6.0\n.target sm_70\n.address_size 64\n"
                          ".entry k(\n)\n{\n\tret;\n}\n";
const PtxModule BothModules[] = {{"sm_70", 70, false, KernelPtx},
                                 {"sm_70", 70, true, CoveredPtx}};
const ProgramDesc WithCovered = {"kernel void k() {}", "test.cpp", false, false, nullptr,
                                 0, 0, 0, BothModules, 2};

class CudaBackendTest : public ::testing::Test {
protected:
  void SetUp() override {
    Devices = B.listDevices();
    ASSERT_EQ(Devices.Devices.size(), 1u) << Devices.WhyNone;
    std::string Refusal;
    Ctx = B.createContext({Devices.Devices[0].Id}, "the test", &Refusal);
    Q = B.createQueue(Ctx, Devices.Devices[0].Id, false, "the test");
    void *Lib = dlopen(env().CudaLibrary.c_str(), RTLD_NOW | RTLD_NOLOAD);
    ASSERT_NE(Lib, nullptr);
    Launches = reinterpret_cast<FakeCudaLaunchesFn>(dlsym(Lib, "fakeCudaLaunches"));
    reinterpret_cast<FakeCudaResetFn>(dlsym(Lib, "fakeCudaReset"))();
  }
  std::vector<FakeLaunch> launches() {
    int N = 0;
    const FakeLaunch *L = Launches(&N);
    return std::vector<FakeLaunch>(L, L + N);
  }
  Kernel kernelK() {
    std::string Why;
    Program P = B.loadPtx(Ctx, nullptr, WithPtx, false, Why);
    EXPECT_EQ(B.build(P, nullptr, ""), 0);
    int Status = 0;
    return B.kernel(P, "k", Status);
  }
  /// kernelK with its arguments set (a buffer, 0.0f, 0), launched over
  /// \p Size in work-groups of \p Local (null: the backend chooses): the
  /// launches the driver saw, for tests of a launch's shape alone.
  std::vector<FakeLaunch> launchShape(uint32_t Dims, const size_t *Size,
                                      const size_t *Local = nullptr) {
    Kernel K = kernelK();
    ArgMem = B.allocate(Ctx, 64, nullptr, "the test");
    float A = 0;
    int32_t Domain = 0;
    K.setArg(0, ArgMem);
    K.setArg(1, sizeof A, &A);
    K.setArg(2, sizeof Domain, &Domain);
    LaunchPart Part;
    Part.Dims = Dims;
    Part.Size = Size;
    Part.Local = Local;
    Q.launch(K, Part);
    return launches();
  }

  CudaBackend &B = cudaBackend();
  DeviceListing Devices;
  Context Ctx;
  Queue Q;
  Buffer ArgMem;
  FakeCudaLaunchesFn Launches = nullptr;
};

template <typename T> T argAt(const FakeLaunch &L, size_t Offset) {
  T V;
  std::memcpy(&V, L.Args + Offset, sizeof V);
  return V;
}

TEST_F(CudaBackendTest, ListsTheDriversDevice) {
  const DeviceProperties &P = Devices.Devices[0].Props;
  EXPECT_EQ(P.Name, "Fake CUDA GPU");
  EXPECT_EQ(P.VersionText, "CUDA sm_80");
  EXPECT_EQ(P.Kind, DeviceKind::GPU);
  EXPECT_EQ(P.MaxWorkGroupSize, 1024u);
  EXPECT_EQ(P.LocalMemBytes, 49152u);
  EXPECT_NE(P.Vendor.find("NVIDIA"), std::string::npos);
}

TEST_F(CudaBackendTest, ArgumentsAndTheGlobalOffsetReachTheKernel) {
  Kernel K = kernelK();
  ASSERT_TRUE(K);
  Buffer Mem = B.allocate(Ctx, 64, nullptr, "the test");
  float A = 2.5f;
  int32_t Domain = 100;
  K.setArg(0, Mem);
  K.setArg(1, sizeof A, &A);
  K.setArg(2, sizeof Domain, &Domain);
  size_t Offset[1] = {512}, Size[1] = {256}, Local[1] = {128};
  LaunchPart Part;
  Part.Dims = 1;
  Part.Offset = Offset;
  Part.Size = Size;
  Part.Local = Local;
  Q.launch(K, Part);
  std::vector<FakeLaunch> L = launches();
  ASSERT_EQ(L.size(), 1u);
  EXPECT_EQ(L[0].Grid[0], 2u);
  EXPECT_EQ(L[0].Block[0], 128u);
  EXPECT_EQ(L[0].NumArgs, 6u);
  void *Ptr = argAt<void *>(L[0], 0);
  EXPECT_NE(Ptr, nullptr);
  EXPECT_EQ(argAt<float>(L[0], 8), 2.5f);
  EXPECT_EQ(argAt<int32_t>(L[0], 12), 100);
  EXPECT_EQ(argAt<uint64_t>(L[0], 16), 512u);
  EXPECT_EQ(argAt<uint64_t>(L[0], 24), 0u);
  EXPECT_EQ(argAt<uint64_t>(L[0], 32), 0u);
}

TEST_F(CudaBackendTest, GridsPastCudasLimitsLaunchInParts) {
  // 131080 rows of one-row blocks: 65535 + 65535 + 10 along y.
  size_t Size[2] = {32, 131080}, Local[2] = {32, 1};
  std::vector<FakeLaunch> L = launchShape(2, Size, Local);
  ASSERT_EQ(L.size(), 3u);
  EXPECT_EQ(L[0].Grid[1], 65535u);
  EXPECT_EQ(L[2].Grid[1], 10u);
  EXPECT_EQ(argAt<uint64_t>(L[1], 24), 65535u);
  EXPECT_EQ(argAt<uint64_t>(L[2], 24), 131070u);
}

TEST_F(CudaBackendTest, ChoosesABlockShapeThatDividesTheDomain) {
  size_t Size[1] = {1000};
  std::vector<FakeLaunch> L = launchShape(1, Size);
  ASSERT_EQ(L.size(), 1u);
  EXPECT_EQ(L[0].Block[0], 250u);
  EXPECT_EQ(L[0].Grid[0], 4u);
}

TEST_F(CudaBackendTest, ChosenBlocksStayWithinCudasBlockLimits) {
  // A rank-6 domain {6, 5, 4, 3, 2, 1} folds into {1, 2, 360}: a block of
  // 120 along z is more than the 64 CUDA allows (the conformance suite's
  // Double.01 failed with CUDA_ERROR_INVALID_VALUE).
  size_t Size[3] = {1, 2, 360};
  std::vector<FakeLaunch> L = launchShape(3, Size);
  ASSERT_EQ(L.size(), 1u);
  EXPECT_EQ(L[0].Block[2], 60u);
  EXPECT_EQ(L[0].Grid[2], 6u);
  EXPECT_EQ(L[0].Block[1] * L[0].Grid[1], 2u);
}

TEST_F(CudaBackendTest, TakesThePtxOfTheNewestTargetTheDeviceRuns) {
  std::string Why;
  Program P = B.loadPtx(Ctx, nullptr, WithPtx, false, Why);
  ASSERT_TRUE(P);
  // sm_80: the sm_70 module, not the sm_90 one.
  EXPECT_EQ(static_cast<cuda::Module *>(P.raw())->Ptx, KernelPtx);
  // No unguarded variant: the guarded one, which is right everywhere.
  Program Covered = B.loadPtx(Ctx, nullptr, WithPtx, true, Why);
  ASSERT_TRUE(Covered);
  EXPECT_EQ(static_cast<cuda::Module *>(Covered.raw())->Ptx, KernelPtx);
  // Nothing for a device older than every target.
  const PtxModule Newer[] = {{"sm_90", 90, false, NewerPtx}};
  ProgramDesc OnlyNewer = WithPtx;
  OnlyNewer.Ptx = Newer;
  OnlyNewer.NumPtx = 1;
  EXPECT_FALSE(B.loadPtx(Ctx, nullptr, OnlyNewer, false, Why));
  EXPECT_NE(Why.find("no PTX for sm_80"), std::string::npos) << Why;
}

TEST_F(CudaBackendTest, ErrorsNameTheCudaErrorAndTheOperation) {
  std::string Why;
  Program P = B.loadPtx(Ctx, nullptr, WithPtx, false, Why);
  ASSERT_EQ(B.build(P, nullptr, ""), 0);
  int Status = 0;
  EXPECT_FALSE(B.kernel(P, "missing", Status));
  EXPECT_EQ(B.failureOf(Status), Backend::Failure::MissingKernel);
  try {
    B.fail(Status, "finding kernel 'missing'");
    FAIL() << "no exception";
  } catch (const Concurrency::runtime_exception &E) {
    EXPECT_STREQ(E.what(), "CUDA_ERROR_NOT_FOUND (CUDA error 500) finding kernel 'missing'");
    EXPECT_EQ(E.get_error_code(), 500);
  }
  EXPECT_THROW(B.fail(2, "allocating"), Concurrency::out_of_memory);
}

TEST_F(CudaBackendTest, PtxTheDriverRefusesFailsToBuildWithItsLog) {
  const PtxModule TooNew[] = {{"sm_70", 70, false, TooNewPtx}};
  ProgramDesc Desc = WithPtx;
  Desc.Ptx = TooNew;
  Desc.NumPtx = 1;
  std::string Why;
  Program P = B.loadPtx(Ctx, nullptr, Desc, false, Why);
  int Err = B.build(P, nullptr, "");
  EXPECT_EQ(Err, 222);
  EXPECT_EQ(B.failureOf(Err), Backend::Failure::BuildFailure);
  EXPECT_NE(B.buildLog(P, nullptr, "none").find("unsupported .version 99"),
            std::string::npos);
}

TEST_F(CudaBackendTest, TransfersAndFills) {
  unsigned char Init[64];
  for (int I = 0; I < 64; ++I)
    Init[I] = static_cast<unsigned char>(I);
  Buffer Mem = B.allocate(Ctx, 64, Init, "the test");
  // An 8-byte pattern over bytes [8, 40): written once, then doubled.
  const unsigned char Pattern[8] = {0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7};
  Q.fill(Mem, Pattern, 8, 8, 32, "the test");
  unsigned char Out[64];
  Q.read(Mem, true, 0, 64, Out);
  EXPECT_EQ(Out[7], 7);
  EXPECT_EQ(Out[8], 0xa0);
  EXPECT_EQ(Out[39], 0xa7);
  EXPECT_EQ(Out[40], 40);
  // Rows 1 and 2 of an 8x8 byte matrix, 4 bytes from column 2, into a
  // packed host block.
  Rect R{};
  R.SrcOffset = 8 + 2;
  R.Region[0] = 4;
  R.Region[1] = 2;
  R.Region[2] = 1;
  R.SrcRowPitch = 8;
  R.DstRowPitch = 4;
  unsigned char Block[8] = {0};
  Q.readRects(Mem, {R}, Block);
  EXPECT_EQ(Block[0], 0xa2);
  EXPECT_EQ(Block[4], 0xa2);
  const unsigned char Back[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  Rect W = R;
  std::swap(W.SrcOffset, W.DstOffset);
  std::swap(W.SrcRowPitch, W.DstRowPitch);
  Q.writeRects(Mem, {W}, Back, false, false);
  Q.read(Mem, true, 0, 64, Out);
  EXPECT_EQ(Out[10], 1);
  EXPECT_EQ(Out[13], 4);
  EXPECT_EQ(Out[18], 5);
  EXPECT_EQ(Out[14], 0xa6);
}

// Transfers from ordinary memory go through page-locked blocks
// (StagedTransfers.h): forced here with pieces of 1000 bytes on three
// pipelines, so that seams fall inside rows; a 2-D section both ways and a
// contiguous run land where direct copies put them, and page-locked host
// memory is never staged.
TEST_F(CudaBackendTest, StagedTransfersMoveEveryByteOnce) {
  StagingTuning Saved = stagingTuning();
  // Through pipelines, then through the ring both ways (polling the
  // blocks' events), its pieces in chunks.
  for (bool Ring : {false, true}) {
    StagingTuning &T = stagingTuning();
    T.Mode = 1;
    T.PieceBytes = T.MinPieceBytes = 1000;
    T.Threads = 3;
    T.RingUploads = Ring;
    T.RingFromBytes = Ring ? 0 : size_t(1) << 30;
    T.ChunkBytes = 300;
    const size_t Side = 300; // A 300x300 byte matrix on the device.
    std::vector<unsigned char> Init(Side * Side);
    for (size_t I = 0; I < Init.size(); ++I)
      Init[I] = static_cast<unsigned char>(I * 7 + I / 251);
    Buffer Mem = B.allocate(Ctx, Init.size(), Init.data(), "the test");
    // Rows 5..204, columns 17..266 of the matrix, packed on the host.
    Rect R{};
    R.SrcOffset = 5 * Side + 17;
    R.Region[0] = 250;
    R.Region[1] = 200;
    R.Region[2] = 1;
    R.SrcRowPitch = Side;
    R.DstRowPitch = 250;
    uint64_t Before = stagedPieces();
    std::vector<unsigned char> Packed(250 * 200);
    Q.readRects(Mem, {R}, Packed.data());
    EXPECT_GT(stagedPieces(), Before);
    for (size_t Y = 0; Y < 200; ++Y)
      for (size_t X = 0; X < 250; ++X)
        ASSERT_EQ(Packed[Y * 250 + X], Init[(5 + Y) * Side + 17 + X]) << Y << "," << X;
    // Back, each byte + 1, into the same place.
    for (unsigned char &C : Packed)
      ++C;
    Rect W = R;
    std::swap(W.SrcOffset, W.DstOffset);
    std::swap(W.SrcRowPitch, W.DstRowPitch);
    Upload U = Q.writeRects(Mem, {W}, Packed.data(), false, false);
    EXPECT_TRUE(U.Last);
    EXPECT_FALSE(U.ReadsHost);
    // The whole buffer as one run of bytes.
    std::vector<unsigned char> Out(Init.size());
    Rect All{};
    All.Region[0] = Init.size();
    All.Region[1] = All.Region[2] = 1;
    Q.readRects(Mem, {All}, Out.data());
    for (size_t Y = 0; Y < Side; ++Y)
      for (size_t X = 0; X < Side; ++X) {
        bool In = Y >= 5 && Y < 205 && X >= 17 && X < 267;
        ASSERT_EQ(Out[Y * Side + X], static_cast<unsigned char>(Init[Y * Side + X] + In))
            << Y << "," << X;
      }
    uint64_t Staged = stagedPieces();
    Q.readRects(Mem, {All}, Out.data(), /*HostPinned=*/true);
    EXPECT_EQ(stagedPieces(), Staged);
  }
  stagingTuning() = Saved;
}

// Memory registered for DMA is moved directly only by its owner (HostPinned);
// any other copy touching its pages goes through the staging blocks, even a
// small one (were the memory freed and its addresses reused, the driver
// would move the old pages), and directly again once it is unregistered.
TEST_F(CudaBackendTest, CopiesTouchingRegisteredPagesAreStaged) {
  std::vector<unsigned char> Host(3 << 20, 7);
  Buffer Mem = B.allocate(Ctx, 4096, nullptr, "the test");
  void *Token = B.registerHost(Host.data() + (1 << 20), 1 << 20);
  ASSERT_NE(Token, nullptr);
  // A second registration of the same pages is refused.
  EXPECT_EQ(B.registerHost(Host.data() + (1 << 20) + 100, 4096), nullptr);
  Rect R{};
  R.Region[0] = 64;
  R.Region[1] = R.Region[2] = 1;
  auto Pieces = [&](size_t At, bool Pinned) {
    uint64_t Before = stagedPieces();
    Q.writeRects(Mem, {R}, Host.data() + At, Pinned, false);
    Q.readRects(Mem, {R}, Host.data() + At, Pinned);
    return stagedPieces() - Before;
  };
  EXPECT_EQ(Pieces(0, false), 0u);               // Pages before the range.
  EXPECT_EQ(Pieces((1 << 20) - 32, false), 2u);  // Straddles its first page.
  EXPECT_EQ(Pieces((1 << 20) + 5000, false), 2u);
  EXPECT_EQ(Pieces((1 << 20) + 5000, true), 0u); // The owner's copy.
  EXPECT_EQ(Pieces((2 << 20) + 4096, false), 0u); // Past its last page.
  B.unregisterHost(Token);
  EXPECT_EQ(Pieces((1 << 20) + 5000, false), 0u);
}

// Every launch's marker takes an event; the events of markers that are gone
// serve the next ones, so a stream of launches creates events only while
// markers are alive at once.
TEST_F(CudaBackendTest, MarkersReuseTheEventsOfMarkersGone) {
  void *Lib = dlopen(env().CudaLibrary.c_str(), RTLD_NOW | RTLD_NOLOAD);
  auto Created = reinterpret_cast<FakeCudaEventsCreatedFn>(dlsym(Lib, "fakeCudaEventsCreated"));
  ASSERT_NE(Created, nullptr);
  { Event Warm = Q.marker("the test"); } // The pool's first event.
  int Before = Created();
  for (int I = 0; I < 10; ++I) {
    Event E = Q.marker("the test");
    EXPECT_EQ(E.wait(), 0);
  }
  EXPECT_EQ(Created(), Before);
  Event A = Q.marker("the test"), B = Q.marker("the test");
  EXPECT_EQ(Created(), Before + 1); // Two alive at once: one more.
}

// The device listing loads the first program's module to see that the
// driver takes it, the covered variant where there is one; the program's
// build of that variant then uses that module, so the driver compiles the
// PTX once.
TEST_F(CudaBackendTest, TheListingsModuleIsTheProgramsModule) {
  void *Lib = dlopen(env().CudaLibrary.c_str(), RTLD_NOW | RTLD_NOLOAD);
  auto Loads = reinterpret_cast<FakeCudaModuleLoadsFn>(dlsym(Lib, "fakeCudaModuleLoads"));
  notePrograms(&WithCovered);
  int Before = Loads();
  DeviceListing L = B.listDevices();
  ASSERT_EQ(L.Devices.size(), 1u);
  EXPECT_EQ(Loads(), Before + 1);
  Context C = B.createContext({L.Devices[0].Id}, "the test", nullptr);
  std::string Why;
  // The listing loaded the covered variant: its build loads nothing more.
  Program Covered = B.loadPtx(C, nullptr, WithCovered, true, Why);
  EXPECT_EQ(B.build(Covered, nullptr, ""), 0);
  EXPECT_EQ(Loads(), Before + 1);
  int Status = 0;
  EXPECT_TRUE(B.kernel(Covered, "k", Status));
  Program Plain = B.loadPtx(C, nullptr, WithCovered, false, Why);
  EXPECT_EQ(B.build(Plain, nullptr, ""), 0);
  EXPECT_EQ(Loads(), Before + 2);
}

// Two GPUs, a context each: a rectangle of one's buffer reaches the other's
// through the driver's copy between contexts (never through the host), with
// peer access enabled first; a device never copies "across" to itself.
TEST_F(CudaBackendTest, CopiesBetweenTwoGpusArePeerCopies) {
  setenv("FAKE_CUDA_DEVICES", "2", 1);
  DeviceListing Two = B.listDevices();
  unsetenv("FAKE_CUDA_DEVICES");
  ASSERT_EQ(Two.Devices.size(), 2u) << Two.WhyNone;
  void *Id0 = Two.Devices[0].Id, *Id1 = Two.Devices[1].Id;
  EXPECT_TRUE(B.copiesAcrossContexts(Id0, Id1));
  EXPECT_FALSE(B.copiesAcrossContexts(Id0, Id0));
  Context C0 = B.createContext({Id0}, "the test", nullptr);
  Context C1 = B.createContext({Id1}, "the test", nullptr);
  Queue Q0 = B.createQueue(C0, Id0, false, "the test");
  Queue Q1 = B.createQueue(C1, Id1, false, "the test");
  unsigned char Init[64];
  for (int I = 0; I < 64; ++I)
    Init[I] = static_cast<unsigned char>(I);
  Buffer From = B.allocate(C0, 64, Init, "the test");
  Buffer To = B.allocate(C1, 64, nullptr, "the test");
  void *Lib = dlopen(env().CudaLibrary.c_str(), RTLD_NOW | RTLD_NOLOAD);
  auto PeerCopies = reinterpret_cast<FakeCudaPeerCopiesFn>(dlsym(Lib, "fakeCudaPeerCopies"));
  ASSERT_NE(PeerCopies, nullptr);
  int Before = PeerCopies();
  // Rows 1 and 2 of an 8x8 byte matrix, 4 bytes from column 2, into rows 5
  // and 6 from column 0.
  Rect R{};
  R.SrcOffset = 8 + 2;
  R.DstOffset = 5 * 8;
  R.Region[0] = 4;
  R.Region[1] = 2;
  R.Region[2] = 1;
  R.SrcRowPitch = R.DstRowPitch = 8;
  B.copyAcrossContexts(Q0, From, Q1, To, {R});
  EXPECT_EQ(PeerCopies() - Before, 1);
  unsigned char Out[64];
  Q1.read(To, true, 0, 64, Out);
  EXPECT_EQ(Out[39], 0);
  EXPECT_EQ(Out[40], 10);
  EXPECT_EQ(Out[43], 13);
  EXPECT_EQ(Out[44], 0);
  EXPECT_EQ(Out[48], 18);
  EXPECT_EQ(Out[51], 21);
}

// Last: the programs noted stay noted for the process.
TEST_F(CudaBackendTest, ProgramsWithoutPtxLeaveTheGpusToOpenCL) {
  notePrograms(&WithPtx);
  EXPECT_EQ(B.listDevices().Devices.size(), 1u);
  static const ProgramDesc Without = {"kernel void k() {}", "plain.cpp", false};
  notePrograms(&Without);
  DeviceListing L = B.listDevices();
  EXPECT_TRUE(L.Devices.empty());
  EXPECT_NE(L.WhyNone.find("plain.cpp have no PTX"), std::string::npos) << L.WhyNone;
}

} // namespace

