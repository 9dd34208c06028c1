// Errors that only the host pass finds (here a lambda of a restrict(cpu,
// amp) function, which inherits both restrictions, calling an amp-only
// function: its cpu half cannot) speak C++ AMP's terms like the device
// pass's: restrict(amp), restrict(cpu,amp), never CUDA's __device__ or
// __host__, and no "when compiling for host".
// RUN: %not %ampcc %s -o %t 2>&1 | %FileCheck %s --implicit-check-not=__device__ --implicit-check-not=__host__ --implicit-check-not="compiling for"
// CHECK: host-pass-wording.cpp:[[@LINE+4]]:35: error: reference to restrict(amp) function 'twice' in restrict(cpu,amp) function
// CHECK: 1 error generated.
int twice(int X) restrict(amp) { return 2 * X; }
int both(int X) restrict(cpu, amp) {
  auto Twice = [](int Y) { return twice(Y); };
  return Twice(X);
}
int main() { return both(3); }
