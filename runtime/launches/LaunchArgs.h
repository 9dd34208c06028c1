//===- LaunchArgs.h - kernel arguments from a closure object ----*- C++ -*-===//
//
// A kernel's arguments follow the CaptureDescs that ampcc computed from the
// closure type: values are copied, bools widened to int, and each captured
// view becomes its buffer (filled in once the view's source is on the
// device) and its shape. Every data source appears once, however many
// captures name it, with the bytes the kernel may read and may write.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_LAUNCHARGS_H
#define AMPCC_RUNTIME_LAUNCHARGS_H

#include "ampcc/kernel_abi.h"
#include "backends/Backend.h"
#include "launches/KernelRegistry.h"
#include "launches/LaunchGeometry.h"
#include "support/Region.h"

#include <cstring>
#include <type_traits>
#include <vector>

namespace ampcc {
namespace rt {

class DataSource;

/// One kernel argument, copied out of the closure (or computed) so that the
/// closure can be read before the kernel's lock is taken.
struct Arg {
  std::vector<unsigned char> Bytes;
  /// A buffer or image argument (Bytes unused).
  Buffer Mem;
  /// For a view's buffer argument: the index of its SourceUse; the buffer is
  /// filled in once every use of the source is known.
  int Use = -1;
  /// For a texture's image argument (the image form only): its capture,
  /// the SourceUse of its buffer, its extent and its byte offset there.
  int ImageOf = -1;
  int ImageUse = -1;
  const int32_t *Extent = nullptr;
  size_t ByteOffset = 0;
  /// An OpenCL 1.2 image has one level: more run the buffer form.
  int32_t MipLevels = 1;
  template <typename T> static Arg of(const T &V) {
    // Plain bytes only: a buffer goes through Arg::buffer, so that the
    // backend passes it its own way.
    static_assert(std::is_trivially_copyable<T>::value, "use Arg::buffer");
    Arg A;
    A.Bytes.resize(sizeof(T));
    std::memcpy(A.Bytes.data(), &V, sizeof(T));
    return A;
  }
  static Arg buffer(Buffer B) {
    Arg A;
    A.Mem = std::move(B);
    return A;
  }
};

/// A data source the kernel uses; each appears once however many captures
/// name it, so that it is copied in at most once. Used is every byte its
/// captured views show (what may be read), Written those of the views the
/// kernel may write.
struct SourceUse {
  DataSource *Source = nullptr;
  RangeSet Used;
  RangeSet Written;
  rt::Buffer Buffer;
  /// Captured as a concurrency::array (by reference), not through a view.
  bool AsArray = false;
};

/// The arguments of K's captures, read from \p Closure; the sources they
/// use are appended to \p Uses. Throws for a descriptor that does not fit
/// the closure or a view without a source or of the wrong rank.
std::vector<Arg> readCaptures(const KernelDesc &K, const void *Closure,
                              uint32_t ClosureSize,
                              std::vector<SourceUse> &Uses);

/// Robust access: Covered when every capture K's body indexes by the
/// thread's global index (CF_DomainPermShift) covers \p D along each of its
/// permutations, every capture it indexes at proved indices (CF_RangeIndexed)
/// lies in its buffer and K's range proof holds (RangeProof.h), so that the
/// kernel may run from the program variant whose such accesses go
/// unguarded; Guarded when one does not; Either when K has no such capture.
/// After readCaptures, which checks the captures.
DomainVariant domainVariant(const KernelDesc &K, const void *Closure,
                            const LaunchDomain &D);

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_LAUNCHARGS_H
