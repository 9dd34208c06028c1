// ampcc/accelerator.h - concurrency::accelerator and accelerator_view
// (spec §3).
//
// Plain C++ (no restrict): the runtime library implements these classes and is
// compiled without ampcc. An accelerator is one OpenCL device; an
// accelerator_view is one in-order command queue on it. Device paths read
// "opencl:<platform index>:<device index>"; the Visual C++ names cpu_accelerator,
// direct3d_warp and direct3d_ref select the first OpenCL CPU device.
#ifndef AMPCC_ACCELERATOR_H
#define AMPCC_ACCELERATOR_H

#include "completion_future.h"

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace ampcc {
namespace rt {
class Device;
class AcceleratorViewImpl;
} // namespace rt
} // namespace ampcc

namespace Concurrency {

class accelerator;
class accelerator_view;

namespace details {
ampcc::rt::AcceleratorViewImpl *implOf(const accelerator_view &View);
/// The accelerator_view of a runtime view (nullptr: the default view).
accelerator_view makeView(ampcc::rt::AcceleratorViewImpl *Impl);
} // namespace details

/// How commands reach the device. ampcc submits every kernel as it is
/// launched, so both modes behave the same; the mode is only remembered.
enum queuing_mode { queuing_mode_immediate, queuing_mode_automatic };

/// CPU access to an array's memory (spec 1.2). ampcc keeps a host copy of
/// every array, so every array is accessible on the CPU whatever is asked;
/// the value is only remembered.
enum access_type {
  access_type_none = 0,
  access_type_read = 1,
  access_type_write = 2,
  access_type_read_write = 3,
  access_type_auto = 4,
};

class accelerator {
public:
  static const wchar_t default_accelerator[];
  static const wchar_t cpu_accelerator[];
  static const wchar_t direct3d_warp[];
  static const wchar_t direct3d_ref[];

  /// The default accelerator: set_default's choice, else
  /// CPPAMP_DEFAULT_ACCELERATOR, else the first GPU, else the first CPU.
  accelerator();
  /// Throws runtime_exception if no device has this path (or name).
  explicit accelerator(const std::wstring &Path);
  accelerator(const accelerator &Other) = default;
  accelerator &operator=(const accelerator &Other) = default;

  static std::vector<accelerator> get_all();
  /// False, with no effect, once the default accelerator has been used or
  /// set; throws runtime_exception if no device has this path.
  static bool set_default(const std::wstring &Path);
  /// The view that lets the runtime choose the accelerator: ampcc chooses
  /// the default accelerator, so this is its default view.
  static accelerator_view get_auto_selection_view();

  std::wstring get_device_path() const;
  /// The OpenCL device name.
  std::wstring get_description() const;
  /// OpenCL version of the device, major << 16 | minor.
  unsigned int get_version() const;
  /// Global memory of the device, in KB.
  size_t get_dedicated_memory() const;
  bool get_supports_double_precision() const;
  bool get_supports_limited_double_precision() const;
  bool get_is_debug() const;
  /// True for CPU devices, which run kernels on the host processor.
  bool get_is_emulated() const;
  bool get_has_display() const;
  /// True for devices whose memory the host shares (CL_DEVICE_HOST_UNIFIED_MEMORY).
  bool get_supports_cpu_shared_memory() const;
  access_type get_default_cpu_access_type() const;
  /// Remembers Type as the default for arrays on this accelerator; false
  /// (and no effect) if the accelerator cannot share memory with the CPU.
  bool set_default_cpu_access_type(access_type Type);
  accelerator_view get_default_view() const;
  accelerator_view create_view(queuing_mode Mode = queuing_mode_automatic) const;

  bool operator==(const accelerator &Other) const;
  bool operator!=(const accelerator &Other) const { return !(*this == Other); }

#if defined(__HIP__)
  // Visual C++ exposes these as properties; ampcc compiles user code with
  // -fdeclspec, the runtime (plain g++) does without them.
  __declspec(property(get = get_device_path)) std::wstring device_path;
  __declspec(property(get = get_description)) std::wstring description;
  __declspec(property(get = get_version)) unsigned int version;
  __declspec(property(get = get_dedicated_memory)) size_t dedicated_memory;
  __declspec(property(get = get_supports_double_precision))
      bool supports_double_precision;
  __declspec(property(get = get_supports_limited_double_precision))
      bool supports_limited_double_precision;
  __declspec(property(get = get_is_debug)) bool is_debug;
  __declspec(property(get = get_is_emulated)) bool is_emulated;
  __declspec(property(get = get_has_display)) bool has_display;
  __declspec(property(get = get_default_view)) accelerator_view default_view;
  __declspec(property(get = get_supports_cpu_shared_memory))
      bool supports_cpu_shared_memory;
  __declspec(property(get = get_default_cpu_access_type))
      access_type default_cpu_access_type;
#endif

private:
  friend class accelerator_view;
  explicit accelerator(ampcc::rt::Device *Dev) : Dev(Dev) {}
  /// Devices live as long as the process, so a plain pointer is safe.
  ampcc::rt::Device *Dev;
};

class accelerator_view {
public:
  accelerator_view(const accelerator_view &Other) = default;
  // Only to a variable: an accelerator_view a function returns by value
  // (array::get_accelerator_view()) cannot be assigned, as in Visual C++.
  accelerator_view &operator=(const accelerator_view &Other) & = default;

  accelerator get_accelerator() const;
  bool get_is_debug() const;
  unsigned int get_version() const;
  queuing_mode get_queuing_mode() const;
  /// True only for accelerator::get_auto_selection_view()'s view.
  bool get_is_auto_selection() const;
  /// Waits until every command submitted to this view has completed.
  void wait();
  /// Submits queued commands to the device without waiting for them.
  void flush();
  /// A future that completes when every command submitted to this view
  /// before the marker has completed (kernels, copies).
  completion_future create_marker();

  bool operator==(const accelerator_view &Other) const {
    return Impl == Other.Impl;
  }
  bool operator!=(const accelerator_view &Other) const {
    return !(*this == Other);
  }

#if defined(__HIP__)
  __declspec(property(get = get_is_debug)) bool is_debug;
  __declspec(property(get = get_version)) unsigned int version;
  __declspec(property(get = get_queuing_mode)) Concurrency::queuing_mode
      queuing_mode;
  __declspec(property(get = get_is_auto_selection)) bool is_auto_selection;
  // Last: the member named `accelerator` hides the class name from here on.
  __declspec(property(get = get_accelerator)) Concurrency::accelerator
      accelerator;
#endif

private:
  friend class Concurrency::accelerator;
  friend ampcc::rt::AcceleratorViewImpl *details::implOf(const accelerator_view &);
  friend accelerator_view details::makeView(ampcc::rt::AcceleratorViewImpl *);
  explicit accelerator_view(std::shared_ptr<ampcc::rt::AcceleratorViewImpl> I,
                            bool AutoSelection = false)
      : Impl(std::move(I)), AutoSelection(AutoSelection) {}
  std::shared_ptr<ampcc::rt::AcceleratorViewImpl> Impl;
  bool AutoSelection;
};


} // namespace Concurrency

#endif // AMPCC_ACCELERATOR_H
