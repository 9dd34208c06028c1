//===- Accelerator.cpp - concurrency::accelerator and accelerator_view ----===//
//
// Thin wrappers: an accelerator is a Device*, an accelerator_view shares an
// AcceleratorViewImpl. Everything that talks to OpenCL lives in Device.cpp.
//
//===----------------------------------------------------------------------===//

#include "ampcc/accelerator.h"

#include "ampcc/exceptions.h"
#include "devices/Device.h"
#include "support/Env.h"

namespace Concurrency {

using ampcc::rt::AcceleratorViewImpl;
using ampcc::rt::Device;

// The same spellings as Visual C++, so that code comparing device paths
// against them, or passing them to the constructor, keeps working.
const wchar_t accelerator::default_accelerator[] = L"default";
const wchar_t accelerator::cpu_accelerator[] = L"cpu";
const wchar_t accelerator::direct3d_warp[] = L"direct3d\\warp";
const wchar_t accelerator::direct3d_ref[] = L"direct3d\\ref";

// Device names and paths are ASCII in practice; anything else is kept
// byte-for-byte on the way in and replaced on the way out.
static std::wstring widen(const std::string &S) {
  std::wstring W;
  W.reserve(S.size());
  for (unsigned char C : S)
    W.push_back(wchar_t(C));
  return W;
}

static std::string narrow(const std::wstring &W) {
  std::string S;
  S.reserve(W.size());
  for (wchar_t C : W)
    S.push_back(C >= 0 && C < 0x100 ? char(C) : '?');
  return S;
}

static Device &deviceForPath(const std::wstring &Path) {
  std::string P = narrow(Path);
  if (P == "default")
    return ampcc::rt::defaultDevice();
  if (Device *D = ampcc::rt::findDevice(P))
    return *D;
  throw runtime_exception("no accelerator has the device path '" + P +
                              "'; available device paths: " +
                              ampcc::rt::listDevicePaths(),
                          AMPCC_E_INVALIDARG);
}

accelerator::accelerator() : Dev(&ampcc::rt::defaultDevice()) {}

accelerator::accelerator(const std::wstring &Path)
    : Dev(&deviceForPath(Path)) {}

std::vector<accelerator> accelerator::get_all() {
  std::vector<accelerator> All;
  for (Device *D : ampcc::rt::allDevices())
    All.push_back(accelerator(D));
  return All;
}

bool accelerator::set_default(const std::wstring &Path) {
  // Resolve first: an unknown path is an error even when the default is
  // already fixed, so that a typo never goes unnoticed.
  std::string P = narrow(Path);
  if (P == "default")
    return false;
  return ampcc::rt::setDefaultDevice(deviceForPath(Path));
}

std::wstring accelerator::get_device_path() const {
  return widen(Dev->info().Path);
}

std::wstring accelerator::get_description() const {
  return widen(Dev->info().Name);
}

unsigned int accelerator::get_version() const { return Dev->info().Version; }

size_t accelerator::get_dedicated_memory() const {
  return size_t(Dev->info().GlobalMemBytes / 1024);
}

bool accelerator::get_supports_double_precision() const {
  return Dev->info().SupportsDouble;
}

bool accelerator::get_supports_limited_double_precision() const {
  // Full support includes the limited subset; OpenCL has no "limited" level.
  return Dev->info().SupportsDouble;
}

bool accelerator::get_is_debug() const { return false; }

/// OpenCL CPU devices are software accelerators like Visual C++'s WARP; the
/// CPU accelerator and REF are emulated in Visual C++ too. Under
/// AMPCC_CPU_DEVICES_NOT_EMULATED (an opt-in for testing without a GPU) an
/// OpenCL CPU device counts as hardware; the host and REF/WARP never do.
bool accelerator::get_is_emulated() const {
  if (Dev->isHost() || Dev->isSoftwareEmulation())
    return true;
  return Dev->isCPU() && !ampcc::rt::env().CpuDevicesNotEmulated;
}

bool accelerator::get_has_display() const { return false; }

accelerator_view accelerator::get_default_view() const {
  return accelerator_view(Dev->defaultView());
}

accelerator_view accelerator::get_auto_selection_view() {
  return accelerator_view(ampcc::rt::defaultDevice().defaultView(), true);
}

bool accelerator::get_supports_cpu_shared_memory() const {
  return Dev->info().HostUnifiedMemory;
}

access_type accelerator::get_default_cpu_access_type() const {
  return access_type(Dev->defaultCpuAccess());
}

bool accelerator::set_default_cpu_access_type(access_type Type) {
  if (!get_supports_cpu_shared_memory() && Type != access_type_auto &&
      Type != access_type_none)
    return false;
  return Dev->setDefaultCpuAccess(int(Type));
}

accelerator_view accelerator::create_view(queuing_mode Mode) const {
  return accelerator_view(std::make_shared<AcceleratorViewImpl>(
      *Dev, Mode == queuing_mode_automatic));
}

bool accelerator::operator==(const accelerator &Other) const {
  return Dev == Other.Dev;
}

accelerator accelerator_view::get_accelerator() const {
  return accelerator(&Impl->device());
}

bool accelerator_view::get_is_debug() const { return false; }

unsigned int accelerator_view::get_version() const {
  return Impl->device().info().Version;
}

queuing_mode accelerator_view::get_queuing_mode() const {
  return Impl->isAutomaticQueuing() ? queuing_mode_automatic
                                    : queuing_mode_immediate;
}

bool accelerator_view::get_is_auto_selection() const { return AutoSelection; }

void accelerator_view::wait() { Impl->wait(); }

void accelerator_view::flush() { Impl->flush(); }

completion_future accelerator_view::create_marker() {
  return completion_future(Impl->marker());
}

namespace details {
AcceleratorViewImpl *implOf(const accelerator_view &View) {
  return View.Impl.get();
}

accelerator_view makeView(AcceleratorViewImpl *Impl) {
  if (!Impl)
    return accelerator_view(ampcc::rt::defaultDevice().defaultView());
  return accelerator_view(Impl->shared_from_this());
}
} // namespace details

} // namespace Concurrency
