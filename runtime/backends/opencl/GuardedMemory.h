//===- GuardedMemory.h - buffers of CPU devices, fenced off -----*- C++ -*-===//
//
// A CPU device (PoCL) keeps a buffer in host memory it takes from malloc,
// so a kernel built with -fno-robust-buffer-access that writes past its
// array wrote into the host heap: the program died later in free(), or gave
// wrong answers (issue 44). Buffers of such devices are instead made over
// guarded pages (support/GuardedPages.h) given to PoCL as
// CL_MEM_USE_HOST_PTR.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_RUNTIME_OPENCL_GUARDEDMEMORY_H
#define AMPCC_RUNTIME_OPENCL_GUARDEDMEMORY_H

#include <CL/cl.h>

#include <cstddef>

namespace ampcc {
namespace rt {

/// Whether the buffers of context \p Ctx live in host memory: its device
/// is a CPU.
bool isHostMemoryContext(cl_context Ctx);

/// A buffer of \p Bytes over guarded pages, holding \p Init's bytes when it
/// is given; null (and \p Err set) where it cannot be made. The pages are
/// released with the buffer.
cl_mem createGuardedBuffer(cl_context Ctx, size_t Bytes, const void *Init, cl_int &Err);

} // namespace rt
} // namespace ampcc

#endif // AMPCC_RUNTIME_OPENCL_GUARDEDMEMORY_H
