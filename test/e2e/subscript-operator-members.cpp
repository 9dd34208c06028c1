// Member operators named with brackets keep their restriction specifier in
// every position: `operator[](...) const restrict(amp)` declared in the
// class and defined outside it (the `]` before the parameter list is the
// operator's name, not a lambda's introducer), and operator new[] on the
// cpu side. A bit array read through its operator[] in a kernel, checked
// against the host.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// CHECK: bits: 0 mismatches of 128, set 43, new[] 1
#include <amp.h>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <vector>
using namespace concurrency;

namespace bits {
class BitArray {
public:
  BitArray() restrict(cpu, amp) : Words{0, 0, 0, 0} {}
  bool operator[](unsigned int Pos) const restrict(amp);
  bool operator[](unsigned int Pos) const restrict(cpu);
  void set(unsigned int Pos) restrict(cpu) { Words[Pos / 32] |= 1u << (Pos % 32); }
  static void *operator new[](size_t Size) restrict(cpu);
  static void operator delete[](void *P) restrict(cpu);

private:
  unsigned int Words[4];
};
} // namespace bits

using namespace bits;
bool BitArray::operator[](unsigned int Pos) const restrict(amp) {
  return Pos < 128 && ((Words[Pos / 32] >> (Pos % 32)) & 1u) != 0;
}
bool BitArray::operator[](unsigned int Pos) const restrict(cpu) {
  return Pos < 128 && ((Words[Pos / 32] >> (Pos % 32)) & 1u) != 0;
}
static int ArrayNews = 0;
void *BitArray::operator new[](size_t Size) restrict(cpu) {
  ++ArrayNews;
  return std::malloc(Size);
}
void BitArray::operator delete[](void *P) restrict(cpu) { std::free(P); }

int main() {
  BitArray Host;
  for (unsigned I = 0; I < 128; I += 3)
    Host.set(I);
  BitArray *Spare = new BitArray[2];
  delete[] Spare;
  std::vector<int> Got(128);
  array_view<int, 1> Out(128, Got);
  parallel_for_each(Out.extent, [=](index<1> I) restrict(amp) {
    Out[I] = Host[static_cast<unsigned>(I[0])] ? 1 : 0;
  });
  Out.synchronize();
  int Bad = 0, Set = 0;
  for (unsigned I = 0; I < 128; ++I) {
    Bad += Got[I] != (Host[I] ? 1 : 0);
    Set += Got[I];
  }
  std::printf("bits: %d mismatches of 128, set %d, new[] %d\n", Bad, Set, ArrayNews);
  return 0;
}
