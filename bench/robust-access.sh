#!/usr/bin/env bash
# The cost of robust buffer access (`-frobust-buffer-access`, issue 29 item
# 4): the harness (bench/harness) built twice with -O2, plain and robust,
# the two run one after the other ROUNDS times on the same device, kernel
# cases only. bench/robust-report.py then gives, per case, the median
# ampcc time of each build and robust / plain (1.00: free), and the same
# ratio for each run's hand-written OpenCL twin, which no flag changes: it
# shows how much two runs differ by themselves.
#
# Here (PoCL):  BUILD_DIR=build bash bench/robust-access.sh [scale] [rounds] [csv]
#               (BENCH_ARGS="--reps 15 --fastest" on a machine other work
#               shares: each case's fastest sample)
# GPU machine:  bash bench/robust-access.sh --bundle   (here: .device/robust)
#               bash bench/robust-access.sh --run [scale] [rounds] [csv]   (there)
# PoCL on the GPU machine's idle CPU (this machine's 2 shared cores cannot
# time PoCL to 5%): bash bench/pocl-root.sh here packs Debian's PoCL 3.1
# with the LLVM 15 it needs into .device/pocl; there, POCL_ROOT=<unpacked
# root> bash bench/robust-access.sh --run ... loads PoCL alone.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
CASES=${CASES:-copy,saxpy,transpose,sma,histogram,reduction,matmul,binomial,nbody}
B=.device/robust

build() { # DIR
  "$BUILD_DIR/bin/ampcc" -O2 -fno-robust-buffer-access bench/harness/*.cpp -o "$1/bench-plain"
  "$BUILD_DIR/bin/ampcc" -O2 -frobust-buffer-access bench/harness/*.cpp -o "$1/bench-robust"
}

if [ "${1:-}" = --bundle ]; then
  rm -rf "$B" && mkdir -p "$B/debs"
  build "$B"
  strip "$B"/bench-*
  cp /var/cache/apt/archives/ocl-icd-libopencl1_*.deb "$B/debs/" 2>/dev/null ||
    (cd "$B/debs" && apt-get download ocl-icd-libopencl1)
  du -sh "$B"
  exit 0
fi

W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
if [ "${1:-}" = --run ]; then
  shift
  BIN=$B
  # NVIDIA's driver alone, through an ICD loader in a private root
  # (bench/run-on-device.sh does the same).
  for d in "$B"/debs/*.deb; do dpkg -x "$d" "$W/root"; done
  export LD_LIBRARY_PATH="$W/root/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  mkdir -p "$W/vendors"
  if [ -n "${POCL_ROOT:-}" ]; then
    echo "$POCL_ROOT/usr/lib/x86_64-linux-gnu/libpocl.so.2" > "$W/vendors/pocl.icd"
    export LD_LIBRARY_PATH="$POCL_ROOT/usr/lib/x86_64-linux-gnu:$POCL_ROOT/usr/lib/llvm-15/lib:$LD_LIBRARY_PATH"
    export PATH="$POCL_ROOT/usr/bin:$PATH" AMPCC_BACKEND=opencl
  else
    echo libnvidia-opencl.so.1 > "$W/vendors/nvidia.icd"
  fi
  export OCL_ICD_VENDORS="$W/vendors"
else
  BIN=$W
  build "$W"
fi
SCALE=${1:-small}
ROUNDS=${2:-3}
CSV=${3:-robust.csv}
export AMPCC_CACHE_DIR="$W/ampcc-cache" POCL_CACHE_DIR="$W/pocl-cache"
for R in $(seq "$ROUNDS"); do
  for V in plain robust; do
    echo "$(date +%T) $V, round $R of $ROUNDS"
    # shellcheck disable=SC2086 # BENCH_ARGS: more harness options, split.
    "$BIN/bench-$V" --scale "$SCALE" --only "$CASES" ${BENCH_ARGS:-} --csv "$W/$V-$R.csv" > "$W/$V-$R.txt"
  done
done
"${PYTHON:-python3}" bench/robust-report.py -o "$CSV" "$W"/plain-*.csv "$W"/robust-*.csv
