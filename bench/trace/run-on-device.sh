#!/usr/bin/env bash
# On the GPU machine: traces (AMPCC_TRACE_FILE) where a first launch and the
# multi-gpu example spend their time, with every baseline in the same run.
# Writes log-WHAT.txt and the traces into $OUT (or ./trace-out).
# Usage: bash bench/trace/run-on-device.sh [first|ctx|multi|all] [repeat]
# (ctx: the small program's first run with one context for every GPU of the
# platform against one a device)
set -uo pipefail
cd "$(dirname "$0")/../.."
WHAT=${1:-all}
REPEAT=${2:-3}
B=.device/trace
DEST=${OUT:-trace-out}
mkdir -p "$DEST"
W=$(mktemp -d)
exec > >(tee "$DEST/log-$WHAT.txt") 2>&1

. bench/device-env.sh
fresh() { export AMPCC_CACHE_DIR=$(mktemp -d) CUDA_CACHE_PATH=$(mktemp -d); }
nvidia-smi --query-gpu=index,name,driver_version --format=csv
S=bench/trace/summary.py

if [ "$WHAT" = first ] || [ "$WHAT" = all ]; then
  nvcc -O3 -arch=sm_90 bench/small/saxpy.cu -o "$W/saxpy-cuda" &
  NVCC=$!
  echo "== first launch, small program (empty caches), traced"
  for i in 1 2; do
    fresh
    AMPCC_TRACE_FILE="$DEST/first-$i.json" "$B/bin/saxpy-amp"
    python3 $S "$DEST/first-$i.json"
  done
  echo "== harness build-first (empty caches), $REPEAT runs"
  for i in $(seq "$REPEAT"); do
    fresh
    "$B/bin/bench-harness" --only build-first --csv "$DEST/build-first.csv" | grep build-first
  done
  fresh
  AMPCC_TRACE_FILE="$DEST/build-first.json" "$B/bin/bench-harness" --only build-first | grep build-first
  python3 $S "$DEST/build-first.json" | grep -v "^ *[0-9.]* *[0-9.]*  NVIDIA" | tail -25
  wait $NVCC
  cp "$B/bin/saxpy-amp" "$B/bin/saxpy-cl" "$W/"
  echo "== small program, whole runs"
  FIRST=5 SECOND=5 bash bench/whole-run.sh "$W" "$DEST/wholerun.csv" \
    "$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
  cat "$DEST/wholerun.csv"
fi

if [ "$WHAT" = ctx ] || [ "$WHAT" = all ]; then
  echo "== small program, first runs (empty caches): one context for every GPU, then one a device"
  for mode in shared per-device; do
    for i in 1 2 3; do
      fresh
      T0=$(date +%s%N)
      if [ $mode = shared ]; then "$B/bin/saxpy-amp" > /dev/null
      else AMPCC_CONTEXT_PER_DEVICE=1 "$B/bin/saxpy-amp" > /dev/null; fi
      echo "$mode run $i: $(( ($(date +%s%N) - T0) / 1000000 )) ms"
    done
  done
fi

if [ "$WHAT" = multi ] || [ "$WHAT" = all ]; then
  export AMPCC_CACHE_DIR=$W/cache
  multi() { timeout 300 "$B/bin/multi-gpu" --size 16384 --repeat "$REPEAT" | grep -v "^accelerator"; }
  echo "== multi-gpu 16384 (repeat $REPEAT)"
  multi
  echo "== multi-gpu: one context a device"
  AMPCC_CONTEXT_PER_DEVICE=1 multi
  echo "== multi-gpu traced (repeat 1)"
  AMPCC_TRACE_FILE="$DEST/multi.json" timeout 300 "$B/bin/multi-gpu" --size 16384 --repeat 1 | grep -v "^accelerator"
  python3 $S "$DEST/multi.json" --busy | grep -v "host thread" | tail -12
fi
echo "== done"
