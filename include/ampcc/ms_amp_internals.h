// ampcc/ms_amp_internals.h - internals of Visual C++ 2012's <amp.h> that
// libraries called.
//
// Visual C++ 2012's parallel_for_each took no accelerator_view on some
// paths; libraries written for it (the C++ AMP Algorithms Library, under
// `#if _MSC_VER < 1800`, which holds where _MSC_VER is not defined) launch
// through the runtime's own entry instead:
//
//   _Host_Scheduling_info Info = { NULL };
//   Info._M_accelerator_view = details::_Get_accelerator_view_impl_ptr(View);
//   details::_Parallel_for_each(&Info, Domain, Kernel);
//
// These declarations give that code the launch it meant: on the view when
// one is set, on the automatically selected accelerator otherwise.
// <amp.h> includes this header unless the driver is given -fno-ms-headers.
#ifndef AMPCC_MS_AMP_INTERNALS_H
#define AMPCC_MS_AMP_INTERNALS_H

#include "parallel_for_each.h"

/// Where a launch runs. At global scope, as in Visual C++'s runtime header:
/// libraries name it unqualified from their own namespaces.
struct _Host_Scheduling_info {
  /// The view to launch on; null for the automatic selection. Points at
  /// the caller's view, which outlives the launch that reads it.
  const Concurrency::accelerator_view *_M_accelerator_view;
};

namespace Concurrency {
namespace details {

using ::_Host_Scheduling_info;

inline const accelerator_view *_Get_accelerator_view_impl_ptr(const accelerator_view &View) {
  return &View;
}

/// extent<N> and tiled_extent<...>: the public parallel_for_each decides.
template <typename Domain, typename Kernel>
void _Parallel_for_each(_Host_Scheduling_info *Info, const Domain &ComputeDomain,
                        const Kernel &F) {
  if (Info && Info->_M_accelerator_view)
    Concurrency::parallel_for_each(*Info->_M_accelerator_view, ComputeDomain, F);
  else
    Concurrency::parallel_for_each(ComputeDomain, F);
}

} // namespace details
} // namespace Concurrency

#endif // AMPCC_MS_AMP_INTERNALS_H
