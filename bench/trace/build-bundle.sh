#!/usr/bin/env bash
# Builds what run-on-device.sh traces on the GPU machine into .device/trace:
# the small program (ampcc and hand-written OpenCL; the CUDA twin is built
# there), the harness (its build-first case), the multi-gpu example, and
# the OpenCL ICD loader package.
# Usage: BUILD_DIR=build bash bench/trace/build-bundle.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD_DIR=${BUILD_DIR:-build}
OUT=.device/trace
rm -rf "$OUT" && mkdir -p "$OUT/bin" "$OUT/debs"
"$BUILD_DIR/bin/ampcc" -O2 bench/small/saxpy-amp.cpp -o "$OUT/bin/saxpy-amp"
clang++-19 -O2 bench/small/saxpy-cl.cpp -lOpenCL -o "$OUT/bin/saxpy-cl"
"$BUILD_DIR/bin/ampcc" -O2 examples/multi-gpu/multi-gpu.cpp -o "$OUT/bin/multi-gpu"
"$BUILD_DIR/bin/ampcc" -O2 bench/harness/*.cpp -o "$OUT/bin/bench-harness"
strip "$OUT"/bin/*
bash scripts/device-debs.sh "$OUT/debs" ocl-icd-libopencl1
du -sh "$OUT"
