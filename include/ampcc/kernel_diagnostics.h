// ampcc/kernel_diagnostics.h - direct3d_printf, direct3d_errorf and
// direct3d_abort: Visual C++'s debugging intrinsics of amp code.
//
// Declarations only; the code generator implements them (AmpLibrary.cpp):
//  * direct3d_printf is OpenCL C's printf: the output reaches the program's
//    stdout when the kernel has run (at the latest at the next wait).
//  * direct3d_errorf prints the same way, then ends the calling thread's
//    kernel and records the formatted message, which the next synchronizing
//    call on the host (wait, synchronize, a host access, a copy) throws as a
//    runtime_exception, as Visual C++'s runtime does.
//  * direct3d_abort ends the thread the same way; the exception says
//    "Reference Rasterizer: Shader abort instruction hit", Visual C++'s
//    words, and where the abort was.
// Visual C++ runs them only in Debug builds on the REF accelerator (and
// makes them no-ops elsewhere); ampcc runs them in every build, on every
// device. The format string must be a string literal (OpenCL C requires it)
// and, as in Visual C++, errorf takes at most seven arguments.
#ifndef AMPCC_KERNEL_DIAGNOSTICS_H
#define AMPCC_KERNEL_DIAGNOSTICS_H

#include "restrict.h"

namespace Concurrency {

void direct3d_printf(const char *Format, ...) restrict(amp);
void direct3d_errorf(const char *Format, ...) restrict(amp);
void direct3d_abort() restrict(amp);

} // namespace Concurrency

#endif // AMPCC_KERNEL_DIAGNOSTICS_H
