// What a Visual C++ machine gives a console program:
// - a project with the Unicode character set (-D_UNICODE) writes
//   `int _tmain(int argc, _TCHAR *argv[])`: <tchar.h> maps it to wmain with
//   wide _TCHAR, and ampcc's host stub defines the main that calls wmain
//   with the arguments decoded from the locale (UTF-8 here); a wmain that
//   returns void and takes nothing starts too; _tprintf writes UTF-8
//   after std::wcout has written (glibc's wprintf would fail on a stream
//   already narrow);
// - Microsoft's rand(): RAND_MAX 32767 and its sequence (41, 18467 after
//   srand(1)); -fno-ms-headers keeps glibc's.
// REQUIRES: opencl
// UNSUPPORTED: opencl-rerun
// RUN: %ampcc -D_UNICODE -DUNICODE %s -o %t
// RUN: env LANG=C.UTF-8 LC_ALL=C.UTF-8 %not %t héllo two > %t.out
// RUN: %FileCheck %s < %t.out
// RUN: %ampcc %s -o %t.narrow && %t.narrow abc | %FileCheck --check-prefix=NARROW %s
// RUN: %ampcc -D_UNICODE -DVOID_WMAIN %s -o %t.void && %t.void | %FileCheck --check-prefix=VOID %s
// RUN: %ampcc -fno-ms-headers %s -o %t.glibc && %t.glibc | %FileCheck --check-prefix=GLIBC %s
// CHECK: wide: 3 arguments, first 'héllo' of 5 characters
// CHECK: tprintf: abc has 3
// CHECK: rand: 41 18467 max 32767
// CHECK: kernel: 0 mismatches
// CHECK: argv ends with a null pointer; wmain returns 3, the exit status
// NARROW: narrow: 2 arguments, first 'abc' of 3 characters
// VOID: void wmain ran
// GLIBC: rand max 2147483647
#include <tchar.h>
#include <amp.h>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

static int kernelMismatches() {
  std::vector<int> Data(16);
  concurrency::array_view<int> View(16, Data);
  concurrency::parallel_for_each(View.extent, [=](concurrency::index<1> I) restrict(amp) {
    View[I] = I[0] * 2;
  });
  View.synchronize();
  int Bad = 0;
  for (int I = 0; I < 16; ++I)
    Bad += Data[I] != I * 2;
  return Bad;
}

#if defined(VOID_WMAIN)
void wmain() { std::printf("void wmain ran\n"); }
#elif defined(_UNICODE)
int _tmain(int argc, _TCHAR *argv[]) {
  std::wstring First = argc > 1 ? std::wstring(argv[1]) : std::wstring(L"");
  std::wcout << L"wide: " << argc << L" arguments, first '" << First << L"' of "
             << First.size() << L" characters" << std::endl;
  _tprintf(_T("tprintf: %ls has %d\n"), _T("abc"), (int)_tcslen(_T("abc")));
  std::srand(1);
  int A = std::rand();
  int B = rand();
  std::printf("rand: %d %d max %d\n", A, B, RAND_MAX);
  std::printf("kernel: %d mismatches\n", kernelMismatches());
  if (argv[argc] == nullptr)
    std::printf("argv ends with a null pointer; wmain returns %d, the exit status\n", argc);
  std::fflush(stdout);
  return argc;
}
#else
int _tmain(int argc, _TCHAR *argv[]) {
#ifdef _AMPCC_MS_HEADERS
  std::string First = argc > 1 ? argv[1] : "";
  std::printf("narrow: %d arguments, first '%s' of %zu characters\n", argc, First.c_str(),
              First.size());
#else
  std::printf("rand max %d\n", RAND_MAX);
#endif
  return kernelMismatches();
}
#endif
