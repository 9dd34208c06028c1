#!/usr/bin/env bash
# Compile time of `ampcc -O2` against `clang++-19 -O2` on the same file, in
# one script on one machine. The baseline compiles and links the file as the
# host pass does (HIP host mode, so <amp.h> parses) but generates no kernels;
# the ratio is ampcc's whole cost (device pass + OpenCL C + host stub) over
# that. Wall time, and CPU time (user + system, children included), which
# other work on the machine disturbs less: ampcc's two passes run side by
# side on two cores, so its wall time gains from an idle machine and its CPU
# time does not. ampcc's precompiled <amp.h> is built before the timed runs
# (the first compile of a set of options builds it; later ones load it).
# AMPCC_FLAGS adds options to ampcc's compiles (AMPCC_FLAGS=-fno-host-kernels:
# without the C compile of the kernels for the host backend, ampcc's
# default since 2026-11-29).
# Usage: bench/compile-time.sh [file.cpp] (default: examples/saxpy).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
SRC=${1:-examples/saxpy/saxpy.cpp}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
REPS=${REPS:-5}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
timeit() { # prints "wall-ms cpu-ms" of one run of "$@"; a failed run stops the bench
  if ! /usr/bin/time -f "%e %U %S" -o "$OUT/time" "$@" >/dev/null 2>"$OUT/err"; then
    echo "compile-time: failed: $*" >&2; head -5 "$OUT/err" >&2; exit 1
  fi
  awk '{printf "%d %d\n", $1 * 1000, ($2 + $3) * 1000}' "$OUT/time"
}
read -r -a EXTRA <<< "${AMPCC_FLAGS:-}"
AMPCC=("$BUILD_DIR/bin/ampcc" -O2 "${EXTRA[@]}" "$SRC" -o "$OUT/a")
CLANG=(clang++-19 -O2 -x hip --offload-host-only -nogpuinc -nogpulib -fdeclspec -Wno-cuda-compat
  -no-hip-rt -isystem include "$SRC" -o "$OUT/b" -x none "$BUILD_DIR/lib/libampcc_rt.a"
  -lOpenCL -lpthread)

timeit "${AMPCC[@]}" >/dev/null # builds the precompiled headers if they are missing
for i in $(seq "$REPS"); do timeit "${AMPCC[@]}"; timeit "${CLANG[@]}"; done > "$OUT/runs"
A_WALL=$(awk 'NR % 2 == 1 {print $1}' "$OUT/runs" | median)
A_CPU=$(awk 'NR % 2 == 1 {print $2}' "$OUT/runs" | median)
C_WALL=$(awk 'NR % 2 == 0 {print $1}' "$OUT/runs" | median)
C_CPU=$(awk 'NR % 2 == 0 {print $2}' "$OUT/runs" | median)
awk -v f="$SRC" -v x="${AMPCC_FLAGS:-}" -v aw="$A_WALL" -v ac="$A_CPU" -v cw="$C_WALL" -v cc="$C_CPU" 'BEGIN {
  printf "file: %s\n", f
  printf "                wall     cpu\n"
  printf "ampcc -O2 %s: %.2f s   %.2f s\n", x, aw / 1000, ac / 1000
  printf "clang++-19 -O2: %.2f s   %.2f s\n", cw / 1000, cc / 1000
  printf "ratio:          %.2f     %.2f\n", aw / cw, ac / cc }'
