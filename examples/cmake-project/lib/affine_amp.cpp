// affine_amp.cpp - a kernel calling the shared restrict(cpu, amp) function.
#include <amp.h>
#include <ampex/affine.h>
#include <ampex/api.h>

using namespace concurrency;

void ampex::affine_amp(const Affine &t, const std::vector<float> &in,
                       std::vector<float> &out) {
  const int n = static_cast<int>(in.size());
  out.resize(in.size());
  const Affine tt = t;
  array_view<const float, 1> iv(n, in);
  array_view<float, 1> ov(n, out);
  ov.discard_data();
  parallel_for_each(ov.extent, [=](index<1> i) restrict(amp) {
    ov[i] = apply(tt, iv[i]);
  });
  ov.synchronize();
}
