#!/usr/bin/env bash
# Builds the transfer benchmark for the GPU machine (no clang there): ampcc's
# transfers.cpp into .device/transfers/bin, with the OpenCL ICD loader
# package. The CUDA twin travels as source; run-on-device.sh builds it.
# Usage: BUILD_DIR=build bash bench/transfers/build-bundle.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD_DIR=${BUILD_DIR:-build}
OUT=.device/transfers
rm -rf "$OUT" && mkdir -p "$OUT/bin" "$OUT/debs"
"$BUILD_DIR/bin/ampcc" -O2 -I runtime bench/transfers/transfers.cpp -o "$OUT/bin/transfers"
strip "$OUT/bin/transfers"
cp /var/cache/apt/archives/ocl-icd-libopencl1_*.deb "$OUT/debs/" 2>/dev/null ||
  (cd "$OUT/debs" && apt-get download ocl-icd-libopencl1)
du -sh "$OUT"
