//===- FaultChecks.cpp - bad accesses found by checked kernels ------------===//
#include "devices/FaultChecks.h"

#include "ampcc/exceptions.h"

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace ampcc {
namespace rt {

namespace {

/// The fault record's layout (DeviceCodeGen::faultReporter): [0] bad
/// accesses, [1] taken by the first, [2] its site, [3] rank, [4..6] index,
/// [7..9] extent; direct3d_errorf and direct3d_abort set rank -3 and -2,
/// and errorf's arguments are 64-bit words from [16]. 32 ints; the scratch
/// follows.
constexpr size_t RecordInts = 32;

struct Watched {
  Event Done;
  std::unique_ptr<int32_t[]> Record{new int32_t[RecordInts]()};
  const KernelDesc *Kernel = nullptr;
};

std::mutex Lock;
std::vector<Watched> Pending;
std::atomic<bool> AnyPending{false};

std::string coordinates(const int32_t *V, int32_t Rank) {
  std::string S;
  for (int32_t I = 0; I < Rank && I < 3; ++I)
    S += (I ? ", " : "") + std::to_string(V[I]);
  return S;
}

/// A site's entry: "file:line:col", then, for direct3d_errorf, the kinds of
/// its arguments, its format and its string-literal arguments, each after a
/// \x1f (compiler/lib/CodeGen/KernelDiagnostics.cpp).
std::vector<std::string> splitSite(const std::string &Entry) {
  std::vector<std::string> Parts(1);
  for (char C : Entry) {
    if (C == '\x1f')
      Parts.emplace_back();
    else
      Parts.back() += C;
  }
  return Parts;
}

/// direct3d_errorf's message as its printf printed it: each conversion of
/// the format gets the argument the kernel recorded (64-bit words from
/// \p Words: integers widened, a float's or a double's bits) or the string
/// literal the site names, converted by the host's snprintf.
std::string formatErrorf(const std::vector<std::string> &Parts, const int32_t *Words) {
  const std::string &Kinds = Parts[1], &Format = Parts[2];
  std::string Out;
  size_t Arg = 0, Word = 0, String = 3;
  for (size_t I = 0; I < Format.size(); ++I) {
    if (Format[I] != '%') {
      Out += Format[I];
      continue;
    }
    if (I + 1 < Format.size() && Format[I + 1] == '%') {
      Out += '%';
      ++I;
      continue;
    }
    // Flags, width and precision stay; length modifiers go (the host's
    // own are chosen below); the conversion character ends the spec.
    std::string Spec = "%";
    size_t J = I + 1;
    for (; J < Format.size() && std::strchr("-+ #0123456789.*", Format[J]); ++J)
      Spec += Format[J];
    for (; J < Format.size() && std::strchr("hlLqjzt", Format[J]); ++J)
      ;
    if (J >= Format.size() || Arg >= Kinds.size() || Spec.find('*') != std::string::npos) {
      Out += Format.substr(I);
      break;
    }
    char Conv = Format[J];
    char Kind = Kinds[Arg++];
    char Buf[512];
    int64_t V = 0;
    if (Kind != 's')
      std::memcpy(&V, Words + 2 * Word++, sizeof V);
    if (Kind == 's') {
      std::snprintf(Buf, sizeof Buf, (Spec + "s").c_str(),
                    String < Parts.size() ? Parts[String].c_str() : "");
      ++String;
    } else if (Kind == 'f' || Kind == 'd') {
      double D;
      if (Kind == 'f') {
        float F;
        uint32_t Bits = uint32_t(V);
        std::memcpy(&F, &Bits, sizeof F);
        D = F;
      } else {
        std::memcpy(&D, &V, sizeof D);
      }
      std::snprintf(Buf, sizeof Buf, (Spec + Conv).c_str(), D);
    } else if (std::strchr("diouxXc", Conv)) {
      std::snprintf(Buf, sizeof Buf, (Spec + "ll" + Conv).c_str(), (long long)V);
    } else {
      std::snprintf(Buf, sizeof Buf, (Spec + "lld").c_str(), (long long)V);
    }
    Out += Buf;
    I = J;
  }
  return Out;
}

/// What the record of one launch says, or "" when it found nothing.
std::string describe(const Watched &W) {
  const int32_t *R = W.Record.get();
  if (R[0] == 0)
    return "";
  const KernelDesc &K = *W.Kernel;
  const ProgramDesc &P = *K.Program;
  uint32_t Site = uint32_t(R[2]);
  std::string Where = Site < P.NumCheckSites ? P.CheckSites[Site] : "an unknown place";
  // direct3d_abort and direct3d_errorf: Visual C++'s messages.
  if (R[3] == -2 || R[3] == -3) {
    std::vector<std::string> Parts = splitSite(Where);
    if (R[3] == -3 && Parts.size() >= 3)
      return formatErrorf(Parts, R + 16);
    return "Reference Rasterizer: Shader abort instruction hit (direct3d_abort at " +
           Parts[0] + ")";
  }
  std::string Msg = "kernel at " + std::string(K.Location ? K.Location : "<unknown>") + ": ";
  // Rank -1: a tile barrier that part of a tile did not reach.
  if (R[3] == -1)
    return Msg + "tile_barrier at " + Where + " was reached by " + std::to_string(R[4]) +
           " of the tile's " + std::to_string(R[7]) + " threads (" + std::to_string(R[0]) +
           " such report" + (R[0] > 1 ? "s" : "") +
           " in this launch, found by -fsanitize=bounds)";
  Msg += "index (" + coordinates(R + 4, R[3]) + ") is outside the extent (" +
         coordinates(R + 7, R[3]) + ") at " + Where;
  return Msg + " (" + std::to_string(R[0]) + (R[0] > 1 ? " bad accesses" : " bad access") +
         " in this launch, skipped by -fsanitize=bounds)";
}

/// Waits for everything watched so far and takes it off the list.
std::vector<Watched> collect() {
  std::vector<Watched> Done;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    Done.swap(Pending);
    AnyPending = false;
  }
  for (Watched &W : Done) {
    if (W.Done.wait() != 0)
      W.Record[0] = 0; // The kernel's own failure is reported elsewhere.
  }
  return Done;
}

/// At exit: launches no synchronizing call looked at still get a word.
void reportAtExit() {
  if (!AnyPending)
    return;
  for (const Watched &W : collect()) {
    std::string Msg = describe(W);
    if (!Msg.empty())
      std::fprintf(stderr, "ampcc: %s; no synchronizing call reported it\n", Msg.c_str());
  }
}

} // namespace

Buffer createFaultBuffer(const Context &C, const ProgramDesc &P) {
  std::vector<int32_t> Zeros(RecordInts + (P.ScratchBytes + 3) / 4, 0);
  return C.backend().allocate(C, Zeros.size() * sizeof(int32_t), Zeros.data(),
                              "for the bounds checks' fault record");
}

void watchFaults(const Queue &Q, const Buffer &Faults, const KernelDesc &K) {
  static std::once_flag AtExit;
  std::call_once(AtExit, [] { std::atexit(reportAtExit); });
  Watched W;
  W.Kernel = &K;
  // The queued read keeps the buffer alive when the caller drops it.
  Q.read(Faults, /*Blocking=*/false, 0, RecordInts * sizeof(int32_t),
         W.Record.get(), &W.Done, "of the bounds checks' fault record");
  std::lock_guard<std::mutex> Guard(Lock);
  Pending.push_back(std::move(W));
  AnyPending = true;
}

void reportFaults() {
  if (!AnyPending)
    return;
  std::string First;
  for (const Watched &W : collect())
    if (First.empty())
      First = describe(W);
  if (!First.empty())
    throw Concurrency::runtime_exception(First, Concurrency::AMPCC_E_FAIL);
}

} // namespace rt
} // namespace ampcc
