// ampcc/kernel_abi.h - how a compiled kernel is described to the runtime.
//
// The one definition of the kernel ABI, shared by the compiler (which emits
// these descriptions into each translation unit's host stub,
// compiler/lib/CodeGen/HostStub.cpp) and the runtime (which turns a closure's
// bytes into OpenCL kernel arguments with them, runtime/launches/Launch.cpp). Plain
// C++17 with no dependencies, so that both sides include the same text.
#ifndef AMPCC_KERNEL_ABI_H
#define AMPCC_KERNEL_ABI_H

#include <cstdint>

namespace ampcc {
namespace rt {

class DataSource;

/// The first member of every array_view<T,N> and array<T,N>, so that the
/// runtime can find a view's storage and shape from raw closure bytes. Layout
/// is fixed: Source at 0, Offset at 8, Rank at 12, then Extent[Rank] at 16 and
/// Stride[Rank] right after (a ViewHeader is always followed by its two arrays;
/// see details::ViewShape<N> in include/ampcc/array_view.h).
struct ViewHeader {
  DataSource *Source;   ///< Shared, reference counted by the views.
  int32_t Offset;       ///< Element offset of the view's origin in Source.
  int32_t Rank;         ///< N.
};
static_assert(sizeof(ViewHeader) == 16, "ViewHeader layout is part of the ABI");

inline const int32_t *viewExtent(const ViewHeader *H) {
  return reinterpret_cast<const int32_t *>(H + 1);
}
inline const int32_t *viewStride(const ViewHeader *H) {
  return viewExtent(H) + H->Rank;
}
/// A texture class's mipmap level count and bits per scalar element (only
/// where CF_Texture says the object has them, after its strides).
inline int32_t viewMipLevels(const ViewHeader *H) { return viewStride(H)[H->Rank]; }
inline int32_t viewTexelBits(const ViewHeader *H) { return viewStride(H)[H->Rank + 1]; }
/// Texels of \p Levels mipmap levels of the CF_Texture layout, the first of
/// extents Ext[0..Rank): each level halves every extent (at least 1) and
/// follows the one before in the buffer. The headers (graphics/mip.h) and
/// the runtime (DataSource::mipChainRanges) both count with it.
inline int64_t mipChainTexels(const int32_t *Ext, int32_t Rank, int32_t Levels) {
  int64_t Total = 0;
  for (int32_t L = 0; L < Levels; ++L) {
    int64_t Size = 1;
    for (int32_t D = 0; D < Rank; ++D) {
      int32_t E = L < 31 ? Ext[D] >> L : 0;
      Size *= E > 1 ? E : 1;
    }
    Total += Size;
  }
  return Total;
}

/// How one field of a kernel's closure becomes OpenCL kernel arguments.
enum class CaptureKind : uint32_t {
  /// Plain bytes passed by value (int, float, double, index, user structs):
  /// one argument of Size bytes taken from the closure at Offset.
  Value = 0,
  /// bool, which OpenCL forbids as a kernel argument: one int argument.
  Bool = 1,
  /// An array_view<T,N> stored in the closure at Offset: two arguments, the
  /// buffer (__global T*) and the view's shape by value (the generated
  /// program's `ampcc_shapeN`: int off; int ext[N]; int stride[N]).
  View = 2,
  /// A reference to an array<T,N> (captured by reference): the closure holds a
  /// pointer at Offset to the array, whose ViewHeader is at the array's start.
  /// Same two kernel arguments as View.
  ArrayRef = 3,
};

enum CaptureFlags : uint32_t {
  CF_None = 0,
  /// The kernel only reads this view (array_view<const T,N>, or never
  /// written): no copy back, no invalidation of the host copy.
  CF_ReadOnly = 1u << 0,
  /// A texture the kernel only reads (texture_view<const T,N>, a const
  /// texture&) or only writes (writeonly_texture_view): in the kernel's
  /// image form (KernelDesc::ImageKernelName) it takes a third argument, an
  /// OpenCL image of Size / 4 channels of 32-bit scalars (docs/graphics.md).
  CF_ImageRead = 1u << 1,
  CF_ImageWrite = 1u << 2,
  /// The image's channel type: CL_SIGNED_INT32 or CL_UNSIGNED_INT32;
  /// neither flag: CL_FLOAT (float, norm, unorm).
  CF_ImageInt = 1u << 3,
  CF_ImageUint = 1u << 4,
  /// A texture class (graphics::texture and its views): the object holds
  /// two int32 right after its strides, its mipmap level count and its
  /// bits_per_scalar_element (`_M_levels`, `_M_bits`), passed as the
  /// shape's last fields `levels` and `bits`. Levels are stored one after
  /// another in the buffer, each dense (include/ampcc/graphics/mip.h); the
  /// bits let writes round to the texture's format (graphics/texel.h).
  CF_Texture = 1u << 5,
  /// Robust access: the kernel's own body indexes this view (or array) with
  /// the thread's global index, permuted: bit k of the six bits from
  /// CF_DomainPermShift is set for the k-th permutation of the rank's
  /// coordinates (domainPermutation). Those accesses are inside the view,
  /// and so inside its buffer, when its extent along view dimension j is at
  /// least the compute domain's along dimension domainPermutation(...)[j]
  /// for every permutation set; when that holds for every capture that has
  /// such bits, the runtime may launch the kernel from the program built
  /// with -DAMPCC_DOMAIN_COVERED, where those accesses go unguarded
  /// (compiler/lib/CodeGen/DomainIndexing.h).
  CF_DomainPermShift = 8,
  CF_DomainPermMask = 0x3fu << CF_DomainPermShift,
  /// Robust access: the kernel's own body indexes this view (or array) with
  /// indices proved in range under the kernel's launch-time conditions
  /// (KernelDesc::RangeProof). Those accesses are inside the view when the
  /// conditions hold, and inside its buffer when the view lies in it.
  CF_RangeIndexed = 1u << 6,
};

/// A value a launch-time condition of KernelDesc::RangeProof names. A
/// symbol word is its kind, plus the capture's index shifted by
/// RangeSymCaptureShift and the dimension (AMP order) by RangeSymDimShift.
enum RangeSymbol : uint32_t {
  RS_ScalarInt = 1,   ///< A Value capture of 4 bytes, read as int32_t.
  RS_ScalarUint = 2,  ///< A Value capture of 4 bytes, read as uint32_t.
  RS_ViewExtent = 3,  ///< A View or ArrayRef capture's extent along dim.
  RS_Domain = 4,      ///< The compute domain's extent along dim.
  RS_TileCount = 5,   ///< Tiles along dim: domain extent / tile extent.
  RangeSymKindMask = 0xff,
  RangeSymCaptureShift = 8,
  RangeSymDimShift = 24,
  /// A fact's first word: its number of terms, plus a modulus shifted by
  /// this (KernelDesc::RangeProof).
  RangeFactModulusShift = 16,
};

/// The OpenCL build option of the program variant whose domain-indexed
/// accesses go unguarded (CF_DomainPermShift).
#define AMPCC_DOMAIN_COVERED_OPTION "-DAMPCC_DOMAIN_COVERED"

/// The \p K-th permutation of the coordinates of rank \p Rank, in
/// lexicographic order (the identity first): entry j is the compute-domain
/// dimension that indexes view dimension j. Ranks above 3 have the
/// identity only; null when there is no such permutation.
inline const unsigned char *domainPermutation(unsigned Rank, unsigned K) {
  static const unsigned char Identity[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
                                           12, 13, 14, 15, 16, 17, 18, 19, 20,
                                           21, 22, 23, 24, 25, 26, 27, 28, 29,
                                           30, 31};
  static const unsigned char Rank2[2][2] = {{0, 1}, {1, 0}};
  static const unsigned char Rank3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                            {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  if (K == 0 && Rank <= 32)
    return Identity;
  if (Rank == 2 && K < 2)
    return Rank2[K];
  if (Rank == 3 && K < 6)
    return Rank3[K];
  return nullptr;
}

/// The enumerator's name, as generated host stubs spell it.
constexpr const char *captureKindName(CaptureKind K) {
  switch (K) {
  case CaptureKind::Value:
    return "Value";
  case CaptureKind::Bool:
    return "Bool";
  case CaptureKind::View:
    return "View";
  case CaptureKind::ArrayRef:
    return "ArrayRef";
  }
  return "Value";
}

struct CaptureDesc {
  CaptureKind Kind;
  uint32_t Offset;      ///< Byte offset of the field in the closure object.
  uint32_t Size;        ///< Value: bytes; View/ArrayRef: element size in bytes.
  uint32_t Rank;        ///< View/ArrayRef: rank of the view; else 0.
  uint32_t Flags;       ///< CaptureFlags.
};

/// One PTX module of a program, compiled ahead of time by ampcc for the
/// CUDA driver (issue 46; compiler/lib/Frontend/PtxCompiler.cpp). Every
/// kernel in it takes three more arguments after those of its OpenCL C
/// form: the launch's global offset along device dimensions 0, 1 and 2
/// (64-bit each), since CUDA has no global offset of its own.
struct PtxModule {
  const char *Arch;    ///< "sm_70": runs on that compute capability and up.
  uint32_t SmVersion;  ///< 70 for sm_70.
  bool DomainCovered;  ///< Built as with AMPCC_DOMAIN_COVERED_OPTION.
  const char *Text;    ///< The PTX.
};

/// One translation unit's OpenCL program; all its kernels live in it.
struct ProgramDesc {
  const char *Source;       ///< OpenCL C 1.2 text.
  const char *SourceFile;   ///< The user's file, for messages.
  bool UsesDouble;          ///< Needs cl_khr_fp64.
  /// Built with -fsanitize=bounds, or calls direct3d_errorf or
  /// direct3d_abort: each kernel takes a fault buffer as its last argument
  /// (runtime/devices/FaultChecks.h).
  bool Checked = false;
  /// "file:line:col" per site; an errorf or abort site adds "\x1f" and what
  /// words its exception (compiler/lib/CodeGen/KernelDiagnostics.cpp).
  const char *const *CheckSites = nullptr;
  uint32_t NumCheckSites = 0;
  uint32_t ScratchBytes = 0; ///< Scratch after the 128-byte fault record.
  /// Built with -frobust-buffer-access (Direct3D's robust buffer access):
  /// the size of each of the two regions of the sink buffer, else 0. Every
  /// view's shape then ends with `int n`, its buffer's element count
  /// (INT32_MAX at most), and each kernel takes a sink buffer as its last
  /// argument, after the fault buffer: a region that writes outside a
  /// buffer go to, then RobustSinkBytes of zeros that reads there read
  /// (compiler/lib/CodeGen/RobustAccess.cpp, runtime/launches/RobustSink.h).
  uint32_t RobustSinkBytes = 0;
  /// The program as PTX, one module per target and variant (none under
  /// ampcc -fno-cuda); the runtime's CUDA backend loads them.
  const PtxModule *Ptx = nullptr;
  uint32_t NumPtx = 0;
};

struct KernelDesc {
  const char *TypeName;     ///< typeid(Closure).name() on the host.
  const char *KernelName;   ///< __kernel function name in Program.
  const ProgramDesc *Program;
  const CaptureDesc *Captures;
  uint32_t NumCaptures;
  uint32_t ClosureSize;     ///< sizeof(Closure) as the compiler computed it.
  uint32_t Rank;            ///< Rank of the compute domain.
  uint32_t Tile[3];         ///< Tile extents (AMP order) for tiled kernels; 0 if not tiled.
  const char *Location;     ///< "file:line:col" of the kernel, for messages.
  /// The same kernel with its CF_ImageRead/CF_ImageWrite captures on OpenCL
  /// images, or null: the runtime picks it when the device takes every one
  /// of those images' formats and extents.
  const char *ImageKernelName = nullptr;
  /// Robust access: the conditions under which the accesses of captures
  /// flagged CF_RangeIndexed are in range (compiler/lib/CodeGen/
  /// IndexRanges.h), as RangeProofWords words: the number of clauses, then
  /// each clause, all of which must hold. A clause is its number of
  /// alternatives, then each alternative: it holds when one of them does.
  /// An alternative is its number of facts, then each fact: it holds when
  /// all of them do. A fact is its number of terms T, a constant C, then T
  /// pairs (symbol word, coefficient): it holds when C + sum(coefficient *
  /// value of the symbol) >= 0, computed without overflow; or, when the
  /// first word holds a modulus M above its term count (shifted by
  /// RangeFactModulusShift), when that sum is a multiple of M.
  const int64_t *RangeProof = nullptr;
  uint32_t RangeProofWords = 0;
};

} // namespace rt
} // namespace ampcc

#endif // AMPCC_KERNEL_ABI_H
