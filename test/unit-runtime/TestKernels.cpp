//===- TestKernels.cpp - Hand-written kernels for runtime tests -----------===//

#include "TestKernels.h"

#include <cstddef>

using namespace ampcc::rt;

namespace ampcc_test {
namespace {

const char KernelSource[] = R"CL(
typedef struct { int off; int ext[1]; int stride[1]; } view1;
typedef struct { int off; int ext[2]; int stride[2]; } view2;

__kernel void fill(__global int *p, view1 d, int v) {
  int i = get_global_id(0);
  p[d.off + i * d.stride[0]] = v + i;
}
__kernel void copy_plus_one(__global int *src, view1 ds,
                            __global int *dst, view1 dd) {
  int i = get_global_id(0);
  dst[dd.off + i * dd.stride[0]] = src[ds.off + i * ds.stride[0]] + 1;
}
__kernel void index2(__global int *p, view2 d) {
  int i0 = get_global_id(1), i1 = get_global_id(0);
  int ok = d.ext[0] == 3 && d.ext[1] == 5;
  p[d.off + i0 * d.stride[0] + i1 * d.stride[1]] = ok ? i0 * 1000 + i1 : -1;
}
__kernel void flag(__global int *p, view1 d, int f) {
  p[d.off + get_global_id(0) * d.stride[0]] = f ? 7 : 3;
}
__kernel void local_ids(__global int *p, view1 d) {
  p[d.off + get_global_id(0) * d.stride[0]] = get_local_id(0);
}
)CL";
const ProgramDesc Program = {KernelSource, "launch_test.cpp", false};

const CaptureDesc FillCaptures[] = {
    {CaptureKind::View, offsetof(FillClosure, V), 4, 1, CF_None},
    {CaptureKind::Value, offsetof(FillClosure, Value), 4, 0, CF_None}};
const CaptureDesc CopyCaptures[] = {
    {CaptureKind::View, offsetof(CopyClosure, Src), 4, 1, CF_ReadOnly},
    {CaptureKind::View, offsetof(CopyClosure, Dst), 4, 1, CF_None}};
const CaptureDesc Index2Captures[] = {
    {CaptureKind::View, offsetof(Index2Closure, V), 4, 2, CF_None}};
const CaptureDesc FlagCaptures[] = {
    {CaptureKind::ArrayRef, offsetof(FlagClosure, Array), 4, 1, CF_None},
    {CaptureKind::Bool, offsetof(FlagClosure, Flag), 1, 0, CF_None}};
const CaptureDesc LocalCaptures[] = {
    {CaptureKind::View, offsetof(LocalClosure, V), 4, 1, CF_None}};

const char BrokenSource[] = "#line 42 \"user.cpp\"\n"
                            "__kernel void broken(__global int *p) { p[0] = ; }\n";
const ProgramDesc BrokenProgram = {BrokenSource, "user.cpp", false};

const char DoubleSource[] = R"CL(
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef struct { int off; int ext[1]; int stride[1]; } view1;
__kernel void halve(__global double *p, view1 d) {
  p[d.off + get_global_id(0) * d.stride[0]] *= 0.5;
}
)CL";
const ProgramDesc DoubleProgram = {DoubleSource, "double_test.cpp", true};

#define DESC(Type, Kernel, Prog, Caps, Closure, Rank, Tile0)                   \
  {Type,  Kernel, &Prog, Caps, uint32_t(sizeof(Caps) / sizeof(Caps[0])),     \
   sizeof(Closure), Rank, {Tile0, 0, 0}, "launch_test.cpp:1:1"}

const KernelDesc Descs[] = {
    DESC("test_fill", "fill", Program, FillCaptures, FillClosure, 1, 0),
    DESC("test_copy", "copy_plus_one", Program, CopyCaptures, CopyClosure, 1, 0),
    DESC("test_index2", "index2", Program, Index2Captures, Index2Closure, 2, 0),
    DESC("test_flag", "flag", Program, FlagCaptures, FlagClosure, 1, 0),
    DESC("test_tiled4", "local_ids", Program, LocalCaptures, LocalClosure, 1, 4),
    DESC("test_rank4", "fill", Program, FillCaptures, FillClosure, 4, 0),
    DESC("test_broken", "broken", BrokenProgram, LocalCaptures, LocalClosure, 1,
         0),
    DESC("test_double", "halve", DoubleProgram, LocalCaptures, LocalClosure, 1,
         0),
};

// Registered at static initialisation, as generated code does.
const bool Registered =
    (registerKernels(Descs, sizeof(Descs) / sizeof(Descs[0])), true);

} // namespace

bool testKernelsRegistered() { return Registered; }

} // namespace ampcc_test
