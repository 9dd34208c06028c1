// report.cpp - compiled by ampcc like every source of the program, although it
// has no kernels.
#include "report.h"

#include <cmath>
#include <iostream>

static bool close(double got, double want, double tolerance) {
  return std::fabs(got - want) <= tolerance * std::fmax(1.0, std::fabs(want));
}

int report(const std::string &what, const std::vector<float> &got,
           const std::vector<float> &want, float tolerance) {
  int errors = got.size() == want.size() ? 0 : 1;
  for (std::size_t i = 0; i < got.size() && i < want.size(); ++i)
    if (!close(got[i], want[i], tolerance))
      ++errors;
  std::cout << what << ": " << got.size() << " elements, "
            << (errors ? "MISMATCH" : "match the CPU reference") << " ("
            << errors << " errors)\n";
  return errors;
}

int report(const std::string &what, double got, double want, double tolerance) {
  int errors = close(got, want, tolerance) ? 0 : 1;
  std::cout << what << ": " << got << " vs " << want << ", "
            << (errors ? "MISMATCH" : "matches the CPU reference") << "\n";
  return errors;
}
