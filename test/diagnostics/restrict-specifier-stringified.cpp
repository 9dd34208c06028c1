// An unknown or empty restriction specifier inside a macro argument that a
// second macro stringifies, as assert and gtest's EXPECT_EQ do (the outer
// macro expands the argument, the inner one applies #). ampcc parses such a
// specifier as an attribute meanwhile, through a macro it defines; its
// tokens were built by hand with length 0, and Clang's stringification
// copied each identifier's name into the room the length made: none. The
// string lost its names (zero bytes in their place), and a long one
// overflowed the heap (ampcc-fuzz, 2026-12-02: glibc's "realloc(): invalid
// next size", or AddressSanitizer's heap-buffer-overflow in
// MacroArgs::StringifyArgument). The strings below must hold the attributes.
// RUN: %not %ampcc -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=warning:
#include <amp.h>

#define STR(x) #x
#define XSTR(x) STR(x)

#pragma message XSTR(int f() restrict(gpu))
// CHECK: restrict-specifier-stringified.cpp:[[@LINE-1]]:9: warning: int f() __attribute__((device)) [-W#pragma-messages]
// CHECK: restrict-specifier-stringified.cpp:[[@LINE-2]]:39: error: unknown restriction specifier 'gpu'
// CHECK: restrict-specifier-stringified.cpp:[[@LINE-3]]:39: note: did you mean 'amp'?

#pragma message XSTR(int g() restrict())
// CHECK: restrict-specifier-stringified.cpp:[[@LINE-1]]:9: warning: int g() __attribute__((host, device)) [-W#pragma-messages]
// CHECK: restrict-specifier-stringified.cpp:[[@LINE-2]]:30: error: empty restriction specifier

// Long enough that the string leaves its inline buffer for the heap, where
// the missing room was an overflow.
#pragma message XSTR(int h(int aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa, int bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb) restrict(gpu) restrict(gpu) restrict(gpu))
// CHECK: restrict-specifier-stringified.cpp:[[@LINE-1]]:9: warning: int h(int aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa, int bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb) __attribute__((device)) __attribute__((device)) __attribute__((device)) [-W#pragma-messages]
// CHECK-COUNT-3: error: unknown restriction specifier 'gpu'
// CHECK: 5 errors generated.
