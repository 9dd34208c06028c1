#!/usr/bin/env bash
# Compiles every end-to-end test program (test/e2e, test/host) and the
# benchmarks with ampcc into .device/bin, for running on a machine that has
# a GPU but no compiler (see docs/gpu-testing.md). Each program exits non-zero
# when its results differ from its CPU reference.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
OUT=.device/bin
rm -rf "$OUT" && mkdir -p "$OUT"
for src in test/e2e/*.cpp test/host/*.cpp test/runtime/*.cpp; do
  [ -f "$src" ] || continue
  name=$(basename "$src" .cpp)
  # The test's own extra flags (e.g. -ffp-contract=off) from its RUN line.
  flags=$(grep -- '&& %t' "$src" | grep -m1 -o -- '%ampcc [^%]*%s' | sed 's/%ampcc//; s/%s//') || true
  "$BUILD_DIR/bin/ampcc" -O2 $flags "$src" -o "$OUT/$name"
done
"$BUILD_DIR/bin/ampcc" -O2 bench/kernels.cpp -o "$OUT/bench-kernels"
ls "$OUT" | wc -l
