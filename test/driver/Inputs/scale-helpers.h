// Header for define-include.cpp, found only through -I: a restrict(cpu, amp)
// function used by both host code and the kernel, and a macro that is only
// defined if the command line's -DOFFSET reached this header.
#ifndef SCALE_HELPERS_H
#define SCALE_HELPERS_H
inline int scaleBy(int X, int S) restrict(cpu, amp) { return X * S; }
#ifdef OFFSET
#define HEADER_OFFSET (OFFSET + 1)
#endif
#endif
