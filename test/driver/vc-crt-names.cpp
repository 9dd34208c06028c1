// What a Visual C++ machine's C runtime gives programs without their
// including the header that declares it: the secure (_s) functions with
// Microsoft's semantics (array-template overloads, _TRUNCATE, the result
// first in localtime_s, %s in wide formats is a wide string, %I64d, `\` in
// file names), _countof, _stricmp/_strdup, _itoa_s/_wtoi, _byteswap_*,
// std::_Pi, <crtdbg.h>'s
// _ASSERT/_ASSERTE through <amp.h> (nothing without _DEBUG), and the C
// library that Visual C++'s <iostream> includes (fabs, log, printf, atoi).
// A destination too small ends the program as Visual C++'s default
// invalid-parameter handler does; with a handler installed the function
// returns ERANGE and empties the destination. -fno-ms-headers turns it all
// off.
// RUN: %ampcc %s -o %t 2> %t.err && %t %t.txt | %FileCheck %s
// RUN: %FileCheck --allow-empty --check-prefix=QUIET %s < %t.err
// RUN: %ampcc -DOVERFLOW %s -o %t.overflow && %not --crash %t.overflow 2>&1 | %FileCheck --check-prefix=OVERFLOW %s
// RUN: %ampcc -D_DEBUG -DFAIL_ASSERT %s -o %t.assert && %not --crash %t.assert 2>&1 | %FileCheck --check-prefix=ASSERT %s
// RUN: %not %ampcc -fno-ms-headers %s -fsyntax-only 2>&1 | %FileCheck --check-prefix=OFF %s
// QUIET-NOT: {{warning|error}}
// CHECK: fopen_s 0, read back through a Windows path: written 7
// CHECK: sprintf_s: [7] [x=12] 1099511627776 -1 [abc]
// CHECK: strings: [abcd] [hel] truncated 1 [xy] countof 16
// CHECK: compare: 0 0 1 dup copy
// CHECK: numbers: -42 ff 1010 17 -5
// CHECK: wide: [wide narrow 3]
// CHECK: time: 1970 1
// CHECK: byteswap: 3412 44332211 807060504030201
// CHECK: tokens: [a][b][c]
// CHECK: memcpy_s: 0 hi; too small 34 [] handler called 1
// CHECK: math and stdio: 1.5 2 0 12 3.14159
// CHECK: asserts: off
// OVERFLOW: sprintf_s: invalid parameter: buffer too small (the Visual C++ runtime ends the program here)
// ASSERT: vc-crt-names.cpp({{[0-9]+}}) : Assertion failed: 1 + 1 == 3
// OFF: error: use of undeclared identifier 'fopen_s'
#include <amp.h>
#include <iostream>

static int HandlerCalls = 0;
static void countingHandler(const wchar_t *, const wchar_t *, const wchar_t *,
                            unsigned int, uintptr_t) {
  ++HandlerCalls;
}

int main(int Argc, char **Argv) {
#ifdef OVERFLOW
  char Small[4];
  sprintf_s(Small, "%s", "too long");
  return 0;
#elif defined(FAIL_ASSERT)
  _ASSERTE(1 + 1 == 3);
  return 0;
#else
  (void)Argc;
  FILE *F = nullptr;
  errno_t E = fopen_s(&F, Argv[1], "w");
  fprintf_s(F, "written %d\n", 7);
  fclose(F);
  // Read back through the Windows spelling of the same path.
  char Windows[512];
  strcpy_s(Windows, Argv[1]);
  for (char *P = Windows; *P; ++P)
    if (*P == '/')
      *P = '\\';
  char Line[32] = "";
  fopen_s(&F, Windows, "r");
  fgets(Line, sizeof Line, F);
  fclose(F);
  printf_s("fopen_s %d, read back through a Windows path: %s", (int)E, Line);

  char A[8], B[16], C[32], D[4];
  sprintf_s(A, "%d", 7);
  sprintf_s(B, sizeof B, "x=%d", 12);
  sprintf_s(C, "%I64d", (long long)1 << 40);
  int Cut = _snprintf_s(D, _TRUNCATE, "%s", "abcdef");
  printf("sprintf_s: [%s] [%s] %s %d [%s]\n", A, B, C, Cut, D);

  char S[8];
  strcpy_s(S, "ab");
  strcat_s(S, sizeof S, "cd");
  char T[4];
  errno_t Trunc = strncpy_s(T, "hello", _TRUNCATE);
  char U[8];
  strncpy_s(U, sizeof U, "xyz", 2);
  printf("strings: [%s] [%s] truncated %d [%s] countof %zu\n", S, T, Trunc == STRUNCATE, U,
         _countof(B));

  char *Dup = _strdup("dup copy");
  printf("compare: %d %d %d %s\n", _stricmp("HeLLo", "hello"), _strnicmp("abX", "ABy", 2),
         _stricmp("b", "A") > 0, Dup);
  free(Dup);

  char N1[16], N2[16], N3[16];
  _itoa_s(-42, N1, 10);
  _itoa_s(255, N2, sizeof N2, 16);
  _itoa_s(10, N3, 2);
  printf("numbers: %s %s %s %d %lld\n", N1, N2, N3, _wtoi(L"17"), _atoi64("-5"));

  wchar_t W[32];
  swprintf_s(W, L"%s %S %d", L"wide", "narrow", 3);
  printf("wide: [%ls]\n", W);

  time_t Epoch = 86400 / 2;
  struct tm Tm;
  errno_t TE = gmtime_s(&Tm, &Epoch);
  struct tm Local;
  localtime_s(&Local, &Epoch);
  printf("time: %d %d\n", Tm.tm_year + 1900, TE == 0 && Local.tm_year == 70);

  printf("byteswap: %x %x %llx\n", _byteswap_ushort(0x1234), _byteswap_ulong(0x11223344u),
         _byteswap_uint64(0x0102030405060708ull));

  char Text[] = "a,b;;c";
  char *Context = nullptr;
  printf("tokens: ");
  for (char *Tok = strtok_s(Text, ",;", &Context); Tok; Tok = strtok_s(nullptr, ",;", &Context))
    printf("[%s]", Tok);
  printf("\n");

  char M[4];
  errno_t ME = memcpy_s(M, sizeof M, "hi", 3);
  _set_invalid_parameter_handler(countingHandler);
  char Tiny[2] = "x";
  errno_t TooSmall = strcpy_s(Tiny, "long");
  printf("memcpy_s: %d %s; too small %d [%s] handler called %d\n", (int)ME, M, (int)TooSmall, Tiny,
         HandlerCalls);

  // No <cmath>, <cstdio> or <cstdlib>: Visual C++'s <iostream> brings them.
  std::cout << "math and stdio: " << fabs(-1.5) << " " << std::fabs(-2.0) << " " << log(1.0)
            << " " << atoi("12") << " " << std::_Pi << std::endl;

  _ASSERT(1 + 1 == 3);
  _ASSERTE(false);
  printf("asserts: off\n");
  return 0;
#endif
}
