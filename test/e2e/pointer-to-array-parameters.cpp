// Array parameters of amp functions (`unsigned int data[4][4]`, which is
// `unsigned int (*data)[4]`, the AES sample's rounds) over a kernel's local
// arrays and a captured table: the OpenCL C names the row type with a
// typedef, since `<type> *name` cannot declare a pointer to an array.
// Checked against the same rounds on the CPU.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t | %FileCheck %s
// RUN: %ampcc -emit-opencl %s 2>&1 | %FileCheck --check-prefix=CL %s
// CHECK: blocks 64 mismatches 0
// CL-DAG: typedef uint ampcc_array_uint_4[4];
// CL-DAG: typedef const uint ampcc_array_const_uint_4[4];
// CL-DAG: ampcc_array_uint_4 *data, __private ampcc_array_const_uint_4 *key)
#include <amp.h>
#include <iostream>
#include <vector>
using namespace concurrency;

struct Tables {
  unsigned int Box[256];
  unsigned int Keys[3][4][4];
};

struct Rounds {
  static void addKey(unsigned int data[4][4], const unsigned int key[4][4]) restrict(amp, cpu) {
    for (int I = 0; I < 4; ++I)
      for (int J = 0; J < 4; ++J)
        data[I][J] ^= key[I][J];
  }
  static void substitute(unsigned int data[4][4], const unsigned int box[256]) restrict(amp, cpu) {
    for (int I = 0; I < 4; ++I)
      for (int J = 0; J < 4; ++J)
        data[I][J] = box[data[I][J] & 255];
  }
  static void rotateRows(unsigned int data[][4]) restrict(amp, cpu) {
    for (int I = 1; I < 4; ++I) {
      unsigned int First = data[I][0];
      for (int J = 0; J < 3; ++J)
        data[I][J] = data[I][J + 1];
      data[I][3] = First;
    }
  }
  static void encrypt(unsigned int block[4][4], const Tables &T) restrict(amp, cpu) {
    addKey(block, T.Keys[0]);
    for (int R = 1; R < 3; ++R) {
      substitute(block, T.Box);
      rotateRows(block);
      addKey(block, T.Keys[R]);
    }
  }
};

int main() {
  Tables T;
  for (int I = 0; I < 256; ++I)
    T.Box[I] = (I * 7 + 3) & 255;
  for (int R = 0; R < 3; ++R)
    for (int I = 0; I < 16; ++I)
      T.Keys[R][I / 4][I % 4] = (R * 31 + I * 5) & 255;
  const int Blocks = 64;
  std::vector<unsigned int> In(Blocks * 16), Out(Blocks * 16);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = (I * 13) & 255;
  array_view<const unsigned int, 1> InV(int(In.size()), In);
  array_view<unsigned int, 1> OutV(int(Out.size()), Out);
  OutV.discard_data();
  parallel_for_each(extent<1>(Blocks), [=](index<1> Idx) restrict(amp) {
    unsigned int Block[4][4];
    for (int I = 0; I < 16; ++I)
      Block[I / 4][I % 4] = InV[Idx[0] * 16 + I];
    Rounds::encrypt(Block, T);
    for (int I = 0; I < 16; ++I)
      OutV[Idx[0] * 16 + I] = Block[I / 4][I % 4];
  });
  OutV.synchronize();
  int Mismatches = 0;
  for (int B = 0; B < Blocks; ++B) {
    unsigned int Block[4][4];
    for (int I = 0; I < 16; ++I)
      Block[I / 4][I % 4] = In[B * 16 + I];
    Rounds::encrypt(Block, T);
    for (int I = 0; I < 16; ++I)
      Mismatches += Block[I / 4][I % 4] != Out[B * 16 + I];
  }
  std::cout << "blocks " << Blocks << " mismatches " << Mismatches << "\n";
  return Mismatches != 0;
}
