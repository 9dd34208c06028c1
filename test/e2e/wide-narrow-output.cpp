// Wide and narrow output interleave as on Windows: glibc makes stdout
// "wide" once std::wcout has written to it and then silently drops every
// std::cout, printf and puts line; Microsoft's CRT prints them all. Every
// program ampcc links writes its wide streams as UTF-8 through the narrow
// FILEs (runtime/WideStreams.cpp), so all lines appear, in order, also
// through a pipe and from a static initializer.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t && %t > %t.out 2> %t.err
// RUN: %FileCheck %s < %t.out
// RUN: %FileCheck --check-prefix=ERR %s < %t.err
// CHECK: static initializer: wide
// CHECK-NEXT: narrow 1
// CHECK-NEXT: wide 2: {{.+}} é
// CHECK-NEXT: narrow 3 (cout)
// CHECK-NEXT: printf 4
// CHECK-NEXT: wide 5: 42 2.5
// CHECK-NEXT: puts 6
// CHECK-NEXT: kernel: PASS
// CHECK-NEXT: printf 7
// ERR: wcerr 1
// ERR-NEXT: fprintf stderr 2
// ERR-NEXT: wclog 3
#include <amp.h>
#include <cstdio>
#include <iostream>
#include <vector>
using namespace concurrency;

struct EarlyPrinter {
  EarlyPrinter() { std::wcout << L"static initializer: wide" << std::endl; }
} Early;

int main() {
  std::cout << "narrow 1" << std::endl;
  std::wcout << L"wide 2: " << accelerator().description << L" \u00e9" << std::endl;
  std::cout << "narrow 3 (cout)\n";
  std::printf("printf 4\n");
  std::wcout << L"wide 5: " << 42 << L" " << 2.5 << L"\n";
  std::puts("puts 6");
  std::vector<int> V(64, 1);
  array_view<int, 1> D(64, V);
  parallel_for_each(D.extent, [=](index<1> I) restrict(amp) { D[I] *= 2; });
  D.synchronize();
  std::wcout << L"kernel: " << (V[63] == 2 ? L"PASS" : L"FAIL") << std::endl;
  std::printf("printf 7\n");
  std::wcerr << L"wcerr 1" << std::endl;
  std::fprintf(stderr, "fprintf stderr 2\n");
  std::wclog << L"wclog 3" << std::endl;
  return 0;
}
