#!/usr/bin/env bash
# Compiles every end-to-end test program (test/e2e, test/host) and the
# benchmarks with ampcc into .device/bin, for running on a machine that has
# a GPU but no compiler (see docs/gpu-testing.md). Each program exits non-zero
# when its results differ from its CPU reference. A program whose RUN lines
# prepare files it needs (vc-source-encodings) cannot be built this way: it
# is listed in .device/bin/NOT-BUILT and at the end, and the script exits
# non-zero. REUSE=1 keeps programs already in .device/bin.
set -uo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
OUT=.device/bin
[ "${REUSE:-0}" = 1 ] || rm -rf "$OUT"
mkdir -p "$OUT"
: > "$OUT/NOT-BUILT"
for src in test/e2e/*.cpp test/host/*.cpp test/runtime/*.cpp; do
  [ -f "$src" ] || continue
  name=$(basename "$src" .cpp)
  # The test's own extra flags (e.g. -ffp-contract=off) from its RUN line.
  flags=$(grep -- '&& %t' "$src" | grep -m1 -o -- '%ampcc [^%]*%s' | sed 's/%ampcc//; s/%s//') || true
  # And the arguments it runs with ('&& %t x | ...'), for run-device-bundle.sh.
  args=$(grep -m1 -- '&& %t' "$src" | sed -n 's/.*&& %t\( [^|>]*\)\{0,1\}.*/\1/p' | sed 's/ 2$//') || true
  [ -n "${args// /}" ] && echo "$args" > "$OUT/$name.args"
  [ "${REUSE:-0}" = 1 ] && [ -x "$OUT/$name" ] && continue
  "$BUILD_DIR/bin/ampcc" -O2 $flags "$src" -o "$OUT/$name" 2> "$OUT/$name.err" || echo "$name" >> "$OUT/NOT-BUILT"
  rm -f "$OUT/$name.err"
done
"$BUILD_DIR/bin/ampcc" -O2 bench/kernels.cpp -o "$OUT/bench-kernels" || echo bench-kernels >> "$OUT/NOT-BUILT"
echo "$(find "$OUT" -maxdepth 1 -type f -perm -u+x | wc -l) programs in $OUT"
if [ -s "$OUT/NOT-BUILT" ]; then
  echo "not built: $(tr '\n' ' ' < "$OUT/NOT-BUILT")"
  exit 1
fi
