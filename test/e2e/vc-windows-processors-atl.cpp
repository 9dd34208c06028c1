// The rest of what console programs of the Windows machine use beside
// C++ AMP (the AES and image filter samples): MSDN's way of counting
// cores, GetLogicalProcessorInformation reached through
// GetProcAddress(GetModuleHandle(TEXT("kernel32")), ...), answered from
// Linux's CPU topology and checked against sysconf; a name kernel32 lacks
// gives a null pointer, another module none; ATL's CW2A and CA2W
// (<atlconv.h>, also through <atlbase.h>) convert accelerator descriptions;
// memcpy and FLT_MAX without <cstring> or <cfloat>, as Microsoft's
// standard headers bring them; and <intrin.h>.
// REQUIRES: opencl
// RUN: %ampcc %s -o %t 2> %t.err && %t | %FileCheck %s
// RUN: %FileCheck --allow-empty --check-prefix=QUIET %s < %t.err
// QUIET-NOT: {{warning|error}}
// CHECK: processors: first call 0 needs 1, cores 1, logical matches sysconf 1, packages 1
// CHECK: modules: kernel32 1 KERNEL32.DLL 1 missing function 1 other module 1
// CHECK: atl: 'description: ok' 'wide 1' length 15
// CHECK: headers: memcpy 7 flt_max 1 byteswap 1 rdtsc 1
#include <amp.h>
#include <atlbase.h>
#include <atlconv.h>
#include <intrin.h>
#include <iostream>
#include <string>
#include <windows.h>

typedef BOOL(WINAPI *LPFN_GLPI)(PSYSTEM_LOGICAL_PROCESSOR_INFORMATION, PDWORD);

static DWORD countBits(ULONG_PTR Mask) {
  DWORD N = 0;
  for (; Mask; Mask >>= 1)
    N += Mask & 1;
  return N;
}

int main() {
  LPFN_GLPI Glpi = (LPFN_GLPI)GetProcAddress(GetModuleHandle(TEXT("kernel32")),
                                             "GetLogicalProcessorInformation");
  DWORD Length = 0;
  BOOL First = Glpi(nullptr, &Length);
  bool Needs = GetLastError() == ERROR_INSUFFICIENT_BUFFER && Length > 0;
  auto *Buffer = (PSYSTEM_LOGICAL_PROCESSOR_INFORMATION) new char[Length];
  BOOL Second = Glpi(Buffer, &Length);
  DWORD Cores = 0, Logical = 0, Packages = 0;
  for (DWORD I = 0; I < Length / sizeof(SYSTEM_LOGICAL_PROCESSOR_INFORMATION); ++I) {
    if (Buffer[I].Relationship == RelationProcessorCore) {
      ++Cores;
      Logical += countBits(Buffer[I].ProcessorMask);
    } else if (Buffer[I].Relationship == RelationProcessorPackage) {
      ++Packages;
    }
  }
  delete[] (char *)Buffer;
  long Online = sysconf(_SC_NPROCESSORS_ONLN);
  std::cout << "processors: first call " << First << " needs " << Needs << ", cores "
            << (Second && Cores >= 1 && Cores <= Logical) << ", logical matches sysconf "
            << (long(Logical) == (Online > 64 ? 64 : Online)) << ", packages " << (Packages >= 1)
            << "\n";

  std::cout << "modules: kernel32 " << (GetModuleHandleA("kernel32") != nullptr) << " KERNEL32.DLL "
            << (GetModuleHandleW(L"KERNEL32.DLL") != nullptr) << " missing function "
            << (GetProcAddress(GetModuleHandleA("kernel32"), "NoSuchFunction") == nullptr)
            << " other module " << (GetModuleHandleA("user32") == nullptr) << "\n";

  std::wstring Description = L"description: ok";
  std::string Narrow = std::string(CW2A(Description.c_str()));
  std::wstring Wide = std::wstring(CA2W(Narrow.c_str()));
  std::cout << "atl: '" << Narrow << "' 'wide " << (Wide == Description) << "' length "
            << Narrow.size() << "\n";

  char Source[8] = "1234567", Copy[8] = {};
  memcpy(Copy, Source, 8);
  std::cout << "headers: memcpy " << strlen(Copy) << " flt_max " << (FLT_MAX > 1e38f)
            << " byteswap " << (_byteswap_ulong(0x01020304u) == 0x04030201u) << " rdtsc "
            << (__rdtsc() != 0) << "\n";
  return 0;
}
