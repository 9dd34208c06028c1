#!/usr/bin/env bash
# On the GPU machine: ampcc's transfers through CUDA and through NVIDIA's
# OpenCL, raw OpenCL's (transfers.cpp, built by build-bundle.sh) and CUDA's
# (built here with nvcc), every baseline in the same run; writes
# ampcc-cuda.csv, ampcc.csv, cuda.csv, gpu-transfers.csv (the three in one),
# report.md and log.txt into $OUT (or ./transfers-out).
# Usage: bash bench/transfers/run-on-device.sh [sizes: 1,4,16,64,256] [--grid]
set -uo pipefail
cd "$(dirname "$0")/../.."
SIZES=${1:-1,4,16,64,256}
shift || true
B=.device/transfers
DEST=${OUT:-transfers-out}
mkdir -p "$DEST"
W=$(mktemp -d)
exec > >(tee "$DEST/log.txt") 2>&1

# The ICD loader into a private root, NVIDIA's driver alone (the machines
# also carry a CPU OpenCL runtime).
for d in "$B"/debs/*.deb; do dpkg -x "$d" "$W/root"; done
export LD_LIBRARY_PATH="$W/root/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p "$W/vendors" && echo libnvidia-opencl.so.1 > "$W/vendors/nvidia.icd"
export OCL_ICD_VENDORS="$W/vendors" AMPCC_CACHE_DIR="$W/cache"

nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.current,pcie.link.width.current --format=csv
lscpu | grep -E "Model name|^CPU\(s\)|NUMA node\(s\)"
# Built first: a compiler running beside the measurements would take the
# cores the host copies use.
timeout 300 nvcc -O3 -arch=sm_90 -std=c++17 bench/transfers/cuda-main.cu \
  bench/cuda/transfers.cu bench/cuda/common.cu -o "$W/cuda-transfers"
echo "== ampcc through CUDA"
timeout 300 "$B/bin/transfers" --sizes "$SIZES" --no-sweep --csv "$DEST/ampcc-cuda.csv" \
  > "$DEST/ampcc-cuda.txt"
echo "transfers (CUDA) exit $?"
echo "== ampcc through NVIDIA's OpenCL, and raw OpenCL"
AMPCC_BACKEND=opencl timeout 300 "$B/bin/transfers" --sizes "$SIZES" --csv "$DEST/ampcc.csv" \
  "$@" > "$DEST/ampcc.txt"
echo "transfers (OpenCL) exit $?"
echo "== CUDA"
timeout 120 "$W/cuda-transfers" --sizes "$SIZES" --csv "$DEST/cuda.csv"
echo "cuda exit $?"
python3 bench/transfers/report.py "$DEST/ampcc.csv" "$DEST/ampcc-cuda.csv" "$DEST/cuda.csv" |
  tee "$DEST/report.md"
# One table of the run, as docs/perf/gpu-transfers.csv keeps it.
{
  cat "$DEST/ampcc.csv"
  tail -n +2 "$DEST/ampcc-cuda.csv"
  tail -n +2 "$DEST/cuda.csv"
} > "$DEST/gpu-transfers.csv"
