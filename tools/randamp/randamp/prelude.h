// The helpers every generated program starts with (pasted in, so that a
// program is one self-contained file: a reduced case keeps only the ones it
// uses). Each is restrict(cpu, amp): the kernels call them on the device and
// the reference calls them on the host. The arithmetic is defined for every
// input, as Csmith's safe_* macros make it: an operation that C++ leaves
// undefined (signed overflow, division by zero, an oversized shift) returns
// its first operand instead.
//
// Floating-point values come in two classes, never mixed:
//  - exact (rx_*): whole numbers below 2^23 in magnitude, where +, -, * and
//    the conversions are exact on every IEEE device, so results compare
//    bit for bit and may steer control flow;
//  - approximate (ra_*): positive numbers in [1/1024, 2^20] built only from
//    operations that keep a relative error relative (no subtraction), so
//    results compare within a tolerance. They never reach an int.
static inline int r_add(int a, int b) restrict(cpu, amp) {
  return ((b > 0 && a > 2147483647 - b) || (b < 0 && a < -2147483647 - 1 - b)) ? a : a + b;
}
static inline int r_sub(int a, int b) restrict(cpu, amp) {
  return ((b < 0 && a > 2147483647 + b) || (b > 0 && a < -2147483647 - 1 + b)) ? a : a - b;
}
static inline int r_mul(int a, int b) restrict(cpu, amp) {
  return ((a > 0 && b > 0 && a > 2147483647 / b) ||
          (a > 0 && b <= 0 && b < (-2147483647 - 1) / a) ||
          (a <= 0 && b > 0 && a < (-2147483647 - 1) / b) ||
          (a < 0 && b < 0 && b < 2147483647 / a))
             ? a
             : a * b;
}
static inline int r_div(int a, int b) restrict(cpu, amp) {
  return (b == 0 || (a == -2147483647 - 1 && b == -1)) ? a : a / b;
}
static inline int r_mod(int a, int b) restrict(cpu, amp) {
  return (b == 0 || (a == -2147483647 - 1 && b == -1)) ? a : a % b;
}
static inline int r_neg(int a) restrict(cpu, amp) { return a == -2147483647 - 1 ? a : -a; }
static inline int r_shl(int a, int b) restrict(cpu, amp) {
  return (a < 0 || b < 0 || b >= 31 || a > (2147483647 >> b)) ? a : a << b;
}
static inline int r_shr(int a, int b) restrict(cpu, amp) {
  return (a < 0 || b < 0 || b >= 32) ? a : a >> b;
}
static inline unsigned r_udiv(unsigned a, unsigned b) restrict(cpu, amp) {
  return b == 0u ? a : a / b;
}
static inline unsigned r_umod(unsigned a, unsigned b) restrict(cpu, amp) {
  return b == 0u ? a : a % b;
}
// An index in [0, n) from any int (n > 0).
static inline int r_idx(int a, int n) restrict(cpu, amp) {
  return (int)((unsigned)a % (unsigned)n);
}

// Exact floats and doubles.
static inline float rx_f(int a) restrict(cpu, amp) { return (float)(a % 4194304); }
static inline float rx_uf(unsigned a) restrict(cpu, amp) { return (float)(a & 4194303u); }
static inline int rx_fi(float a) restrict(cpu, amp) {
  return (a > -2147483520.0f && a < 2147483520.0f) ? (int)a : 0;
}
static inline float rx_fadd(float a, float b) restrict(cpu, amp) {
  return (a > -4194304.0f && a < 4194304.0f && b > -4194304.0f && b < 4194304.0f) ? a + b : a;
}
static inline float rx_fsub(float a, float b) restrict(cpu, amp) {
  return (a > -4194304.0f && a < 4194304.0f && b > -4194304.0f && b < 4194304.0f) ? a - b : a;
}
static inline float rx_fmul(float a, float b) restrict(cpu, amp) {
  return (a > -2048.0f && a < 2048.0f && b > -2048.0f && b < 2048.0f) ? a * b : a;
}
static inline double rx_d(int a) restrict(cpu, amp) { return (double)a; }
static inline int rx_di(double a) restrict(cpu, amp) {
  return (a > -2147483648.0 && a < 2147483648.0) ? (int)a : 0;
}
static inline double rx_dadd(double a, double b) restrict(cpu, amp) {
  return (a > -1e15 && a < 1e15 && b > -1e15 && b < 1e15) ? a + b : a;
}
static inline double rx_dsub(double a, double b) restrict(cpu, amp) {
  return (a > -1e15 && a < 1e15 && b > -1e15 && b < 1e15) ? a - b : a;
}
static inline double rx_dmul(double a, double b) restrict(cpu, amp) {
  return (a > -3e7 && a < 3e7 && b > -3e7 && b < 3e7) ? a * b : a;
}

