// Concurrency::direct3d intrinsics are ordinary inline C++ lowered like user
// functions, except countbits, which becomes OpenCL's popcount. Those whose
// names are OpenCL built-ins (clamp, mad, sign, step, smoothstep, radians,
// abs) get a '_' suffix instead of clashing with the built-in overloads;
// the output compiles as OpenCL C 1.2, also with double (rcp, mad).
// RUN: %ampcc -emit-opencl -fno-robust-buffer-access %s -o %t.cl
// RUN: %FileCheck %s < %t.cl
// RUN: %clcheck %t.cl
#include <amp.h>
using namespace concurrency;

void run(array_view<unsigned, 1> u, array_view<float, 1> f, array_view<double, 1> d) {
  parallel_for_each(u.extent, [=](index<1> i) restrict(amp) {
    using namespace concurrency::direct3d;
    int s = (int)u[i];
    u[i] = countbits(u[i]) + reversebits(u[i]) + umax(u[i], 3u) + umin(u[i], 9u) +
           (unsigned)(firstbithigh(s) + firstbitlow(s) + direct3d::abs(s) + clamp(s, -2, 2) +
                      imax(s, 1) + imin(s, 1) + mad(s, s, 1) + sign(s) + sign(f[i]));
    f[i] = saturate(f[i]) + mad(f[i], 2.0f, 1.0f) + rcp(f[i]) + clamp(f[i], 0.0f, 2.0f) +
           radians(f[i]) + step(0.5f, f[i]) + smoothstep(0.0f, 1.0f, f[i]) + noise(f[i]);
    d[i] = rcp(d[i]) + mad(d[i], d[i], 1.0);
  });
}

// CHECK: #pragma OPENCL EXTENSION cl_khr_fp64 : enable
// CHECK-DAG: {{^}}uint reversebits(uint _X) {
// CHECK-DAG: {{^}}int firstbithigh(int _X) {
// CHECK-DAG: {{^}}int clamp_(int _X, int _Min, int _Max) {
// CHECK-DAG: {{^}}float clamp_{{[_0-9]*}}(float _X, float _Min, float _Max) {
// CHECK-DAG: {{^}}double rcp{{[_0-9]*}}(double _X) {
// CHECK-DAG: {{^}}float noise(float _X) {
// CHECK-DAG: {{^}}int abs_(int _X) {
// CHECK-DAG: {{^}}int mad_(int _X, int _Y, int _Z) {
// CHECK-DAG: {{^}}int sign_(int _X) {
// CHECK-DAG: {{^}}float radians_(float _X) {
// CHECK-DAG: {{^}}float step_(float _Y, float _X) {
// CHECK-DAG: {{^}}float smoothstep_(float _Min, float _Max, float _X) {
// CHECK-LABEL: __kernel void run_kernel(
// CHECK: = popcount((*ampcc_view_uint_1_at(u, i))) + reversebits(
// CHECK-NOT: countbits
