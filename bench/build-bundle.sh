#!/usr/bin/env bash
# Builds the benchmark for the GPU machine, which has NVIDIA's OpenCL driver
# and nvcc but no clang: the ampcc harness and the small program (ampcc and
# hand-written OpenCL) into .device/bench/bin, with the OpenCL ICD loader
# package (the image may lack libOpenCL.so.1). The CUDA twins travel as
# sources and are built there by bench/run-on-device.sh.
# Usage: BUILD_DIR=build bash bench/build-bundle.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
OUT=.device/bench
rm -rf "$OUT" && mkdir -p "$OUT/bin" "$OUT/debs"
"$BUILD_DIR/bin/ampcc" -O2 bench/harness/*.cpp -o "$OUT/bin/bench-harness"
"$BUILD_DIR/bin/ampcc" -O2 bench/small/saxpy-amp.cpp -o "$OUT/bin/saxpy-amp"
clang++-19 -O2 bench/small/saxpy-cl.cpp -lOpenCL -o "$OUT/bin/saxpy-cl"
strip "$OUT"/bin/*
bash scripts/device-debs.sh "$OUT/debs" ocl-icd-libopencl1
du -sh "$OUT"
