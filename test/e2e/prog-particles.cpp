// User structs as array_view element types, updated by kernels that call
// their restrict(cpu,amp) member functions: through a reference to the view
// element (global memory), on a private copy written back, and through a
// nested struct with a constructor and overloaded operators. The CPU
// reference runs the same member functions. All values are small multiples
// of 1/32, so every float operation is exact and results compare exactly.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK-NOT: mismatch
// CHECK: particles in place: 0 errors
// CHECK-NEXT: particles by copy: 0 errors
// CHECK-NEXT: bodies: 0 errors
// CHECK-NEXT: PASSED
#include <amp.h>
#include <cstdio>
#include <vector>

using namespace concurrency;

static const int STEPS = 40;
static const int WIDTH = 64;
static const int HEIGHT = 32;

struct Particle {
  float x, y, vx, vy;
  int id;
  int bounces;

  void advance(float dt) restrict(cpu, amp) {
    x += vx * dt;
    y += vy * dt;
  }
  // Reflects the particle at the walls of [0,w] x [0,h].
  void bounce(float w, float h) restrict(cpu, amp) {
    if (x < 0) { x = -x; vx = -vx; ++bounces; }
    if (x > w) { x = 2 * w - x; vx = -vx; ++bounces; }
    if (y < 0) { y = -y; vy = -vy; ++bounces; }
    if (y > h) { y = 2 * h - y; vy = -vy; ++bounces; }
  }
  bool is_fast() const restrict(cpu, amp) { return vx * vx + vy * vy > 4.0f; }
  void step(float dt) restrict(cpu, amp) {
    advance(dt);
    bounce(WIDTH, HEIGHT);
    if (is_fast())
      id |= 0x10000;
  }
};

struct Vec2 {
  float x, y;
  Vec2() restrict(cpu, amp) : x(0), y(0) {}
  Vec2(float x_, float y_) restrict(cpu, amp) : x(x_), y(y_) {}
  Vec2 operator+(const Vec2 &o) const restrict(cpu, amp) { return Vec2(x + o.x, y + o.y); }
  Vec2 operator-(const Vec2 &o) const restrict(cpu, amp) { return Vec2(x - o.x, y - o.y); }
  Vec2 operator*(float s) const restrict(cpu, amp) { return Vec2(x * s, y * s); }
  Vec2 &operator+=(const Vec2 &o) restrict(cpu, amp) {
    x += o.x;
    y += o.y;
    return *this;
  }
  bool operator==(const Vec2 &o) const restrict(cpu, amp) { return x == o.x && y == o.y; }
};

struct Body {
  Vec2 pos, vel;
  int id;
  void pull_towards(const Vec2 &center, float k) restrict(cpu, amp) {
    vel += (center - pos) * k;
  }
  void move(float dt) restrict(cpu, amp) { pos += vel * dt; }
};

static Particle make_particle(int i) {
  Particle p;
  p.x = (float)((i * 37) % 2048) / 32.0f;
  p.y = (float)((i * 53) % 1024) / 32.0f;
  p.vx = (float)((i * 11) % 65 - 32) / 8.0f;
  p.vy = (float)((i * 17) % 65 - 32) / 8.0f;
  p.id = i;
  p.bounces = 0;
  return p;
}

static bool same(const Particle &a, const Particle &b) {
  return a.x == b.x && a.y == b.y && a.vx == b.vx && a.vy == b.vy && a.id == b.id &&
         a.bounces == b.bounces;
}

int main() {
  const int N = 10007;
  const float dt = 0.25f;
  int errors = 0;

  std::vector<Particle> ref(N);
  for (int i = 0; i < N; ++i) {
    ref[i] = make_particle(i);
    for (int s = 0; s < STEPS; ++s)
      ref[i].step(dt);
  }

  // In place: member functions called on the view element.
  {
    std::vector<Particle> ps(N);
    for (int i = 0; i < N; ++i)
      ps[i] = make_particle(i);
    array_view<Particle, 1> particles(N, ps);
    parallel_for_each(particles.extent, [=](index<1> idx) restrict(amp) {
      Particle &p = particles[idx];
      for (int s = 0; s < STEPS; ++s)
        p.step(dt);
    });
    particles.synchronize();
    int bad = 0;
    for (int i = 0; i < N; ++i)
      if (!same(ps[i], ref[i]) && ++bad <= 5)
        std::printf("particles in place: mismatch at %d: (%g,%g,%d,%d) vs (%g,%g,%d,%d)\n", i,
                    ps[i].x, ps[i].y, ps[i].id, ps[i].bounces, ref[i].x, ref[i].y, ref[i].id,
                    ref[i].bounces);
    std::printf("particles in place: %d errors\n", bad);
    errors += bad;
  }

  // By copy: a private Particle updated and stored back.
  {
    std::vector<Particle> ps(N);
    for (int i = 0; i < N; ++i)
      ps[i] = make_particle(i);
    array_view<Particle, 1> particles(N, ps);
    parallel_for_each(particles.extent, [=](index<1> idx) restrict(amp) {
      Particle p = particles[idx];
      for (int s = 0; s < STEPS; ++s) {
        p.advance(dt);
        p.bounce(WIDTH, HEIGHT);
        if (p.is_fast())
          p.id |= 0x10000;
      }
      particles[idx] = p;
    });
    particles.synchronize();
    int bad = 0;
    for (int i = 0; i < N; ++i)
      if (!same(ps[i], ref[i]) && ++bad <= 5)
        std::printf("particles by copy: mismatch at %d\n", i);
    std::printf("particles by copy: %d errors\n", bad);
    errors += bad;
  }

  // Nested structs with constructors and operators.
  {
    std::vector<Body> bodies(N), bref(N);
    for (int i = 0; i < N; ++i) {
      Particle p = make_particle(i);
      bodies[i].pos = Vec2(p.x, p.y);
      bodies[i].vel = Vec2(p.vx, p.vy);
      bodies[i].id = i;
    }
    bref = bodies;
    const Vec2 center(32.0f, 16.0f);
    for (int i = 0; i < N; ++i)
      for (int s = 0; s < 3; ++s) {
        bref[i].pull_towards(center, 1.0f);
        bref[i].move(dt);
      }
    array_view<Body, 1> bv(N, bodies);
    parallel_for_each(bv.extent, [=](index<1> idx) restrict(amp) {
      Body b = bv[idx];
      for (int s = 0; s < 3; ++s) {
        b.pull_towards(center, 1.0f);
        b.move(dt);
      }
      bv[idx] = b;
    });
    bv.synchronize();
    int bad = 0;
    for (int i = 0; i < N; ++i)
      if (!(bodies[i].pos == bref[i].pos && bodies[i].vel == bref[i].vel &&
            bodies[i].id == bref[i].id) &&
          ++bad <= 5)
        std::printf("bodies: mismatch at %d: (%g,%g) vs (%g,%g)\n", i, bodies[i].pos.x,
                    bodies[i].pos.y, bref[i].pos.x, bref[i].pos.y);
    std::printf("bodies: %d errors\n", bad);
    errors += bad;
  }

  std::printf("%s\n", errors ? "FAILED" : "PASSED");
  return errors ? 1 : 0;
}
