#!/usr/bin/env bash
# The cost of checked mode (`ampcc -fsanitize=bounds`): bench/kernels.cpp
# built twice, plain and checked, run one after the other on the same
# device. Each run also times the hand-written OpenCL baseline, so the
# script prints, per kernel, plain and checked time over that baseline and
# checked over plain (1.00 = checking costs nothing).
# Usage: bench/checked-mode.sh [scale]
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
SCALE=${1:-1}

"$BUILD_DIR/bin/ampcc" -O2 bench/kernels.cpp -o "$OUT/plain"
"$BUILD_DIR/bin/ampcc" -O2 -fsanitize=bounds bench/kernels.cpp -o "$OUT/checked"
"$OUT/plain" "$SCALE" > "$OUT/plain.txt"
"$OUT/checked" "$SCALE" > "$OUT/checked.txt"
head -1 "$OUT/plain.txt"
# Lines: "<name>  ampcc X ms   opencl Y ms   ratio R   results match".
paste -d '\n' <(grep ' ampcc ' "$OUT/plain.txt") <(grep ' ampcc ' "$OUT/checked.txt") |
awk '{ n = index($0, " ampcc "); name = substr($0, 1, n - 1); sub(/ +$/, "", name)
       split(substr($0, n), f, " +"); t = f[3]; cl = f[6]; ok = ($0 ~ /results match/)
       if (NR % 2) { pname = name; pt = t; pcl = cl; pok = ok; next }
       printf "%-28s plain/opencl %5.2f   checked/opencl %5.2f   checked/plain %5.2f   %s\n",
              pname, pt / pcl, t / cl, (t / cl) / (pt / pcl),
              (pok && ok) ? "results match" : "RESULTS DIFFER" }'
