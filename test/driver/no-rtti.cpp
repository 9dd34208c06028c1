// -fno-rtti: launches find their kernels without typeid, by the
// __PRETTY_FUNCTION__ of Concurrency::details::kernelKey<Kernel> (a lambda
// is named by its source location), which ampcc registers as an alias of
// the kernel. Lambdas, two functors of one name in two namespaces, a
// lambda in a function template and two lambdas on one line all find their
// own kernel. One lambda launched from two instantiations of a template has
// one key for two kernels: refused at compile time with the reason. typeid
// in user code is still refused, as clang++ -fno-rtti does.
// REQUIRES: opencl
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ampcc -fno-rtti -O1 %s -o %t.dir/prog
// RUN: %t.dir/prog | %FileCheck %s
// RUN: %ampcc -fno-rtti -c %s -o %t.dir/obj.o && %ampcc %t.dir/obj.o -o %t.dir/prog2
// RUN: %t.dir/prog2 | %FileCheck %s
// RUN: %not %ampcc -fno-rtti -DUSE_TYPEID %s -o %t.dir/bad 2>&1 | %FileCheck --check-prefix=TYPEID %s
// RUN: %not %ampcc -fno-rtti -DTWO_INSTANTIATIONS %s -o %t.dir/bad 2>&1 | %FileCheck --check-prefix=TWICE %s
// RUN: %ampcc -DTWO_INSTANTIATIONS %s -o %t.dir/rtti && %t.dir/rtti | %FileCheck --check-prefix=RTTI %s
// CHECK: no-rtti: lambda 0 functor 0 other::functor 0 template<int> 0 same-line 0
// TWICE: ampcc: error: {{.*}}no-rtti.cpp: with -fno-rtti, the kernel (lambda at {{.*}}no-rtti.cpp:[[#]]:[[#]]) is launched from several instantiations of one template
// RTTI: template<float> 0
// TYPEID: error: use of typeid requires -frtti
#include <amp.h>
#include <cstdio>
#include <vector>
#ifdef USE_TYPEID
#include <typeinfo>
const char *Name = typeid(int).name();
#endif
using namespace concurrency;

struct AddFunctor {
  array_view<int, 1> V;
  int Amount;
  void operator()(concurrency::index<1> I) const restrict(amp) { V[I] += Amount; }
};

namespace other {
struct AddFunctor { // Same name, another scope: another key.
  array_view<float, 1> V;
  float Amount;
  void operator()(concurrency::index<1> I) const restrict(amp) { V[I] += Amount; }
};
} // namespace other

template <typename T> int scaled(T Factor) {
  std::vector<T> A(16, T(1));
  array_view<T, 1> V(16, A);
  parallel_for_each(V.extent, [=](concurrency::index<1> I) restrict(amp) {
    V[I] = V[I] * Factor + T(I[0]);
  });
  V.synchronize();
  int Bad = 0;
  for (int I = 0; I < 16; ++I)
    Bad += A[I] != Factor + T(I);
  return Bad;
}

int main() {
  std::vector<int> A(32, 0), B(32, 0);
  array_view<int, 1> AV(32, A), BV(32, B);
  parallel_for_each(AV.extent, [=](concurrency::index<1> I) restrict(amp) { AV[I] = 10 * I[0]; });
  parallel_for_each(AV.extent, AddFunctor{AV, 3});
  std::vector<float> F(8, 1.0f);
  array_view<float, 1> FV(8, F);
  parallel_for_each(FV.extent, other::AddFunctor{FV, 0.5f});
  FV.synchronize();
  int BadFloat = 0;
  for (float X : F)
    BadFloat += X != 1.5f;
  parallel_for_each(AV.extent, [=](concurrency::index<1> I) restrict(amp) { BV[I] = 1; }); parallel_for_each(BV.extent, [=](concurrency::index<1> I) restrict(amp) { BV[I] += 2; });
  AV.synchronize();
  BV.synchronize();
  int BadLambda = 0, BadSameLine = 0;
  for (int I = 0; I < 32; ++I) {
    BadLambda += A[I] != 10 * I + 3;
    BadSameLine += B[I] != 3;
  }
  std::printf("no-rtti: lambda %d functor %d other::functor %d template<int> %d same-line %d\n",
              BadLambda, BadLambda, BadFloat, scaled<int>(4), BadSameLine);
#ifdef TWO_INSTANTIATIONS
  std::printf("template<float> %d\n", scaled<float>(0.5f));
#endif
  return 0;
}
