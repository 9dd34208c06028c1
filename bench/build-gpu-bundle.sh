#!/usr/bin/env bash
# Builds what bench/run-gpu.sh runs on the GPU machine (issue 46): the
# harness and the small program built by ampcc (with their PTX, so that they
# run through CUDA or, with AMPCC_BACKEND=opencl, through NVIDIA's OpenCL),
# the hand-written OpenCL small program, ampcc-ls, a set of end-to-end test
# programs, and the OpenCL ICD loader package. The CUDA twins travel as
# sources (bench/cuda) and are built there with nvcc.
# Usage: BUILD_DIR=build OUT=.device/cuda bash bench/build-gpu-bundle.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
OUT=${OUT:-.device/cuda}
AMPCC="$BUILD_DIR/bin/ampcc"
rm -rf "$OUT/bin" "$OUT/e2e" "$OUT/debs"
mkdir -p "$OUT/bin" "$OUT/e2e" "$OUT/debs"
"$AMPCC" -O2 bench/harness/*.cpp -o "$OUT/bin/bench-harness"
"$AMPCC" -O2 bench/small/saxpy-amp.cpp -o "$OUT/bin/saxpy-amp"
clang++-19 -O2 bench/small/saxpy-cl.cpp -lOpenCL -o "$OUT/bin/saxpy-cl"
cp "$BUILD_DIR/bin/ampcc-ls" "$OUT/bin/"
# End-to-end programs, each with the flags of its RUN line; each exits
# non-zero on a wrong result.
E2E=${E2E:-"saxpy-1d api-coverage kernel-diagnostics checked-bounds
  checked-barrier robust-buffer-access robust-access-domain-covered
  histogram-atomics-math prog-atomic-cas-max prog-matrix-multiply
  prog-matrix-vector prog-moving-average prog-particles prog-reduction
  prog-transpose rank3-unsigned rank5-domain tile-static-broadcast
  tile-static-objects tiled-reduce-transpose double-data
  short-vector-float4-saxpy texture-get-set texture-image-forms
  direct3d-intrinsics launches-from-threads non-pow2-extent
  two-kernels-no-transfer discard-data-transfers destructors tile-extent
  conditional-property-operand"}
for name in $E2E; do
  src=test/e2e/$name.cpp
  flags=$(grep -- '&& %t' "$src" | grep -m1 -o -- '%ampcc [^%]*%s' | sed 's/%ampcc//; s/%s//') || true
  "$AMPCC" -O2 $flags "$src" -o "$OUT/e2e/$name" || echo "build failed: $name"
done
strip "$OUT"/bin/* "$OUT"/e2e/*
# The ICD loader, and oneTBB for the programs that use it (api-coverage):
# bench/device-env.sh unpacks every package here into a private root.
bash scripts/device-debs.sh "$OUT/debs" ocl-icd-libopencl1 libtbb12 libtbbmalloc2 libhwloc15
cp bench/run-gpu.sh "$OUT/"
du -sh "$OUT"
