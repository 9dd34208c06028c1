// What a Visual C++ machine gives C++ AMP programs through <windows.h> (which
// its <amp.h> includes): Windows types with Windows' sizes, the performance
// counter, GetTickCount, Sleep, ZeroMemory/CopyMemory, COM's task memory
// allocator, thread and process ids, HRESULT tests, and the
// min/max macros' meaning in host and amp code (mixed argument types take
// the usual arithmetic conversions), without breaking std::min, (std::min),
// std::numeric_limits<T>::max() or <algorithm> under `using namespace std;`.
// __min/__max (Visual C++'s <stdlib.h>) and a Microsoft STL internal header.
// The architecture macros a program tests to pick a pointer-sized integer
// (_M_AMD64, _M_X64), UNALIGNED in a cast, and winnt.h's ARRAYSIZE.
// The second program (-DNO_HEADER) does not include <windows.h>: <amp.h>
// brings it. The third (-DNOMINMAX) has no ::min or ::max, so a global
// variable may take the name. The fourth compile, -fno-ms-headers, turns all
// of it off: the Windows names are ordinary undeclared identifiers.
// REQUIRES: opencl
// UNSUPPORTED: opencl-rerun
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// RUN: %FileCheck --allow-empty --check-prefix=QUIET %s < %t.err
// RUN: %ampcc -DNO_HEADER %s -o %t.amp && %t.amp | %FileCheck %s
// RUN: %ampcc -DNOMINMAX %s -o %t.nominmax && %t.nominmax | %FileCheck --check-prefix=NOMINMAX %s
// RUN: %not %ampcc -fno-ms-headers -DNO_HEADER -DNO_XUTILITY %s -fsyntax-only 2>&1 | %FileCheck --check-prefix=OFF %s
// RUN: %not %ampcc -fno-ms-headers -DNO_HEADER %s -fsyntax-only 2>&1 | %FileCheck --check-prefix=OFF-STL %s
// QUIET-NOT: {{warning|error}}
// CHECK: sizes: BOOL 4 BYTE 1 WORD 2 DWORD 4 LONG 4 UINT 4 LONGLONG 8 LARGE_INTEGER 8
// CHECK: timers: frequency 1000000000, counter advances 1, slept 1, tick64 1
// CHECK: hresult: failed 1 1 succeeded 1 1, equals runtime_exception code 1
// CHECK: memory: hi 0, task memory co
// CHECK: ids: thread 1 process 1
// CHECK: host min/max: 1.5 3 -2 4 size_t 7
// CHECK: std: 4 2 (std::min) 1 limits 1 algorithm 9
// CHECK: __min/__max: 2 7
// CHECK: architecture: pointer-sized 1, unaligned 42, arraysize 3 5
// CHECK: kernel min/max: 0 mismatches
// NOMINMAX: global min 3, std 1
// OFF-STL: fatal error: 'xutility' file not found
// OFF: error: use of undeclared identifier 'BOOL'
// OFF: error: unknown type name 'LARGE_INTEGER'
#ifndef NO_HEADER
#include <windows.h>
#endif
#include <amp.h>
#include <algorithm>
#include <cstdio>
#include <limits>
#include <thread>
#include <vector>
#ifndef NO_XUTILITY
#include <xutility>
#endif
using namespace concurrency;
using namespace std;

#ifdef NOMINMAX
int min = 3;
int main() {
  printf("global min %d, std %d\n", ::min, std::min(1, 2));
  return 0;
}
#else
struct D3DLikeLevels {
  int Level;
};

