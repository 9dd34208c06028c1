#!/usr/bin/env bash
# Issue 45's comparison, every baseline in one run: the harness's cases built
# with -fhost-kernels and run on the host backend, the same harness on PoCL,
# the OpenMP twins (bench/host/omp-twins.cpp), and a small program's whole
# run on both. Writes docs/perf/host.csv (host-<N>threads.csv when THREADS
# is not every core; rows: ampcc-host, ampcc-pocl, opencl-pocl: the
# hand-written OpenCL twin on PoCL, openmp) and prints the tables of
# docs/performance.md. THREADS below the core count pins every program to
# the first THREADS cores (taskset), for the scaling figures.
# Usage: BUILD_DIR=build bash bench/host/run.sh [scale] [threads]
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD_DIR=${BUILD_DIR:-build}
SCALE=${1:-small}
THREADS=${2:-$(nproc)}
ONLY=${ONLY:-saxpy,sma,histogram,reduction,matmul,binomial,nbody}
OUT=docs/perf/host.csv
[ "$THREADS" = "$(nproc)" ] || OUT=docs/perf/host-${THREADS}threads.csv
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
mkdir -p docs/perf
"$BUILD_DIR/bin/ampcc" -O2 -fhost-kernels bench/harness/*.cpp -o "$W/harness"
clang++-19 -O3 -march=native -fopenmp -fno-math-errno -std=c++17 \
  bench/host/omp-twins.cpp -o "$W/omp-twins"
export AMPCC_CACHE_DIR="$W/ampcc" POCL_CACHE_DIR="$W/pocl"
export OMP_NUM_THREADS=$THREADS POCL_MAX_PTHREAD_COUNT=$THREADS
# The host backend's threads: oneTBB's, limited by the process's CPU set.
PIN=()
if [ "$THREADS" != "$(nproc)" ]; then PIN=(taskset -c "0-$((THREADS - 1))"); fi
AMPCC_BACKEND=all CPPAMP_DEFAULT_ACCELERATOR=host:0:0 "${PIN[@]}" "$W/harness" \
  --scale "$SCALE" --only "$ONLY" --csv "$W/host.csv"
# PoCL by name: without a GPU the host device is the default of a program
# with host kernels.
AMPCC_BACKEND=opencl "${PIN[@]}" "$W/harness" --scale "$SCALE" --only "$ONLY" --csv "$W/pocl.csv"
"${PIN[@]}" "$W/omp-twins" --scale "$SCALE" --csv "$W/omp.csv"
# A small program's whole run, first and second (bench/whole-run.sh): on the
# host backend nothing is compiled at run time, so the two should match.
"$BUILD_DIR/bin/ampcc" -O2 -fhost-kernels bench/small/saxpy-amp.cpp -o "$W/saxpy-amp"
clang++-19 -O2 bench/small/saxpy-cl.cpp -lOpenCL -o "$W/saxpy-cl"
AMPCC_BACKEND=host "${PIN[@]}" bash bench/whole-run.sh "$W" "$W/whole-host.csv" host
AMPCC_BACKEND=opencl "${PIN[@]}" bash bench/whole-run.sh "$W" "$W/whole-pocl.csv" PoCL
python3 bench/host/report.py "$W/host.csv" "$W/pocl.csv" "$W/omp.csv" \
  --whole-host "$W/whole-host.csv" --whole-pocl "$W/whole-pocl.csv" \
  --out "$OUT" --threads "$THREADS"
