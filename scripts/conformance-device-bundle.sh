#!/usr/bin/env bash
# Packs the conformance test programs that a PoCL run built (the runner keeps
# each test's executables in WORK_DIR/out/<test>/testN.out) into
# .device/conformance/, with the OpenCL ICD loader and oneTBB packages, for a
# machine with a GPU but no compiler; scripts/run-conformance-on-device.sh
# runs them there. Only tests decided by running are packed: negative and
# compile-only tests have the same verdict on every device.
# Usage: scripts/conformance-device-bundle.sh WORK_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=${1:?usage: $0 WORK_DIR}
OUT=.device/conformance
rm -rf "$OUT" && mkdir -p "$OUT/debs"
# Executables only (their logs and the suite's sources stay here), stripped.
STAGE=$(mktemp -d)
(cd "$WORK/out" && find . -name 'test*.out' -type f) | while read -r f; do
  mkdir -p "$STAGE/$(dirname "$f")"
  strip -o "$STAGE/$f" "$WORK/out/$f"
done
tar -C "$STAGE" -cJf "$OUT/tests.tar.xz" .
rm -rf "$STAGE"
bash scripts/device-debs.sh "$OUT/debs" ocl-icd-libopencl1 libtbb12 libtbbmalloc2
du -sh "$OUT"
