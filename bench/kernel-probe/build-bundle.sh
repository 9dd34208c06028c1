#!/usr/bin/env bash
# Builds the kernel probe's bundle for the GPU machine (no clang there):
# probe.cpp, the harness's hand-written OpenCL C (twin-*.cl), ampcc's
# generated OpenCL C of the same cases (ampcc-*.cl, by this checkout's
# compiler) and the variant files, into .device/probe; with the harness
# (bench/build-bundle.sh) and the transfer bench (bench/transfers) when
# WITH_BENCH=1. Files in $BEFORE_DIR named ampcc-*.cl (another compiler's
# output) travel as ampcc-*-before.cl.
# Usage: BUILD_DIR=build [WITH_BENCH=1] bash bench/kernel-probe/build-bundle.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD_DIR=${BUILD_DIR:-build}
OUT=.device/probe
rm -rf "$OUT" && mkdir -p "$OUT/bin" "$OUT/cl" "$OUT/debs"
clang++-19 -O2 -std=c++17 -DCL_TARGET_OPENCL_VERSION=120 -DCL_USE_DEPRECATED_OPENCL_1_2_APIS \
  bench/kernel-probe/probe.cpp -lOpenCL -ldl -o "$OUT/bin/probe"
for c in sma matmul nbody; do
  python3 - "bench/harness/$c.cpp" > "$OUT/cl/twin-$c.cl" <<'PY'
import re, sys
print(re.search(r'R"CL\((.*?)\)CL"', open(sys.argv[1]).read(), re.S).group(1))
PY
  "$BUILD_DIR/bin/ampcc" -O2 -emit-opencl -I bench/harness "bench/harness/$c.cpp" > "$OUT/cl/ampcc-$c.cl"
  if [ -n "${BEFORE_DIR:-}" ] && [ -f "$BEFORE_DIR/ampcc-$c.cl" ]; then
    cp "$BEFORE_DIR/ampcc-$c.cl" "$OUT/cl/ampcc-$c-before.cl"
  fi
done
cp bench/kernel-probe/*.cl "$OUT/cl/"
bash scripts/device-debs.sh "$OUT/debs" ocl-icd-libopencl1
if [ "${WITH_BENCH:-0}" = 1 ]; then
  BUILD_DIR=$BUILD_DIR bash bench/build-bundle.sh
  BUILD_DIR=$BUILD_DIR bash bench/transfers/build-bundle.sh
fi
du -sh .device/probe .device/bench .device/transfers 2>/dev/null || true
