// ampex/affine.h - shared by host and amp code: the kernels (compiled by
// ampcc) call ampex::apply in restrict(amp) code, the CPU reference (compiled
// by the ordinary C++ compiler, where __AMPCC__ is not defined) on the host.
#ifndef AMPEX_AFFINE_H
#define AMPEX_AFFINE_H

#ifdef __AMPCC__
#include <amp.h>
#define AMPEX_CPU_AMP restrict(cpu, amp)
#else
#define AMPEX_CPU_AMP
#endif

namespace ampex {

struct Affine {
  float scale;
  float offset;
};

// y = scale * x + offset, clamped to [-100, 100].
inline float apply(Affine t, float x) AMPEX_CPU_AMP {
  float y = t.scale * x + t.offset;
  return y < -100.0f ? -100.0f : (y > 100.0f ? 100.0f : y);
}

} // namespace ampex

#endif // AMPEX_AFFINE_H
