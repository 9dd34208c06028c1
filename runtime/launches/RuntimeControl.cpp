//===- RuntimeControl.cpp - amp_uninitialize and direct3d views ----------===//
//
// include/ampcc/runtime_control.h. The views whose timeout was disabled are
// remembered here rather than in AcceleratorViewImpl: nothing else reads
// the flag, and a weak reference forgets a view when its last handle goes.
//
//===----------------------------------------------------------------------===//
#include "ampcc/runtime_control.h"

#include "devices/Device.h"
#include "launches/KernelRegistry.h"
#include "transfers/HostBlocks.h"

#include <algorithm>
#include <memory>
#include <mutex>
#include <vector>

namespace Concurrency {

namespace {
std::mutex Lock;
std::vector<std::weak_ptr<ampcc::rt::AcceleratorViewImpl>> TimeoutDisabled;
} // namespace

void amp_uninitialize() {
  ampcc::rt::releaseBuiltKernels();
  ampcc::rt::releaseHostBlocks();
}

namespace direct3d {

accelerator_view create_accelerator_view(accelerator &Accelerator, bool DisableTimeout,
                                         queuing_mode Mode) {
  accelerator_view View = Accelerator.create_view(Mode);
  if (DisableTimeout) {
    std::lock_guard<std::mutex> Guard(Lock);
    TimeoutDisabled.erase(std::remove_if(TimeoutDisabled.begin(), TimeoutDisabled.end(),
                                         [](const auto &W) { return W.expired(); }),
                          TimeoutDisabled.end());
    TimeoutDisabled.push_back(details::implOf(View)->shared_from_this());
  }
  return View;
}

bool is_timeout_disabled(const accelerator_view &View) {
  ampcc::rt::AcceleratorViewImpl *Impl = details::implOf(View);
  std::lock_guard<std::mutex> Guard(Lock);
  return std::any_of(TimeoutDisabled.begin(), TimeoutDisabled.end(),
                     [Impl](const auto &W) { return W.lock().get() == Impl; });
}

} // namespace direct3d
} // namespace Concurrency
