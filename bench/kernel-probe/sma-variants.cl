// Variants of the untiled moving average (bench/harness/sma.cpp), each
// differing from the next in one idiom of ampcc's generated OpenCL C:
// which one costs the time. Timed by probe.cpp (run-on-device.sh).
#define W 64
typedef struct { int off; int ext[1]; int stride[1]; } shape1;
typedef struct { __global const float *data; shape1 shape; } cview;
typedef struct { __global float *data; shape1 shape; } view;

// ampcc's element access before the fix: offset plus index times stride.
__global const float *at_strided(cview v, int i) { return v.data + v.shape.off + i * v.shape.stride[0]; }
__global float *out_strided(view v, int i) { return v.data + v.shape.off + i * v.shape.stride[0]; }
// The innermost stride left out (it is 1 in every C++ AMP view).
__global const float *at_dense(cview v, int i) { return v.data + v.shape.off + i; }
__global float *out_dense(view v, int i) { return v.data + v.shape.off + i; }

// The hand-written twin.
__kernel void twin(__global const float *in, __global float *out, int n) {
  int i = get_global_id(0);
  float sum = 0.0f;
  for (int k = 0; k < W; ++k)
    sum += in[min(i + k, n - 1)];
  out[i] = sum / W;
}

// The twin with the clamp as a conditional (as the C++ source writes it).
__kernel void twin_cond(__global const float *in, __global float *out, int n) {
  int i = get_global_id(0);
  float sum = 0.0f;
  for (int k = 0; k < W; ++k)
    sum += in[i + k < n ? i + k : n - 1];
  out[i] = sum / W;
}

// ampcc's form: views as structs, offset and stride.
__kernel void amp_strided(__global const float *in_data, shape1 in_shape, int n,
                          __global float *out_data, shape1 out_shape) {
  cview In; In.data = in_data; In.shape = in_shape;
  view Out; Out.data = out_data; Out.shape = out_shape;
  int i = get_global_id(0);
  float sum = 0.0f;
  for (int k = 0; k < W; ++k)
    sum += *at_strided(In, i + k < n ? i + k : n - 1);
  *out_strided(Out, i) = sum / W;
}

// ampcc's form without the innermost stride.
__kernel void amp_dense(__global const float *in_data, shape1 in_shape, int n,
                        __global float *out_data, shape1 out_shape) {
  cview In; In.data = in_data; In.shape = in_shape;
  view Out; Out.data = out_data; Out.shape = out_shape;
  int i = get_global_id(0);
  float sum = 0.0f;
  for (int k = 0; k < W; ++k)
    sum += *at_dense(In, i + k < n ? i + k : n - 1);
  *out_dense(Out, i) = sum / W;
}

// ampcc's form with the offset folded into the pointer once, stride kept.
__kernel void amp_offset_first(__global const float *in_data, shape1 in_shape, int n,
                               __global float *out_data, shape1 out_shape) {
  cview In; In.data = in_data + in_shape.off; In.shape = in_shape; In.shape.off = 0;
  view Out; Out.data = out_data + out_shape.off; Out.shape = out_shape; Out.shape.off = 0;
  int i = get_global_id(0);
  float sum = 0.0f;
  for (int k = 0; k < W; ++k)
    sum += *at_strided(In, i + k < n ? i + k : n - 1);
  *out_strided(Out, i) = sum / W;
}

// ampcc's form after the fix: the offset folded into the pointer at entry
// (shape.off 0), no innermost stride; the clamp as written in C++.
__kernel void amp_folded(__global const float *in_data, shape1 in_shape, int n,
                         __global float *out_data, shape1 out_shape) {
  cview In; In.data = in_data + in_shape.off; In.shape = in_shape; In.shape.off = 0;
  view Out; Out.data = out_data + out_shape.off; Out.shape = out_shape; Out.shape.off = 0;
  int i = get_global_id(0);
  float sum = 0.0f;
  for (int k = 0; k < W; ++k)
    sum += *at_dense(In, i + k < n ? i + k : n - 1);
  *out_dense(Out, i) = sum / W;
}

// The same with the twin's min().
__kernel void amp_folded_min(__global const float *in_data, shape1 in_shape, int n,
                             __global float *out_data, shape1 out_shape) {
  cview In; In.data = in_data + in_shape.off; In.shape = in_shape; In.shape.off = 0;
  view Out; Out.data = out_data + out_shape.off; Out.shape = out_shape; Out.shape.off = 0;
  int i = get_global_id(0);
  float sum = 0.0f;
  for (int k = 0; k < W; ++k)
    sum += *at_dense(In, min(i + k, n - 1));
  *out_dense(Out, i) = sum / W;
}

