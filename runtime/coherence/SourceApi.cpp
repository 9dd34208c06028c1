//===- SourceApi.cpp - The data-source entry points of runtime_api.h ------===//
//
// What the headers call for arrays and array_views: creation, reference
// counts, host access, discard/refresh, synchronize_to and copies, each
// checking the view has a source and reporting device faults after it.
//
//===----------------------------------------------------------------------===//

#include "coherence/DataSource.h"

#include "ampcc/accelerator.h"
#include "ampcc/exceptions.h"
#include "ampcc/runtime_api.h"
#include "devices/Device.h"
#include "devices/FaultChecks.h"

namespace ampcc {
namespace rt {

DataSource *createUserSource(void *HostPtr, size_t ElemSize, size_t Count) {
  return new DataSource(HostPtr, ElemSize, Count);
}

static std::shared_ptr<AcceleratorViewImpl> shared(AcceleratorViewImpl *V) {
  return V ? V->shared_from_this() : nullptr;
}

DataSource *createOwnedSource(size_t ElemSize, size_t Count,
                              AcceleratorViewImpl *View) {
  return new DataSource(ElemSize, Count, shared(View), nullptr, false);
}

DataSource *createArraySource(size_t ElemSize, size_t Count,
                              AcceleratorViewImpl *View,
                              AcceleratorViewImpl *Associated, int CpuAccess) {
  std::shared_ptr<AcceleratorViewImpl> Home =
      View ? shared(View) : defaultDevice().defaultView();
  // A software accelerator with no device to run it (Device.h) holds no
  // memory: say so now, not at the array's first use.
  for (AcceleratorViewImpl *V : {Home.get(), Associated})
    if (V && !V->device().unavailableReason().empty())
      throw Concurrency::runtime_exception(V->device().unavailableReason(),
                                           Concurrency::AMPCC_E_FAIL);
  // Only an array on the CPU accelerator stages for another: elsewhere the
  // associated view is ignored, as in Visual C++.
  if (!Home->device().isHost())
    Associated = nullptr;
  // Staging arrays and arrays on the CPU accelerator are host memory.
  if (Associated || Home->device().isHost())
    CpuAccess = Concurrency::access_type_read_write;
  else if (CpuAccess == Concurrency::access_type_auto)
    CpuAccess = Home->device().useDefaultCpuAccess();
  // Visual C++ allocates an array's storage when it is constructed, so an
  // array too large for its accelerator throws here, not at first use.
  if (!Home->device().isHost() && !Associated)
    Home->device().checkAllocation(checkedBytes(ElemSize, Count));
  return new DataSource(ElemSize, Count, std::move(Home), shared(Associated),
                        true, CpuAccess);
}

size_t sourceBytes(const DataSource *S) { return S ? S->bytes() : 0; }

int sourceCpuAccess(const DataSource *S) {
  return S ? S->cpuAccess() : Concurrency::access_type_read_write;
}

void retainSource(DataSource *S) {
  if (S)
    S->retain();
}

void releaseSource(DataSource *S) {
  if (S && S->release())
    delete S;
}

static DataSource &sourceOf(const ViewHeader *H, const char *What) {
  if (!H || !H->Source)
    throw Concurrency::runtime_exception(
        std::string(What) + " of an array_view that has no data source",
        Concurrency::AMPCC_E_INVALIDARG);
  return *H->Source;
}

void *hostAccess(DataSource *S, bool WillWrite) {
  if (!S)
    throw Concurrency::runtime_exception(
        "host access to an array_view that has no data source",
        Concurrency::AMPCC_E_INVALIDARG);
  void *Data = S->hostAccess(RangeSet::all(S->bytes()),
                             WillWrite ? HostAccessMode::Write : HostAccessMode::Read);
  reportFaults();
  return Data;
}

void discardSource(DataSource *S) {
  if (S)
    S->discard(RangeSet::all(S->bytes()));
}

void refreshSource(DataSource *S) {
  if (S)
    S->refresh(RangeSet::all(S->bytes()));
}

void *hostAccessView(const ViewHeader *H, size_t ElemSize,
                     HostAccessMode Mode) {
  void *Data = sourceOf(H, "host access").hostAccessView(H, ElemSize, Mode);
  reportFaults();
  return Data;
}

void discardView(const ViewHeader *H, size_t ElemSize) {
  if (!H || !H->Source)
    return;
  H->Source->discard(H->Source->rangesOf(H, ElemSize));
}

void refreshView(const ViewHeader *H, size_t ElemSize) {
  if (!H || !H->Source)
    return;
  H->Source->refresh(H->Source->rangesOf(H, ElemSize));
}

void synchronizeViewTo(const ViewHeader *H, size_t ElemSize,
                       AcceleratorViewImpl *View) {
  DataSource &S = sourceOf(H, "synchronize_to");
  AcceleratorViewImpl &V = View ? *View : *defaultDevice().defaultView();
  S.synchronizeTo(V, S.rangesOf(H, ElemSize));
  reportFaults();
}

void readViewDense(const ViewHeader *H, size_t ElemSize, void *Dst) {
  sourceOf(H, "copy").readDense(H, ElemSize, Dst);
  reportFaults();
}

void writeViewDense(const ViewHeader *H, size_t ElemSize, const void *Src) {
  sourceOf(H, "copy").writeDense(H, ElemSize, Src);
  reportFaults();
}

void copyView(const ViewHeader *Src, const ViewHeader *Dst, size_t ElemSize) {
  DataSource::copy(sourceOf(Src, "copy"), Src, sourceOf(Dst, "copy"), Dst,
                   ElemSize);
  reportFaults();
}

AcceleratorViewImpl *sourceAcceleratorView(DataSource *S) {
  if (!S || (!S->isUser() && !S->home()))
    throw Concurrency::runtime_exception(
        "get_source_accelerator_view: this array_view has no data source "
        "(it was created from an extent only)",
        Concurrency::AMPCC_E_INVALIDARG);
  if (S->home())
    return S->home();
  // Host memory is the CPU accelerator's.
  return hostDevice().defaultView().get();
}

AcceleratorViewImpl *sourceAssociatedView(DataSource *S) {
  if (S && S->associated())
    return S->associated();
  return sourceAcceleratorView(S);
}

} // namespace rt
} // namespace ampcc