// Approximate floats and doubles: every result is clamped back into range,
// which is continuous, so it keeps the relative error.
static inline float ra_f(float a) restrict(cpu, amp) {
  return precise_math::fmin(precise_math::fmax(a, 0.0009765625f), 1048576.0f);
}
static inline float ra_fi(int a) restrict(cpu, amp) { return (float)(a & 1023) + 1.0f; }
static inline double ra_d(double a) restrict(cpu, amp) {
  return precise_math::fmin(precise_math::fmax(a, 0.0009765625), 1048576.0);
}
static inline double ra_di(int a) restrict(cpu, amp) { return (double)(a & 65535) + 1.0; }

// Atomics are restrict(amp) in C++ AMP; the reference runs one work-item
// at a time, so plain read-modify-writes are its atomics. Overloading on
// restriction picks one per side.
#define RANDAMP_ATOMIC_(NAME, T, OP)                                                \
  static inline T r_atomic_##NAME(T *p, T v) restrict(amp) {                       \
    return atomic_fetch_##NAME(p, v);                                               \
  }                                                                                \
  static inline T r_atomic_##NAME(T *p, T v) restrict(cpu) {                       \
    T old = *p;                                                                     \
    *p = OP;                                                                        \
    return old;                                                                     \
  }
RANDAMP_ATOMIC_(add, unsigned, old + v)
RANDAMP_ATOMIC_(sub, unsigned, old - v)
RANDAMP_ATOMIC_(max, int, old > v ? old : v)
RANDAMP_ATOMIC_(min, int, old < v ? old : v)
RANDAMP_ATOMIC_(max, unsigned, old > v ? old : v)
RANDAMP_ATOMIC_(min, unsigned, old < v ? old : v)
RANDAMP_ATOMIC_(and, int, old & v)
RANDAMP_ATOMIC_(or, int, old | v)
RANDAMP_ATOMIC_(xor, int, old ^ v)
RANDAMP_ATOMIC_(and, unsigned, old & v)
RANDAMP_ATOMIC_(or, unsigned, old | v)
RANDAMP_ATOMIC_(xor, unsigned, old ^ v)
#undef RANDAMP_ATOMIC_
static inline unsigned r_atomic_inc(unsigned *p) restrict(amp) { return atomic_fetch_inc(p); }
static inline unsigned r_atomic_inc(unsigned *p) restrict(cpu) { return (*p)++; }
static inline bool r_atomic_cas(int *p, int *expected, int v) restrict(amp) {
  return atomic_compare_exchange(p, expected, v);
}
static inline bool r_atomic_cas(int *p, int *expected, int v) restrict(cpu) {
  if (*p == *expected) {
    *p = v;
    return true;
  }
  *expected = *p;
  return false;
}
// A maximum through a compare-and-swap loop: the loop ends (another
// work-item's success is this one's progress) and the result does not
// depend on the order. The first exchange fails unless *p is the least
// int, and reads *p atomically: a plain read would race with the others'.
static inline void r_cas_max(int *p, int v) restrict(cpu, amp) {
  int seen = -2147483647 - 1;
  while (seen < v && !r_atomic_cas(p, &seen, v)) {
  }
}

// index<N> and extent<N> above rank 3, which C++ AMP builds only from an
// array of components (format 18).
static inline index<4> ix4(int a, int b, int c, int d) restrict(cpu, amp) {
  int v[4] = {a, b, c, d};
  return index<4>(v);
}
static inline index<5> ix5(int a, int b, int c, int d, int e) restrict(cpu, amp) {
  int v[5] = {a, b, c, d, e};
  return index<5>(v);
}
static inline extent<4> ex4(int a, int b, int c, int d) restrict(cpu, amp) {
  int v[4] = {a, b, c, d};
  return extent<4>(v);
}
static inline extent<5> ex5(int a, int b, int c, int d, int e) restrict(cpu, amp) {
  int v[5] = {a, b, c, d, e};
  return extent<5>(v);
}
