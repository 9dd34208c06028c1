#!/usr/bin/env bash
# On the GPU machine (see docs/performance.md): runs the harness that
# bench/build-bundle.sh built, builds and runs the CUDA twins with nvcc, runs
# the small program first and second time, and writes into $OUT (or
# ./bench-out): harness.csv, cuda.csv, wholerun.csv, report.md, the chart
# and log.txt. Every run starts with empty kernel caches (AMPCC_CACHE_DIR,
# CUDA_CACHE_PATH, which NVIDIA's OpenCL driver uses too).
# Usage: bash bench/run-on-device.sh [scale: full]
set -uo pipefail
cd "$(dirname "$0")/.."
SCALE=${1:-full}
B=.device/bench
DEST=${OUT:-bench-out}
mkdir -p "$DEST"
W=$(mktemp -d)
exec > >(tee "$DEST/log.txt") 2>&1

# The ICD loader into a private root (unpacking over / can break the image),
# and NVIDIA's driver alone: the machines also carry a CPU OpenCL runtime.
for d in "$B"/debs/*.deb; do dpkg -x "$d" "$W/root"; done
export LD_LIBRARY_PATH="$W/root/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p "$W/vendors" && echo libnvidia-opencl.so.1 > "$W/vendors/nvidia.icd"
export OCL_ICD_VENDORS="$W/vendors"
fresh() { export AMPCC_CACHE_DIR=$(mktemp -d) CUDA_CACHE_PATH=$(mktemp -d); }

nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv
echo "== CUDA build"
T0=$(date +%s)
# One nvcc per source, all at once: the machine has 16 cores. Waited for
# by pid: a bare `wait` would also wait for the `tee` above (bash waits for
# process substitutions too) and never return.
PIDS=()
for f in bench/cuda/*.cu; do
  timeout 300 nvcc -O3 -arch=sm_90 -std=c++17 -c "$f" -o "$W/$(basename "$f" .cu).o" &
  PIDS+=($!)
done
timeout 300 nvcc -O3 -arch=sm_90 bench/small/saxpy.cu -o "$W/saxpy-cuda" &
PIDS+=($!)
wait "${PIDS[@]}"
nvcc -arch=sm_90 "$W"/*.o -o "$W/cuda-bench"
echo "nvcc: $(( $(date +%s) - T0 )) s"

echo "== ampcc harness ($SCALE)"
fresh
timeout 400 "$B/bin/bench-harness" --scale "$SCALE" --csv "$DEST/harness.csv"
echo "harness exit $?"
echo "== CUDA twin ($SCALE)"
fresh
[ -x "$W/cuda-bench" ] && timeout 200 "$W/cuda-bench" --scale "$SCALE" --csv "$DEST/cuda.csv"
echo "cuda exit $?"
echo "== small program, first and second run"
cp "$B/bin/saxpy-amp" "$B/bin/saxpy-cl" "$W/" # saxpy-cuda is there already
bash bench/whole-run.sh "$W" "$DEST/wholerun.csv" "$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"

CSVS=$(ls "$DEST"/harness.csv "$DEST"/cuda.csv "$DEST"/wholerun.csv 2>/dev/null)
python3 bench/report.py --title "NVIDIA H100 (NVIDIA OpenCL, CUDA)" $CSVS > "$DEST/report.md"
cat "$DEST/report.md"
python3 bench/plot.py --title "ampcc on the NVIDIA H100 (scale $SCALE)" -o "$DEST/h100.png" $CSVS
