/*===- host_kernel_abi.h - kernels compiled for the host CPU -------*- C -*-===*\
 *
 * The contract between the kernels ampcc compiles for the host at build time
 * (the driver's -fhost-kernels: the program's OpenCL C text compiled as C
 * with ampcc/host_kernel.h in front) and the runtime's host backend
 * (runtime/backends/host). Plain C, as both a C file and the C++ runtime
 * include it.
 *
 * A program's host kernels form a table (ampcc_host_kernel, ended by a null
 * name) that the host stub registers with the OpenCL C text it was compiled
 * from (ampcc::rt::registerHostKernels): the host backend "loads" that text
 * by finding its table. Arguments travel as in OpenCL: one pointer per
 * kernel parameter to its value (a buffer's value is its host address).
 *
\*===----------------------------------------------------------------------===*/
#ifndef AMPCC_HOST_KERNEL_ABI_H
#define AMPCC_HOST_KERNEL_ABI_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How a kernel updates an argument it may give each thread a copy of. */
enum {
  AMPCC_OWN_NONE = 0,
  AMPCC_OWN_ADD,      /* atomic_fetch_add, _sub, _inc, _dec */
  AMPCC_OWN_MAX_INT,  /* atomic_fetch_max of int */
  AMPCC_OWN_MAX_UINT, /* ... of unsigned int */
  AMPCC_OWN_MIN_INT,
  AMPCC_OWN_MIN_UINT,
  AMPCC_OWN_AND,
  AMPCC_OWN_OR,
  AMPCC_OWN_XOR
};

/* Dimensions are OpenCL's: 0 is the fastest varying (AMP's last). */
typedef struct ampcc_host_launch {
  size_t global[3]; /* the NDRange, offset excluded */
  size_t offset[3]; /* global offset of the NDRange */
  size_t local[3];  /* the tile (1s for untiled kernels) */
  /* The part one call runs: global ids (untiled) or group ids (tiled), each
   * [lo, hi) with the offset already added for global ids. */
  size_t lo[3], hi[3];
  /* Nonzero when the calling thread's arguments the kernel's `owned`
   * names are its own copies of those buffers (OwnedCopies.cpp). */
  int owned;
} ampcc_host_launch;

/* One work-item's ids, which get_global_id & co. read. */
typedef struct ampcc_item {
  size_t gid[3];
  size_t lid[3];
  size_t grp[3];
  int owned; /* the launch's ampcc_host_launch::owned */
} ampcc_item;

/* Untiled kernels: runs every work-item of L's part, in a loop nest. */
typedef void (*ampcc_host_range_fn)(void *const *args, const ampcc_host_launch *L);
/* Tiled kernels: runs one work-item; the runtime runs a tile's work-items
 * on one thread and switches between them at barriers. */
typedef void (*ampcc_host_item_fn)(void *const *args, const ampcc_item *it);
/* Tiled kernels the compiler printed as work-item loops: runs one whole
 * tile; \p tile holds the tile's group ids and the global ids of its first
 * work-item (local ids 0). */
typedef void (*ampcc_host_tile_fn)(void *const *args, const ampcc_item *tile);

typedef struct ampcc_host_kernel {
  const char *name; /* the __kernel function's name in the OpenCL C text */
  unsigned num_args;
  ampcc_host_range_fn range; /* untiled kernels, else null */
  ampcc_host_item_fn item;   /* tiled kernels, else null */
  ampcc_host_tile_fn tile;   /* tiled kernels as loops, else null */
  unsigned long tile_static_bytes; /* its tile_static storage */
  /* Null, or for each argument an AMPCC_OWN_*: the data of a view the
   * kernel names only in 32-bit atomics of that kind whose results it drops
   * (compiler/lib/CodeGen/AtomicOnlyViews.h); where ampcc_item::owned says
   * so, those atomics are plain updates of the thread's copy, which starts
   * as the kind's identity and is merged into the buffer at the end of the
   * thread's share (runtime/backends/host/OwnedCopies.cpp). */
  const unsigned char *owned;
} ampcc_host_kernel;

/* A barrier of the running tile (runtime/backends/host/TileRunner.cpp). */
void ampcc_host_barrier(void);
/* The launch the calling thread runs (get_local_size & co. in helpers). */
const ampcc_host_launch *ampcc_host_current_launch(void);

#ifdef __cplusplus
}
#endif

#endif /* AMPCC_HOST_KERNEL_ABI_H */
