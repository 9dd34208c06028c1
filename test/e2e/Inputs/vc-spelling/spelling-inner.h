// Included as "SPELLING-INNER.H" by Spelling-Helper.h (e2e/vc-include-spelling.cpp).
#pragma once
#include <amp.h>

inline int inner_offset() restrict(cpu, amp) { return 1; }
