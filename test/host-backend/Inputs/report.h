// The host-backend tests' comparison with their CPU reference: prints up to
// five mismatches and the count, which the tests' CHECK lines read.
#ifndef HOST_BACKEND_REPORT_H
#define HOST_BACKEND_REPORT_H

#include <cstdio>
#include <vector>

template <class T>
int report(const char *What, const std::vector<T> &Got, const std::vector<T> &Want) {
  int Bad = 0;
  for (size_t I = 0; I < Got.size(); ++I)
    if (Got[I] != Want[I] && Bad++ < 5)
      std::printf("mismatch at %zu: %g, not %g\n", I, double(Got[I]), double(Want[I]));
  std::printf("%s: %d mismatches of %zu\n", What, Bad, Got.size());
  return Bad;
}

#endif
