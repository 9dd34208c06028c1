//===- TileStaticStorage.h - tile_static objects are not constructed -*- C++ -*-===//
//
// Visual C++ neither constructs nor destroys a tile_static object: its
// storage is the tile's, and the program initialises it by assignment. So a
// class without a default constructor, or with one that does work, may be
// declared tile_static. Clang default-initialises every variable declared
// without an initializer, and then rejects both (no matching constructor;
// CUDA's "initialization is not supported for __shared__ variables", or in
// the host pass a call to an amp-only constructor). `tile_static` therefore
// also spells `__attribute__((ampcc_tile_static))` (include/ampcc/restrict.h),
// an attribute this file registers with Clang in both passes. Its handler
// runs while the declarator is processed, before Clang default-initialises
// the variable, and gives it an implicit alias attribute: Clang does not
// default-initialise a variable that aliases another (it has no storage of
// its own), nor does it then arrange its destruction. No code generator
// reads that alias: the device pass prints its own OpenCL C, where a
// tile_static is a __local variable, and the host pass never emits amp code.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_SEMA_TILESTATICSTORAGE_H
#define AMPCC_SEMA_TILESTATICSTORAGE_H

namespace ampcc {

/// Makes sure the attribute's registration is linked into the program (the
/// registry entry is a static object of this library's file).
void linkTileStaticAttribute();

} // namespace ampcc

#endif // AMPCC_SEMA_TILESTATICSTORAGE_H
