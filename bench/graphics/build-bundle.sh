#!/usr/bin/env bash
# Builds what the graphics checks run on a GPU machine (run-on-device.sh;
# docs/graphics.md) into .device/gfx: every texture test program, the
# image-filter example, a 2048x2048 PNG made from the example's own test
# picture, and as .deb files the OpenCL ICD loader and libpng (the GPU
# machine has no compiler and fetches nothing).
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD_DIR=${BUILD_DIR:-build}
OUT=.device/gfx
rm -rf "$OUT" && mkdir -p "$OUT/bin" "$OUT/debs"
for src in test/e2e/texture-*.cpp; do
  "$BUILD_DIR/bin/ampcc" -O2 "$src" -o "$OUT/bin/$(basename "$src" .cpp)"
done
"$BUILD_DIR/bin/ampcc" -O2 examples/image-filter/image-filter.cpp -lpng \
    -o "$OUT/bin/image-filter"
strip "$OUT"/bin/*
# The large input: the example's picture at 2048x2048 (it writes input.png
# with --size 2048).
(cd "$OUT" && ./bin/image-filter --size 2048 >/dev/null && mv input.png big.png &&
 rm -f blur.png edges.png)
cd "$OUT/debs"
apt-get download ocl-icd-libopencl1 libpng16-16 >/dev/null
echo "$(ls ../bin | wc -l) programs, $(du -sh .. | cut -f1)"
