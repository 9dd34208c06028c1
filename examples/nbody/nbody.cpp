// N-body: a few time steps of N bodies attracting each other (all pairs,
// softened gravity), one thread per body, positions and velocities as
// float4-like structs. Checked against the same steps on the CPU.
// Build: ampcc -O2 nbody.cpp -o nbody
#include <amp.h>
#include <amp_math.h>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

using namespace concurrency;

struct Body {
  float X, Y, Z, Mass;
};
struct Velocity {
  float X, Y, Z, Pad;
};

static const float Dt = 0.01f, Soft = 0.01f;

int main() {
  const int N = 1024, Steps = 4;
  std::vector<Body> Bodies(N);
  std::vector<Velocity> Vel(N, Velocity{0, 0, 0, 0});
  for (int I = 0; I < N; ++I)
    Bodies[I] = Body{float(I % 32) - 16.0f, float((I / 32) % 32) - 16.0f,
                     float(I % 7) * 0.5f, 1.0f + float(I % 3)};
  std::vector<Body> RefBodies = Bodies;
  std::vector<Velocity> RefVel = Vel;

  auto Start = std::chrono::steady_clock::now();
  std::vector<Body> Next(N);
  array_view<Body, 1> Cur(N, Bodies), Nxt(N, Next);
  array_view<Velocity, 1> VelV(N, Vel);
  for (int S = 0; S < Steps; ++S) {
    array_view<Body, 1> From = S % 2 ? Nxt : Cur, To = S % 2 ? Cur : Nxt;
    parallel_for_each(From.extent, [=](index<1> I) restrict(amp) {
      Body Me = From[I];
      float AX = 0, AY = 0, AZ = 0;
      for (int J = 0; J < N; ++J) {
        Body O = From[J];
        float DX = O.X - Me.X, DY = O.Y - Me.Y, DZ = O.Z - Me.Z;
        float D2 = DX * DX + DY * DY + DZ * DZ + Soft;
        float Inv = precise_math::rsqrt(D2);
        float F = O.Mass * Inv * Inv * Inv;
        AX += DX * F;
        AY += DY * F;
        AZ += DZ * F;
      }
      Velocity V = VelV[I];
      V.X += AX * Dt;
      V.Y += AY * Dt;
      V.Z += AZ * Dt;
      VelV[I] = V;
      Body Moved = {Me.X + V.X * Dt, Me.Y + V.Y * Dt, Me.Z + V.Z * Dt, Me.Mass};
      To[I] = Moved;
    });
  }
  array_view<Body, 1> Final = Steps % 2 ? Nxt : Cur;
  Final.synchronize();
  double Ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start).count();
  const std::vector<Body> &Result = Steps % 2 ? Next : Bodies;

  // The same steps on the CPU, in double for a reference.
  std::vector<Body> RefNext(N);
  for (int S = 0; S < Steps; ++S) {
    const std::vector<Body> &From = S % 2 ? RefNext : RefBodies;
    std::vector<Body> &To = S % 2 ? RefBodies : RefNext;
    for (int I = 0; I < N; ++I) {
      double AX = 0, AY = 0, AZ = 0;
      for (int J = 0; J < N; ++J) {
        double DX = From[J].X - From[I].X, DY = From[J].Y - From[I].Y, DZ = From[J].Z - From[I].Z;
        double D2 = DX * DX + DY * DY + DZ * DZ + Soft;
        double F = From[J].Mass / (D2 * std::sqrt(D2));
        AX += DX * F;
        AY += DY * F;
        AZ += DZ * F;
      }
      RefVel[I].X += float(AX * Dt);
      RefVel[I].Y += float(AY * Dt);
      RefVel[I].Z += float(AZ * Dt);
      To[I] = Body{From[I].X + RefVel[I].X * Dt, From[I].Y + RefVel[I].Y * Dt,
                   From[I].Z + RefVel[I].Z * Dt, From[I].Mass};
    }
  }
  const std::vector<Body> &Ref = Steps % 2 ? RefNext : RefBodies;
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    Bad += std::fabs(Result[I].X - Ref[I].X) > 1e-2f || std::fabs(Result[I].Y - Ref[I].Y) > 1e-2f ||
           std::fabs(Result[I].Z - Ref[I].Z) > 1e-2f;
  std::printf("nbody %d bodies, %d steps: %s (%d off), %.2f ms\n", N, Steps,
              Bad ? "FAILED" : "correct", Bad, Ms);
  return Bad ? 1 : 0;
}
