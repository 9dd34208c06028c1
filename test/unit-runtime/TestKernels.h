//===- TestKernels.h - Hand-built closures for runtime tests ----*- C++ -*-===//
//
// What ampcc generates for a kernel, written by hand: the closure layouts
// (ViewShape-like blocks of ViewHeader, extents and strides) and, in
// TestKernels.cpp, the OpenCL C that receives a view as a buffer plus a
// struct { off; ext[N]; stride[N]; } and the KernelDescs registered for them.
//
//===----------------------------------------------------------------------===//
#ifndef AMPCC_TEST_UNIT_RUNTIME_TESTKERNELS_H
#define AMPCC_TEST_UNIT_RUNTIME_TESTKERNELS_H

#include "ampcc/runtime_api.h"

#include <cstdint>
#include <vector>

namespace ampcc_test {

using ampcc::rt::DataSource;
using ampcc::rt::ViewHeader;

template <int N> struct Shape {
  ViewHeader H;
  int32_t Ext[N];
  int32_t Stride[N];
};
static_assert(sizeof(Shape<1>) == 24, "must match ViewShape<1> in <amp.h>");

/// A rank-1 view of N elements starting at Offset, every Stride-th.
inline Shape<1> view1(DataSource *S, int32_t N, int32_t Offset = 0,
                      int32_t Stride = 1) {
  Shape<1> V{};
  V.H.Source = S;
  V.H.Offset = Offset;
  V.H.Rank = 1;
  V.Ext[0] = N;
  V.Stride[0] = Stride;
  return V;
}

// Closures of the registered test kernels. Type names (the registry keys):
//   test_fill    FillClosure    p[i] = Value + i
//   test_copy    CopyClosure    Dst[i] = Src[i] + 1, Src read-only
//   test_index2  Index2Closure  p[i0][i1] = i0 * 1000 + i1 over 3x5
//   test_flag    FlagClosure    p[i] = Flag ? 7 : 3, p an array by reference
//   test_tiled4  LocalClosure   p[i] = get_local_id(0), tiled by 4
//   test_rank4   FillClosure    rank 4: p[lin(i)] = Value + i0*1000 + i1*100
//                               + i2*10 + i3 (the domain is a trailing arg)
//   test_add2    Add2Closure    p[i0][i1] += 1
//   test_add3    Add3Closure    p[i0][i1][i2] += 1
//   test_read2   Add2Closure    add2's code, but its view declared read-only
//                               (a lie that shows what "read-only" saves)
//   test_broken  LocalClosure   its program has a syntax error
//   test_double  LocalClosure   p[i] *= 0.5 on doubles
//   test_robust  FillClosure    p[i] = Value + i + n with robust buffer
//                               access: n the buffer's element count, the
//                               sink buffer the last argument
struct FillClosure {
  Shape<1> V;
  int32_t Value;
};
struct CopyClosure {
  Shape<1> Src;
  Shape<1> Dst;
};
struct Index2Closure {
  Shape<2> V;
};
/// An array captured by reference next to a bool.
struct FlagClosure {
  const Shape<1> *Array;
  bool Flag;
};
struct LocalClosure {
  Shape<1> V;
};
struct Add2Closure {
  Shape<2> V;
};
struct Add3Closure {
  Shape<3> V;
};

/// A dense row-major view of extent Ext over S (any rank).
template <int N>
Shape<N> denseView(DataSource *S, const int32_t (&Ext)[N], int32_t Offset = 0) {
  Shape<N> V{};
  V.H.Source = S;
  V.H.Offset = Offset;
  V.H.Rank = N;
  int32_t Stride = 1;
  for (int I = N - 1; I >= 0; --I) {
    V.Ext[I] = Ext[I];
    V.Stride[I] = Stride;
    Stride *= Ext[I];
  }
  return V;
}

/// The section of V at Origin with extent Ext.
template <int N>
Shape<N> sectionOf(const Shape<N> &V, const int32_t (&Origin)[N],
                   const int32_t (&Ext)[N]) {
  Shape<N> R = V;
  for (int I = 0; I < N; ++I) {
    R.H.Offset += Origin[I] * V.Stride[I];
    R.Ext[I] = Ext[I];
  }
  return R;
}

/// True once the test kernels are registered (at static initialisation).
bool testKernelsRegistered();

template <typename C>
void launch(const char *Type, const C &Closure, std::vector<int32_t> Extent,
            const int32_t *Tile = nullptr,
            ampcc::rt::AcceleratorViewImpl *View = nullptr) {
  ampcc::rt::launchKernel(Type, &Closure, sizeof(C), uint32_t(Extent.size()),
                          Extent.data(), Tile, View);
}

} // namespace ampcc_test

#endif // AMPCC_TEST_UNIT_RUNTIME_TESTKERNELS_H
