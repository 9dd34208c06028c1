// Host-only part of every generated program: deterministic input data and
// the comparison of each result with the reference, folded into one
// checksum of the device's results.
static unsigned long long rand_next(unsigned long long &x) {
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  return x * 2685821657736338717ull;
}
static unsigned long long rand_start(unsigned seed) { return seed * 0x9E3779B97F4A7C15ull + 1; }
// MODE 0: any value; 1: small ones.
static void fill_int(std::vector<int> &v, unsigned seed, int mode) {
  unsigned long long x = rand_start(seed);
  for (int &e : v)
    e = mode ? (int)(rand_next(x) % 201) - 100 : (int)(unsigned)rand_next(x);
}
static void fill_uint(std::vector<unsigned> &v, unsigned seed, int mode) {
  unsigned long long x = rand_start(seed);
  for (unsigned &e : v)
    e = mode ? (unsigned)(rand_next(x) % 300) : (unsigned)rand_next(x);
}
static void fill_fx(std::vector<float> &v, unsigned seed, int mode) {
  unsigned long long x = rand_start(seed);
  for (float &e : v)
    e = (float)((long long)(rand_next(x) % (mode ? 201 : 8388607)) - (mode ? 100 : 4194303));
}
static void fill_dx(std::vector<double> &v, unsigned seed, int mode) {
  unsigned long long x = rand_start(seed);
  for (double &e : v)
    e = (double)((long long)(rand_next(x) % (mode ? 201 : 2000000001)) - (mode ? 100 : 1000000000));
}
static void fill_fa(std::vector<float> &v, unsigned seed, int) {
  unsigned long long x = rand_start(seed);
  for (float &e : v)
    e = (float)(rand_next(x) % 1048576 + 1) / 1024.0f;
}
static void fill_da(std::vector<double> &v, unsigned seed, int) {
  unsigned long long x = rand_start(seed);
  for (double &e : v)
    e = (double)(rand_next(x) % 1048576 + 1) / 1024.0;
}

struct Checker {
  unsigned long long sum = 1469598103934665603ull;
  int bad = 0;
  void mix(unsigned long long v) {
    for (int i = 0; i < 8; ++i, v >>= 8)
      sum = (sum ^ (v & 255)) * 1099511628211ull;
  }
  static unsigned long long bits(int v) { return (unsigned)v; }
  static unsigned long long bits(unsigned v) { return v; }
  static unsigned long long bits(float v) { return (unsigned long long)(long long)v; }
  static unsigned long long bits(double v) { return (unsigned long long)(long long)v; }
  // TOLERANCE 0: exact, and the device's values join the checksum;
  // otherwise relative, and they do not (devices may differ there).
  template <class T>
  void compare(const char *what, const std::vector<T> &dev, const std::vector<T> &ref,
               double tolerance) {
    size_t wrong = 0, first = 0;
    for (size_t i = 0; i < dev.size(); ++i) {
      double d = (double)dev[i], r = (double)ref[i];
      bool same = tolerance == 0.0
                      ? dev[i] == ref[i]
                      : std::fabs(d - r) <= tolerance * std::fmax(std::fabs(d), std::fabs(r));
      if (!same && !wrong++)
        first = i;
      if (tolerance == 0.0)
        mix(bits(dev[i]));
    }
    if (wrong) {
      ++bad;
      std::printf("mismatch %s: %zu of %zu elements, first [%zu] device %.9g reference %.9g\n",
                  what, wrong, dev.size(), first, (double)dev[first], (double)ref[first]);
    }
  }
};