int main() {
  printf("sizes: BOOL %zu BYTE %zu WORD %zu DWORD %zu LONG %zu UINT %zu LONGLONG %zu "
         "LARGE_INTEGER %zu\n",
         sizeof(BOOL), sizeof(BYTE), sizeof(WORD), sizeof(DWORD), sizeof(LONG),
         sizeof(UINT), sizeof(LONGLONG), sizeof(LARGE_INTEGER));

  LARGE_INTEGER Freq, Start, End;
  QueryPerformanceFrequency(&Freq);
  QueryPerformanceCounter(&Start);
  DWORD T0 = GetTickCount();
  ULONGLONG T064 = GetTickCount64();
  Sleep(30);
  DWORD T1 = GetTickCount();
  QueryPerformanceCounter(&End);
  double Ms = double(End.QuadPart - Start.QuadPart) * 1000.0 / double(Freq.QuadPart);
  printf("timers: frequency %lld, counter advances %d, slept %d, tick64 %d\n",
         (long long)Freq.QuadPart, End.QuadPart > Start.QuadPart,
         Ms >= 29.0 && T1 - T0 >= 29, GetTickCount64() >= T064 + 29);

  HRESULT Hr = E_FAIL;
  runtime_exception E("x", E_FAIL);
  printf("hresult: failed %d %d succeeded %d %d, equals runtime_exception code %d\n",
         (int)FAILED(Hr), (int)FAILED(E_INVALIDARG), (int)SUCCEEDED(S_OK),
         (int)SUCCEEDED(S_FALSE), (int)(E.get_error_code() == E_FAIL));

  char Buf[8];
  FillMemory(Buf, sizeof Buf, 'x');
  ZeroMemory(Buf, sizeof Buf);
  CopyMemory(Buf, "hi", 2);
  char *Task = static_cast<char *>(CoTaskMemAlloc(3));
  CopyMemory(Task, "co", 3);
  Task = static_cast<char *>(CoTaskMemRealloc(Task, 64));
  printf("memory: %s %d, task memory %s\n", Buf, (int)Buf[7], Task);
  CoTaskMemFree(Task);
  DWORD Tid = GetCurrentThreadId(), Other = 0;
  std::thread([&] { Other = GetCurrentThreadId(); }).join();
  printf("ids: thread %d process %d\n", (int)(Tid != 0 && Other != 0 && Other != Tid),
         (int)(GetCurrentProcessId() == DWORD(getpid())));

  std::vector<int> V = {9, 3, 5};
  size_t Count = 7;
  int Small = 3;
  printf("host min/max: %g %d %d %d size_t %zu\n", (double)min(1.5f, 2), max(2, 3),
         min(-2, 4), max(4u, 1u), max(Count, size_t(Small)));
  printf("std: %d %d (std::min) %d limits %d algorithm %d\n", std::min(4, 5), std::max(1, 2),
         (std::min)(1, 2), std::numeric_limits<int>::max() == INT_MAX,
         *std::max_element(V.begin(), V.end()));
  printf("__min/__max: %d %d\n", __min(2, 3), __max(7, -1));
#if defined(_M_IX86)
  typedef int PointerSized;
#elif defined(_M_AMD64) && defined(_M_X64)
  typedef __int64 PointerSized;
#else
#error "Unknown architecture!"
#endif
  int Words[2] = {0, 0};
  *reinterpret_cast<int UNALIGNED *>(Words) = 42;
  D3DLikeLevels Levels[] = {{1}, {2}, {3}};
  static_assert(ARRAYSIZE(Levels) == 3, "a constant expression");
  double Five[5];
  printf("architecture: pointer-sized %d, unaligned %d, arraysize %d %d\n",
         (int)(sizeof(PointerSized) == sizeof(void *)), Words[0],
         (int)ARRAYSIZE(Levels), (int)ARRAYSIZE(Five));

  // Mixed types in amp code: float and int, as the macros would compare.
  const int N = 256;
  std::vector<float> A(N), B(N), C(N);
  for (int I = 0; I < N; ++I) {
    A[I] = float(I) * 0.5f;
    B[I] = float(N - I);
  }
  array_view<const float, 1> Av(N, A), Bv(N, B);
  array_view<float, 1> Cv(N, C);
  int Limit = 100;
  parallel_for_each(Cv.extent, [=](index<1> I) restrict(amp) {
    Cv[I] = min(Av[I], Bv[I]) + max(I[0], Limit) - __max(1, 2) + __min(3.0f, 1.0f);
  });
  Cv.synchronize();
  int Bad = 0;
  for (int I = 0; I < N; ++I) {
    float Want = (A[I] < B[I] ? A[I] : B[I]) + float(I > Limit ? I : Limit) - 2 + 1;
    Bad += C[I] != Want;
  }
  printf("kernel min/max: %d mismatches\n", Bad);
  return 0;
}
#endif
