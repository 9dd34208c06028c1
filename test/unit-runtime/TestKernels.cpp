//===- TestKernels.cpp - Hand-written kernels for runtime tests -----------===//

#include "TestKernels.h"

#include <cstddef>

using namespace ampcc::rt;

namespace ampcc_test {
namespace {

const char KernelSource[] = R"CL(
typedef struct { int off; int ext[1]; int stride[1]; } view1;
typedef struct { int off; int ext[2]; int stride[2]; } view2;
/* Untiled kernels of rank 1 to 3 get the compute domain last (the runtime
   may round their launch up to whole work-groups on a GPU). */
typedef struct { int ext[1]; } dom1;
typedef struct { int ext[2]; } dom2;
typedef struct { int ext[3]; } dom3;

__kernel void fill(__global int *p, view1 d, int v, dom1 dom) {
  int i = get_global_id(0);
  if (i >= dom.ext[0]) return;
  p[d.off + i * d.stride[0]] = v + i;
}
__kernel void copy_plus_one(__global int *src, view1 ds,
                            __global int *dst, view1 dd, dom1 dom) {
  int i = get_global_id(0);
  if (i >= dom.ext[0]) return;
  dst[dd.off + i * dd.stride[0]] = src[ds.off + i * ds.stride[0]] + 1;
}
__kernel void index2(__global int *p, view2 d, dom2 dom) {
  int i0 = get_global_id(1), i1 = get_global_id(0);
  if (i0 >= dom.ext[0] || i1 >= dom.ext[1]) return;
  int ok = d.ext[0] == 3 && d.ext[1] == 5;
  p[d.off + i0 * d.stride[0] + i1 * d.stride[1]] = ok ? i0 * 1000 + i1 : -1;
}
__kernel void flag(__global int *p, view1 d, int f, dom1 dom) {
  if (get_global_id(0) >= dom.ext[0]) return;
  p[d.off + get_global_id(0) * d.stride[0]] = f ? 7 : 3;
}
__kernel void local_ids(__global int *p, view1 d) {
  p[d.off + get_global_id(0) * d.stride[0]] = get_local_id(0);
}
__kernel void add2(__global int *p, view2 d, dom2 dom) {
  int i0 = get_global_id(1), i1 = get_global_id(0);
  if (i0 >= dom.ext[0] || i1 >= dom.ext[1]) return;
  p[d.off + i0 * d.stride[0] + i1 * d.stride[1]] += 1;
}
typedef struct { int off; int ext[3]; int stride[3]; } view3;
__kernel void add3(__global int *p, view3 d, dom3 dom) {
  int i0 = get_global_id(2), i1 = get_global_id(1), i2 = get_global_id(0);
  if (i0 >= dom.ext[0] || i1 >= dom.ext[1] || i2 >= dom.ext[2]) return;
  p[d.off + i0 * d.stride[0] + i1 * d.stride[1] + i2 * d.stride[2]] += 1;
}
/* Rank 4: AMP dimensions 0 and 1 share OpenCL dimension 2; the runtime
   passes the domain last. */
typedef struct { int ext[4]; } dom4;
__kernel void rank4(__global int *p, view1 d, int v, dom4 dom) {
  int z = get_global_id(2);
  int i0 = z / dom.ext[1], i1 = z % dom.ext[1];
  int i2 = get_global_id(1), i3 = get_global_id(0);
  int lin = ((i0 * dom.ext[1] + i1) * dom.ext[2] + i2) * dom.ext[3] + i3;
  p[d.off + lin * d.stride[0]] = v + i0 * 1000 + i1 * 100 + i2 * 10 + i3;
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
const CaptureDesc DoubleCaptures[] = {
    {CaptureKind::View, offsetof(LocalClosure, V), 8, 1, CF_None}};
const CaptureDesc Add2Captures[] = {
    {CaptureKind::View, offsetof(Add2Closure, V), 4, 2, CF_None}};
const CaptureDesc Add3Captures[] = {
    {CaptureKind::View, offsetof(Add3Closure, V), 4, 3, CF_None}};
const CaptureDesc ReadOnly2Captures[] = {
    {CaptureKind::View, offsetof(Add2Closure, V), 4, 2, CF_ReadOnly}};

const char BrokenSource[] = "#line 42 \"user.cpp\"\n"
                            "__kernel void broken(__global int *p) { p[0] = ; }\n";
const ProgramDesc BrokenProgram = {BrokenSource, "user.cpp", false};

const char DoubleSource[] = R"CL(
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef struct { int off; int ext[1]; int stride[1]; } view1;
typedef struct { int ext[1]; } dom1;
__kernel void halve(__global double *p, view1 d, dom1 dom) {
  if (get_global_id(0) >= dom.ext[0]) return;
  p[d.off + get_global_id(0) * d.stride[0]] *= 0.5;
}
)CL";
const ProgramDesc DoubleProgram = {DoubleSource, "double_test.cpp", true};

/* Robust buffer access (-frobust-buffer-access): every view's shape ends
   with its buffer's element count, and the kernel takes the sink last:
   writes past the buffer go to its first region, reads there read zeros
   from its second. */
const char RobustSource[] = R"CL(
typedef struct { int off; int ext[1]; int stride[1]; int n; } rview1;
typedef struct { int ext[1]; } dom1;
__kernel void robust_fill(__global int *p, rview1 d, int v, dom1 dom,
                          __global int *sink) {
  int i = get_global_id(0);
  if (i >= dom.ext[0]) return;
  int at = d.off + i * d.stride[0];
  /* The element count arrived, and the sink's zero region reads as 0. */
  int zero = sink[1 + i % 4];
  if (at < d.n)
    p[at] = v + i + d.n + zero;
  else
    sink[0] = v;
}
)CL";
ProgramDesc robustProgram() {
  ProgramDesc P = {RobustSource, "robust_test.cpp", false};
  P.RobustSinkBytes = 4 * sizeof(int);
  return P;
}
const ProgramDesc RobustProgram = robustProgram();

#define DESC(Type, Kernel, Prog, Caps, Closure, Rank, Tile0)                   \
  {Type,  Kernel, &Prog, Caps, uint32_t(sizeof(Caps) / sizeof(Caps[0])),     \
   sizeof(Closure), Rank, {Tile0, 0, 0}, "launch_test.cpp:1:1"}

const KernelDesc Descs[] = {
    DESC("test_fill", "fill", Program, FillCaptures, FillClosure, 1, 0),
    DESC("test_copy", "copy_plus_one", Program, CopyCaptures, CopyClosure, 1, 0),
    DESC("test_index2", "index2", Program, Index2Captures, Index2Closure, 2, 0),
    DESC("test_flag", "flag", Program, FlagCaptures, FlagClosure, 1, 0),
    DESC("test_tiled4", "local_ids", Program, LocalCaptures, LocalClosure, 1, 4),
    DESC("test_rank4", "rank4", Program, FillCaptures, FillClosure, 4, 0),
    DESC("test_add2", "add2", Program, Add2Captures, Add2Closure, 2, 0),
    DESC("test_add3", "add3", Program, Add3Captures, Add3Closure, 3, 0),
    DESC("test_read2", "add2", Program, ReadOnly2Captures, Add2Closure, 2, 0),
    DESC("test_broken", "broken", BrokenProgram, LocalCaptures, LocalClosure, 1,
         0),
    DESC("test_double", "halve", DoubleProgram, DoubleCaptures, LocalClosure,
         1, 0),
    DESC("test_robust", "robust_fill", RobustProgram, FillCaptures, FillClosure,
         1, 0),
};

// Registered at static initialisation, as generated code does.
const bool Registered =
    (registerKernels(Descs, sizeof(Descs) / sizeof(Descs[0])), true);

} // namespace

bool testKernelsRegistered() { return Registered; }

} // namespace ampcc_test
