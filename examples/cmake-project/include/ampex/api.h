// ampex/api.h - the library's interface: plain C++, no C++ AMP types.
#ifndef AMPEX_API_H
#define AMPEX_API_H

#include <vector>

namespace ampex {

struct Affine;

// out[i] = apply(t, in[i]), on the default accelerator / on the CPU.
void affine_amp(const Affine &t, const std::vector<float> &in, std::vector<float> &out);
void affine_cpu(const Affine &t, const std::vector<float> &in, std::vector<float> &out);

// sum of a[i] * b[i], on the default accelerator / on the CPU.
double dot_amp(const std::vector<float> &a, const std::vector<float> &b);
double dot_cpu(const std::vector<float> &a, const std::vector<float> &b);

} // namespace ampex

#endif // AMPEX_API_H
