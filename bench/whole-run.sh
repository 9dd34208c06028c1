#!/usr/bin/env bash
# Whole-process wall time of the small program (bench/small), the ampcc
# build against its hand-written OpenCL twin (and the CUDA one where built):
# "first" runs each start with empty kernel caches (AMPCC_CACHE_DIR,
# POCL_CACHE_DIR, CUDA_CACHE_PATH: NVIDIA's OpenCL driver caches there too),
# median of FIRST runs; "second" runs find the caches that one earlier run
# filled, median of SECOND runs. Appends rows in the harness's CSV columns.
# Usage: bench/whole-run.sh BIN_DIR CSV DEVICE_LABEL
#   BIN_DIR holds saxpy-amp, saxpy-cl and optionally saxpy-cuda.
set -euo pipefail
BIN=$1 CSV=$2 DEVICE=$3
FIRST=${FIRST:-3} SECOND=${SECOND:-7}
[ -s "$CSV" ] || echo "device,impl,case,group,scale,ms,rate,unit,bytes_moved,bytes_min,ok" > "$CSV"

# Runs $1 once with the caches under $2; prints its wall microseconds, or
# fails when it does not print "correct".
run_once() {
  local start end out
  start=$(date +%s%N)
  out=$(AMPCC_CACHE_DIR="$2/ampcc" POCL_CACHE_DIR="$2/pocl" CUDA_CACHE_PATH="$2/cuda" "$1")
  end=$(date +%s%N)
  [ "$out" = correct ] || { echo "$1: $out" >&2; return 1; }
  echo $(( (end - start) / 1000 ))
}

# Median of microseconds on stdin, in milliseconds.
median() { sort -n | awk '{ v[NR] = $1 } END { printf "%.3f\n", v[int((NR + 1) / 2)] / 1000 }'; }

for impl in amp cl cuda; do
  prog=$BIN/saxpy-$impl
  [ -x "$prog" ] || continue
  name=$impl; [ $impl = amp ] && name=ampcc; [ $impl = cl ] && name=opencl
  first=$(for i in $(seq "$FIRST"); do
            d=$(mktemp -d); run_once "$prog" "$d"; rm -rf "$d"; done | median)
  d=$(mktemp -d)
  run_once "$prog" "$d" > /dev/null # fills the caches
  second=$(for i in $(seq "$SECOND"); do run_once "$prog" "$d"; done | median)
  rm -rf "$d"
  echo "$DEVICE,$name,small-first,wholerun,-,$first,0,,-1,-1,1" >> "$CSV"
  echo "$DEVICE,$name,small-second,wholerun,-,$second,0,,-1,-1,1" >> "$CSV"
  printf '  %-8s small program: first run %8.1f ms, second run %8.1f ms\n' "$name" "$first" "$second"
done
