// report.h - comparing results with the CPU reference (plain C++).
#ifndef AMPEX_REPORT_H
#define AMPEX_REPORT_H

#include <string>
#include <vector>

// Prints one line and returns the number of elements of `got` further than
// `tolerance` (relative) from `want`.
int report(const std::string &what, const std::vector<float> &got,
           const std::vector<float> &want, float tolerance);
int report(const std::string &what, double got, double want, double tolerance);

#endif // AMPEX_REPORT_H
