// ampcc/runtime_api.h - the contract between generated code, <amp.h> and the
// runtime library.
//
// This header is plain C++17: it is included by the runtime's own sources
// (compiled without any ampcc mode), by <amp.h> (compiled in HIP host mode by the
// driver) and by the host stubs that the compiler generates for each translation
// unit. It must not use restrict(...) or anything from <CL/cl.h>.
//
// Three parties meet here:
//  * the compiler emits, for every kernel, a KernelDesc (OpenCL C program text,
//    kernel name, how to turn the closure object's bytes into kernel arguments)
//    and registers it at static-initialisation time with registerKernels();
//  * <amp.h>'s parallel_for_each calls launchKernel() with typeid(Kernel).name()
//    and the address of the closure object;
//  * array_view/array keep their data in a runtime-owned DataSource; views reach
//    it through a ViewHeader stored as their first member, which the runtime
//    reads straight out of the closure bytes at the offsets the compiler found.
#ifndef AMPCC_RUNTIME_API_H
#define AMPCC_RUNTIME_API_H

#include "host_kernel_abi.h"
#include "kernel_abi.h"

#include <cstddef>
#include <cstdint>

namespace ampcc {
namespace rt {

class DataSource;

/// Called by generated static initialisers. Descs must outlive the program.
void registerKernels(const KernelDesc *Descs, uint32_t Count);

/// Programs compiled with -fno-rtti launch by another key than the typeid
/// name (Concurrency::details::kernelKey): each entry maps such a key
/// (Aliases[i][0]) to the typeid name a KernelDesc is registered under
/// (Aliases[i][1]). The table must outlive the program.
void registerKernelAliases(const char *const (*Aliases)[2], uint32_t Count);

/// Programs compiled with -fhost-kernels: \p Source's kernels compiled for
/// the host CPU, without and with AMPCC_DOMAIN_COVERED (host_kernel_abi.h),
/// which the host backend runs where another backend would build Source.
/// \p Isa: the instruction set extensions they use, " avx2 fma ...". The
/// tables must outlive the program.
void registerHostKernels(const char *Source, const ampcc_host_kernel *Plain,
                         const ampcc_host_kernel *Covered, const char *Isa);

class AcceleratorViewImpl;

/// Launches the kernel registered for TypeName over the compute domain Extent
/// (AMP order, Rank entries; for tiled kernels this is the tiled extent) on
/// View (nullptr: the default accelerator's default view). Copies in the
/// stale bytes of the views the kernel uses (each view's own rectangle, not
/// its whole source), marks what it may write. Throws
/// concurrency::runtime_exception (or a subclass) on error, e.g. when no
/// kernel was registered for TypeName.
///
/// NDRange: AMP dimension 0 (slowest) is OpenCL dimension Rank-1. For
/// Rank > 3 (never tiled) AMP dimensions 0..Rank-3 are folded into OpenCL
/// dimension 2 (row-major, dimension 0 slowest), AMP Rank-2 is OpenCL 1 and
/// AMP Rank-1 is OpenCL 0; the kernel then gets one more argument after its
/// captures, struct { int ext[Rank]; }, the compute domain, to unfold
/// get_global_id(2) into AMP indices 0..Rank-3. Untiled kernels of rank 1
/// to 3 get the same argument: on GPUs the runtime rounds their launch up
/// to whole work-groups of its own shape (runtime/launches/WorkGroupShape.h), and
/// the work-items past the domain return at once.
///
/// A launch larger than the device can take in one enqueue (more work items
/// than its address bits allow, or than AMPCC_MAX_LAUNCH_ITEMS) is split into
/// several enqueues with a global work offset along the slowest OpenCL
/// dimension, so kernels must compute their index from get_global_id (tiled
/// launches cannot be split and are refused with invalid_compute_domain).
void launchKernel(const char *TypeName, const void *Closure,
                  uint32_t ClosureSize, uint32_t Rank, const int32_t *Extent,
                  const int32_t *Tile, AcceleratorViewImpl *View);

// --- Data sources -----------------------------------------------------------

/// Creates a data source over user memory (array_view over a container or raw
/// pointer). The memory stays the user's; the runtime copies to and from it.
DataSource *createUserSource(void *HostPtr, size_t ElemSize, size_t Count);
/// Creates a data source with no host data (array_view(extent) / array).
DataSource *createOwnedSource(size_t ElemSize, size_t Count,
                              AcceleratorViewImpl *View);
void retainSource(DataSource *S);
/// Drops a reference; the last one writes pending device data back to user
/// memory (as the spec asks of the last view's destructor) and frees buffers.
void releaseSource(DataSource *S);

/// Creates the storage of an array<T,N>: owned by the runtime, zero-filled,
/// placed on View's device (nullptr: the default accelerator's default
/// view). With an Associated view it is a staging array (spec §5.1.1): its
/// data stays in host memory for the CPU and moves to Associated's device
/// when used there. CpuAccess is the Concurrency::access_type asked for;
/// access_type_auto takes the accelerator's default_cpu_access_type.
DataSource *createArraySource(size_t ElemSize, size_t Count,
                              AcceleratorViewImpl *View,
                              AcceleratorViewImpl *Associated,
                              int CpuAccess = 4 /* access_type_auto */);
/// The access_type an array's storage was created with, auto resolved:
/// access_type_none means the host may not touch its elements.
int sourceCpuAccess(const DataSource *S);
/// The size of a source's data in bytes (0 for none).
size_t sourceBytes(const DataSource *S);

/// Makes the host copy current for the whole source and returns the host
/// pointer of its byte 0. WillWrite marks the device copy stale.
void *hostAccess(DataSource *S, bool WillWrite);
/// The current contents of the whole source are no longer needed.
void discardSource(DataSource *S);
/// Forgets the device copy of the whole source: the host memory was changed
/// behind the runtime's back.
void refreshSource(DataSource *S);

/// How host code is about to use the elements of a view.
enum class HostAccessMode : uint32_t {
  Read = 0,      ///< Only reads: the device copy stays current.
  Write = 1,     ///< Reads and writes: the device copy becomes stale.
  Overwrite = 2, ///< Writes every element without reading it first: nothing
                 ///< is copied back from the device.
};

// The *View functions work on the elements a view shows: H is the view's
// ViewHeader (followed by its extents and strides, as in ViewShape<N>), in
// elements of ElemSize bytes (which may differ from the source's element
// size, after reinterpret_as). Only that rectangle moves.

/// Makes the host copy of the view's elements current and returns the host
/// address of the source's byte 0 (index it with the view's offset and
/// strides). Throws runtime_exception if the view reaches outside its source.
void *hostAccessView(const ViewHeader *H, size_t ElemSize, HostAccessMode Mode);
/// copy(view, iterator): the view's elements, row-major, into Dst (room for
/// all of them). User memory under the view is not updated on the way.
void readViewDense(const ViewHeader *H, size_t ElemSize, void *Dst);
/// copy(first, last, view) from contiguous memory that covers the view:
/// Src's elements, row-major, into every element of the view; straight to
/// the device for an array that lives on one.
void writeViewDense(const ViewHeader *H, size_t ElemSize, const void *Src);
/// array_view::discard_data: the view's current contents are not needed.
void discardView(const ViewHeader *H, size_t ElemSize);
/// array_view::refresh: the host memory under the view changed behind the
/// runtime's back; the device copy of those elements is stale.
void refreshView(const ViewHeader *H, size_t ElemSize);
/// array_view::synchronize_to: makes the device copy of the view's elements
/// current on View's device (nullptr: the default view).
void synchronizeViewTo(const ViewHeader *H, size_t ElemSize,
                       AcceleratorViewImpl *View);
/// concurrency::copy between views or arrays: the elements of Src into Dst,
/// which must have the same rank and extents (runtime_exception otherwise).
/// Takes the cheapest route: host to host, host to device, device to host,
/// or device to device (no host round trip when both live on one device).
void copyView(const ViewHeader *Src, const ViewHeader *Dst, size_t ElemSize);

/// Where a source's data lives, for get_source_accelerator_view and
/// array::get_accelerator_view: an array's view; for user memory the CPU
/// accelerator's default view. Throws runtime_exception for a view with no
/// data source (array_view(extent)) or when no CPU accelerator exists.
AcceleratorViewImpl *sourceAcceleratorView(DataSource *S);
/// A staging array's associated view; else the same as sourceAcceleratorView.
AcceleratorViewImpl *sourceAssociatedView(DataSource *S);

/// Transfer accounting, for tests and the curious (AMPCC_TRACE prints it too).
struct TransferStats {
  uint64_t HostToDeviceCopies;
  uint64_t HostToDeviceBytes;
  uint64_t DeviceToHostCopies;
  uint64_t DeviceToHostBytes;
  uint64_t KernelLaunches;
  /// Copies between two buffers on the device (concurrency::copy between
  /// arrays): no byte crosses the bus.
  uint64_t DeviceToDeviceCopies;
  uint64_t DeviceToDeviceBytes;
};
TransferStats getTransferStats();
void resetTransferStats();

/// Concurrency Visualizer markers (<cvmarkersobj.h>): whether they are
/// wanted at all (AMPCC_TRACE prints them, AMPCC_TRACE_FILE records them).
bool markersEnabled();
/// Host time of the trace's clock, in nanoseconds.
uint64_t markerClockNs();
enum class MarkerKind { Flag, Message, Alert, SpanBegin, SpanEnd };
/// A marker of Series: printed with AMPCC_TRACE; recorded in the
/// AMPCC_TRACE_FILE trace on the track of its series, a span (at its end)
/// as the range StartNs..EndNs, the others as instants.
void recordMarker(const char *Series, MarkerKind Kind, int Category,
                  const char *Text, uint64_t StartNs, uint64_t EndNs);

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_API_H
