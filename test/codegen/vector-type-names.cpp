// RUN: %ampcc -emit-opencl %s -o %t.cl && %clcheck %t.cl
#include <amp.h>
using namespace concurrency;
struct float2 { float x, y; };
struct int4_ { int a, b, c, d; };
void run(array_view<float2, 1> p, array_view<int4_, 1> q) {
  parallel_for_each(p.extent, [=](index<1> idx) restrict(amp) {
    float2 v = p[idx];
    v.x += v.y;
    p[idx] = v;
    q[idx].a += 1;
  });
}
