#!/usr/bin/env bash
# Compile time of `ampcc -O2` against `clang++-19 -O2` on the same file, in
# one script on one machine. The baseline compiles and links the file as the
# host pass does (HIP host mode, so <amp.h> parses) but generates no kernels;
# the ratio is ampcc's whole cost (device pass + OpenCL C + host stub) over
# that. Usage: bench/compile-time.sh [file.cpp] (default: examples/saxpy).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
SRC=${1:-examples/saxpy/saxpy.cpp}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
REPS=${REPS:-5}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
timeit() { # prints milliseconds of one run of "$@"; a failed run stops the bench
  local s e; s=$(date +%s%N)
  if ! "$@" >/dev/null 2>"$OUT/err"; then
    echo "compile-time: failed: $*" >&2; head -5 "$OUT/err" >&2; exit 1
  fi
  e=$(date +%s%N)
  echo $(( (e - s) / 1000000 ))
}

AMPCC=$(for i in $(seq $REPS); do timeit "$BUILD_DIR/bin/ampcc" -O2 "$SRC" -o "$OUT/a"; done | median)
CLANG=$(for i in $(seq $REPS); do timeit clang++-19 -O2 -x hip --offload-host-only -nogpuinc -nogpulib \
  -fdeclspec -Wno-cuda-compat -no-hip-rt -isystem include "$SRC" -o "$OUT/b" -x none "$BUILD_DIR/lib/libampcc_rt.a" -lOpenCL -lpthread; done | median)
awk -v f="$SRC" -v a="$AMPCC" -v c="$CLANG" 'BEGIN {
  printf "file: %s\nampcc -O2:      %.2f s\nclang++-19 -O2: %.2f s\nratio:          %.2f\n", f, a/1000, c/1000, a/c }'
