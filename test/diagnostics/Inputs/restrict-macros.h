// Restriction macros in a header, as the conformance suite's
// amptest/restrict.h defines them.
#define CPU_ONLY_IN_HEADER restrict(cpu)
