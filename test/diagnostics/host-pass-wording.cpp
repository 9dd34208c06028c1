// Errors that only the host pass finds (here a lambda at namespace scope,
// which Clang's HIP mode makes host and device, calling an amp-only
// function) speak C++ AMP's terms like the device pass's: restrict(amp),
// restrict(cpu,amp), never CUDA's __device__ or __host__, and no "when
// compiling for host".
// RUN: %not %ampcc %s -o %t 2>&1 | %FileCheck %s --implicit-check-not=__device__ --implicit-check-not=__host__ --implicit-check-not="compiling for"
// CHECK: host-pass-wording.cpp:[[@LINE+3]]:33: error: reference to restrict(amp) function 'twice' in restrict(cpu,amp) function
// CHECK: 1 error generated.
int twice(int X) restrict(amp) { return 2 * X; }
auto Twice = [](int X) { return twice(X); };
int main() { return Twice(3); }
