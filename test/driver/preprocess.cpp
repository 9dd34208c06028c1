// -E prints what the host pass's preprocessor sees (ccache and distcc run
// it to hash a compile): macros expanded, restrict(amp) spelled as the
// attribute ampcc parses, to stdout or to -o.
// RUN: %ampcc -E -DPP_VALUE=41 %s | %FileCheck %s
// RUN: %ampcc -E -DPP_VALUE=41 %s -o %t.ii
// RUN: %FileCheck %s < %t.ii
// RUN: %not %ampcc -E %s nonexistent.o 2>&1 | %FileCheck --check-prefix=LINK %s
// CHECK: int preprocessed_value = 41 + 1;
// CHECK: __attribute__((device))
// LINK: linker input unused when not linking
#include <amp.h>
int preprocessed_value = PP_VALUE + 1;
int twice(int X) restrict(amp) { return 2 * X; }