// The offset added at each access, with min(): which of the two matters.
__kernel void amp_dense_min(__global const float *in_data, shape1 in_shape, int n,
                            __global float *out_data, shape1 out_shape) {
  cview In; In.data = in_data; In.shape = in_shape;
  view Out; Out.data = out_data; Out.shape = out_shape;
  int i = get_global_id(0);
  float sum = 0.0f;
  for (int k = 0; k < W; ++k)
    sum += *at_dense(In, min(i + k, n - 1));
  *out_dense(Out, i) = sum / W;
}

// The offset and the index summed in 32 bits, one pointer addition (the
// twin's form: NVVM makes one IMAD.WIDE of it). The two forms above merge
// the offset into every access's 64-bit address arithmetic.
__global const float *at_sum(cview v, int i) { return v.data + (v.shape.off + i); }
__global float *out_sum(view v, int i) { return v.data + (v.shape.off + i); }

__kernel void amp_sum(__global const float *in_data, shape1 in_shape, int n,
                      __global float *out_data, shape1 out_shape) {
  cview In; In.data = in_data; In.shape = in_shape;
  view Out; Out.data = out_data; Out.shape = out_shape;
  int i = get_global_id(0);
  float sum = 0.0f;
  for (int k = 0; k < W; ++k)
    sum += *at_sum(In, i + k < n ? i + k : n - 1);
  *out_sum(Out, i) = sum / W;
}

__kernel void amp_sum_min(__global const float *in_data, shape1 in_shape, int n,
                          __global float *out_data, shape1 out_shape) {
  cview In; In.data = in_data; In.shape = in_shape;
  view Out; Out.data = out_data; Out.shape = out_shape;
  int i = get_global_id(0);
  float sum = 0.0f;
  for (int k = 0; k < W; ++k)
    sum += *at_sum(In, min(i + k, n - 1));
  *out_sum(Out, i) = sum / W;
}

// The offset folded into the pointer through integer arithmetic, which
// NVVM does not merge back into each access (64-bit offsets stay exact).
__kernel void amp_intfold(__global const float *in_data, shape1 in_shape, int n,
                          __global float *out_data, shape1 out_shape) {
  cview In; In.data = (__global const float *)((ulong)in_data + (ulong)(long)in_shape.off * 4);
  In.shape = in_shape; In.shape.off = 0;
  view Out; Out.data = (__global float *)((ulong)out_data + (ulong)(long)out_shape.off * 4);
  Out.shape = out_shape; Out.shape.off = 0;
  int i = get_global_id(0);
  float sum = 0.0f;
  for (int k = 0; k < W; ++k)
    sum += *at_sum(In, i + k < n ? i + k : n - 1);
  *out_sum(Out, i) = sum / W;
}

__kernel void amp_intfold_min(__global const float *in_data, shape1 in_shape, int n,
                              __global float *out_data, shape1 out_shape) {
  cview In; In.data = (__global const float *)((ulong)in_data + (ulong)(long)in_shape.off * 4);
  In.shape = in_shape; In.shape.off = 0;
  view Out; Out.data = (__global float *)((ulong)out_data + (ulong)(long)out_shape.off * 4);
  Out.shape = out_shape; Out.shape.off = 0;
  int i = get_global_id(0);
  float sum = 0.0f;
  for (int k = 0; k < W; ++k)
    sum += *at_sum(In, min(i + k, n - 1));
  *out_sum(Out, i) = sum / W;
}

// The C++ AMP source clamping with concurrency::direct3d::imin, whose body
// (<ampcc/direct3d_intrinsics.h>) is 'x < y ? x : y': the exact min
// pattern, unlike 'i + k < n ? i + k : n - 1'.
int imin_(int x, int y) { return x < y ? x : y; }

__kernel void amp_intfold_imin(__global const float *in_data, shape1 in_shape, int n,
                               __global float *out_data, shape1 out_shape) {
  cview In; In.data = (__global const float *)((ulong)in_data + (ulong)(long)in_shape.off * 4);
  In.shape = in_shape; In.shape.off = 0;
  view Out; Out.data = (__global float *)((ulong)out_data + (ulong)(long)out_shape.off * 4);
  Out.shape = out_shape; Out.shape.off = 0;
  int i = get_global_id(0);
  float sum = 0.0f;
  for (int k = 0; k < W; ++k)
    sum += *at_dense(In, imin_(i + k, n - 1));
  *out_dense(Out, i) = sum / W;
}
