#!/usr/bin/env bash
# On a GPU machine (after build-bundle.sh here; docs/graphics.md): every
# texture test program on NVIDIA's OpenCL, with images and with
# AMPCC_NO_IMAGES=1 (how many launches ran an image form), then
# image-filter's times both ways on its 256x256 picture and on 2048x2048.
# Usage: bash bench/graphics/run-on-device.sh [REPEATS]
set -u
REPO=$(pwd)
N=${1:-3}
W=$(mktemp -d)
for d in .device/gfx/debs/*.deb; do dpkg -x "$d" "$W/root"; done
export LD_LIBRARY_PATH="$W/root/usr/lib/x86_64-linux-gnu"
mkdir -p "$W/vendors" && echo libnvidia-opencl.so.1 > "$W/vendors/nvidia.icd"
export OCL_ICD_VENDORS="$W/vendors" AMPCC_CACHE_DIR="$W/cache"
cd "$W" && mkdir run && cd run
for p in "$REPO"/.device/gfx/bin/texture-*; do
  t=$(basename "$p")
  for mode in images buffers; do
    if [ $mode = buffers ]; then export AMPCC_NO_IMAGES=1; else unset AMPCC_NO_IMAGES; fi
    out=$(AMPCC_TRACE=1 timeout 120 "$p" 2>"$W/trace"); rc=$?
    echo "== $t ($mode) rc=$rc image launches=$(grep -c 'launch .*_img' "$W/trace")" \
         "launches=$(grep -c 'ampcc: launch' "$W/trace") on$(grep -m1 -o ' on .*' "$W/trace")"
    echo "$out" | grep -v ' 0 mismatches' | head -12
    [ $rc -ne 0 ] && tail -3 "$W/trace"
  done
done
unset AMPCC_NO_IMAGES
"$REPO/.device/gfx/bin/image-filter" >/dev/null 2>&1 # builds and caches the program
for i in $(seq "$N"); do
  "$REPO/.device/gfx/bin/image-filter" | sed 's/^/images  /'
  AMPCC_NO_IMAGES=1 "$REPO/.device/gfx/bin/image-filter" | sed 's/^/buffers /'
  "$REPO/.device/gfx/bin/image-filter" "$REPO/.device/gfx/big.png" b.png e.png | sed 's/^/images  /'
  AMPCC_NO_IMAGES=1 "$REPO/.device/gfx/bin/image-filter" "$REPO/.device/gfx/big.png" b.png e.png |
    sed 's/^/buffers /'
done
AMPCC_PROFILE=1 "$REPO/.device/gfx/bin/image-filter" "$REPO/.device/gfx/big.png" b.png e.png 2>&1 | tail -14
nvidia-smi --query-gpu=name --format=csv,noheader
