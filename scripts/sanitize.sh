#!/usr/bin/env bash
# Builds ampcc with AddressSanitizer and UndefinedBehaviorSanitizer in
# ./build-asan (cmake/AMPCCSanitize.cmake: compiler, runtime, tools, unit
# tests, and every program the sanitized ampcc links) and runs the whole
# test suite under them. Not part of CI's run: it takes about twice as long.
# The same build has the fuzzing harness (scripts/fuzz.sh; SANITIZERS
# chooses others, as fuzz.sh's fast build does). --build-only
# stops after the build; other arguments go to ctest.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh

BUILD_DIR=${BUILD_DIR:-build-asan}
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
        -DAMPCC_SANITIZE="${SANITIZERS:-address,undefined}" -DAMPCC_FUZZ=ON >/dev/null
fi
# TARGETS (default: everything) lets scripts/fuzz.sh build its harness alone.
cmake --build "$BUILD_DIR" ${TARGETS:+--target $TARGETS} -- -j"${JOBS:-2}"
if [ "${1:-}" = --build-only ]; then
  exit 0
fi

# Leaks inside libraries that are not ours (test/sanitize/lsan.supp says
# which and why) are not reported; everything else fails the test it
# happens in.
SUPP="$PWD/test/sanitize/lsan.supp"
# allow_user_poisoning=0: ampcc's instrumented code inlines LLVM's
# BumpPtrAllocator, which poisons each new slab for ASan, while the
# uninstrumented libclang-cpp allocates from the same slabs without
# unpoisoning: a false use-after-poison (found fuzzing, reading a PCH).
# use_sigaltstack=0: LLVM 15 in PoCL replaces a thread's signal stack with
# one it mallocs when it compiles a kernel there; ASan then fails to unmap
# it when the thread exits ("failed to deallocate", e2e/launches-from-threads.cpp).
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:detect_odr_violation=0:allow_user_poisoning=0:use_sigaltstack=0}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$SUPP:print_suppressions=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
cd "$BUILD_DIR"
ctest --output-on-failure "$@"
