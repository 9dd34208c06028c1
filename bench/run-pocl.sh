#!/usr/bin/env bash
# The PoCL run behind docs/performance.md's tables: builds the harness and
# the small program, runs them with empty kernel caches (AMPCC_CACHE_DIR,
# POCL_CACHE_DIR), writes docs/perf/pocl.csv, pocl-wholerun.csv, the report
# (stdout) and docs/perf/pocl.png. About three minutes on two shared cores
# at the default scale "small". PYTHON names a python3 that has matplotlib
# (default python3; scripts/setup.sh with BENCH=1 installs Debian's).
# Usage: BUILD_DIR=build bash bench/run-pocl.sh [scale]
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
SCALE=${1:-small}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
mkdir -p docs/perf
"$BUILD_DIR/bin/ampcc" -O2 -fno-host-kernels bench/harness/*.cpp -o "$W/bench-harness"
"$BUILD_DIR/bin/ampcc" -O2 -fno-host-kernels bench/small/saxpy-amp.cpp -o "$W/saxpy-amp"
clang++-19 -O2 bench/small/saxpy-cl.cpp -lOpenCL -o "$W/saxpy-cl"
AMPCC_CACHE_DIR="$W/ampcc" POCL_CACHE_DIR="$W/pocl" \
  "$W/bench-harness" --scale "$SCALE" --csv docs/perf/pocl.csv
rm -f docs/perf/pocl-wholerun.csv
bash bench/whole-run.sh "$W" docs/perf/pocl-wholerun.csv "PoCL"
"${PYTHON:-python3}" bench/report.py --title "PoCL on 2 shared cores" docs/perf/pocl.csv docs/perf/pocl-wholerun.csv
"${PYTHON:-python3}" bench/plot.py --title "ampcc on PoCL, 2 shared cores (scale $SCALE)" \
  -o docs/perf/pocl.png docs/perf/pocl.csv docs/perf/pocl-wholerun.csv
