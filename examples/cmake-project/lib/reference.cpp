// reference.cpp - the CPU reference, compiled by the ordinary C++ compiler
// (not listed in ampcc_add_to_target's SOURCES). It shares ampex/affine.h
// with the kernels.
#include <ampex/affine.h>
#include <ampex/api.h>

void ampex::affine_cpu(const Affine &t, const std::vector<float> &in,
                       std::vector<float> &out) {
  out.resize(in.size());
  for (std::size_t i = 0; i < in.size(); ++i)
    out[i] = apply(t, in[i]);
}

double ampex::dot_cpu(const std::vector<float> &a, const std::vector<float> &b) {
  double total = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i)
    total += static_cast<double>(a[i]) * b[i];
  return total;
}
