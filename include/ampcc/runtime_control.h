// ampcc/runtime_control.h - amp_uninitialize and the Direct3D-free part of
// concurrency::direct3d's accelerator_view functions.
//
// Plain C++ (no restrict): the runtime implements them
// (runtime/launches/RuntimeControl.cpp). The functions that take or return Direct3D
// objects (get_device, create_accelerator_view from a device, make_array,
// get_buffer, d3d_access_lock, ...) have no meaning on OpenCL and are not
// declared: docs/api-coverage.md lists them.
#ifndef AMPCC_RUNTIME_CONTROL_H
#define AMPCC_RUNTIME_CONTROL_H

#include "accelerator.h"

namespace Concurrency {

/// Releases what the runtime holds for later use: the built programs and
/// kernels (the next launch builds them again, from ampcc's kernel cache
/// when it can) and the host memory kept for reuse. As in Visual C++, any
/// later C++ AMP call initialises again, and C++ AMP objects must not be
/// used across the call, nor may another thread use C++ AMP meanwhile.
void amp_uninitialize();

namespace direct3d {

/// A new accelerator_view on \p Accelerator, as accelerator::create_view.
/// \p DisableTimeout is only remembered (is_timeout_disabled): ampcc asks
/// OpenCL for no watchdog, and a GPU's driver applies its own.
accelerator_view create_accelerator_view(accelerator &Accelerator, bool DisableTimeout,
                                         queuing_mode Mode = queuing_mode_automatic);

/// Whether \p View was created by create_accelerator_view with its timeout
/// disabled.
bool is_timeout_disabled(const accelerator_view &View);

} // namespace direct3d
} // namespace Concurrency

#endif // AMPCC_RUNTIME_CONTROL_H
