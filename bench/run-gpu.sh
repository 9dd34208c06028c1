#!/usr/bin/env bash
# On the GPU machine, from the repository's root, over what
# bench/build-gpu-bundle.sh built into $B (issue 46): a smoke test through
# the CUDA backend, the end-to-end programs through CUDA (each that fails
# again through OpenCL, to tell the backend's failures from the program's),
# then in one run every baseline: the harness through CUDA and through
# NVIDIA's OpenCL with its OpenCL twin, the CUDA twins (nvcc -O3, built here
# while the programs run), and the small program's first and second runs.
# Writes into $OUT (or ./bench-out): gpu-harness.csv (column impl:
# ampcc-cuda, ampcc-opencl, opencl), gpu-cuda.csv, gpu-wholerun.csv, e2e.txt
# and log.txt. Every run starts with empty kernel caches.
# Usage: B=.device/cuda bash bench/run-gpu.sh [scale: full]
set -uo pipefail
SCALE=${1:-full}
B=${B:-.device/cuda}
DEST=${OUT:-bench-out}
mkdir -p "$DEST"
W=$(mktemp -d)
exec > >(tee "$DEST/log.txt") 2>&1

# The ICD loader into a private root, and NVIDIA's OpenCL driver alone.
. bench/device-env.sh
fresh() { export AMPCC_CACHE_DIR=$(mktemp -d) CUDA_CACHE_PATH=$(mktemp -d); }
nvidia-smi --query-gpu=name,driver_version --format=csv
DEV=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)

# The CUDA twins build on the CPUs while the programs below use the GPU.
(
  for f in bench/cuda/*.cu; do
    timeout 300 nvcc -O3 -arch=sm_90 -std=c++17 -c "$f" -o "$W/$(basename "$f" .cu).o" &
  done
  timeout 300 nvcc -O3 -arch=sm_90 bench/small/saxpy.cu -o "$W/saxpy-cuda" &
  wait
  nvcc -arch=sm_90 "$W"/*.o -o "$W/cuda-bench"
) > "$W/nvcc.log" 2>&1 &
NVCC=$!

echo "== smoke"
fresh
AMPCC_VERBOSE=1 "$B/bin/ampcc-ls" -v
AMPCC_VERBOSE=1 timeout 60 "$B/e2e/saxpy-1d"; echo "saxpy-1d through the default backend: exit $?"

echo "== end-to-end programs through CUDA"
: > "$DEST/e2e.txt"
for p in "$B"/e2e/*; do
  name=$(basename "$p")
  fresh
  timeout 60 env AMPCC_BACKEND=cuda "$p" > "$W/out.txt" 2>&1
  rc=$?
  line="$name cuda=$rc"
  if [ $rc -ne 0 ]; then
    echo "-- $name through CUDA (exit $rc):"; tail -4 "$W/out.txt"
    fresh
    timeout 60 env AMPCC_BACKEND=opencl "$p" > /dev/null 2>&1
    line="$line opencl=$?"
  fi
  echo "$line" >> "$DEST/e2e.txt"
done
echo "passed through CUDA: $(grep -c 'cuda=0' "$DEST/e2e.txt") of $(wc -l < "$DEST/e2e.txt")"

echo "== harness through CUDA, then through NVIDIA's OpenCL ($SCALE)"
fresh
AMPCC_BACKEND=cuda timeout 200 "$B/bin/bench-harness" --scale "$SCALE" --csv "$W/h-cuda.csv"
echo "harness (CUDA) exit $?"
fresh
AMPCC_BACKEND=opencl timeout 200 "$B/bin/bench-harness" --scale "$SCALE" --csv "$W/h-opencl.csv"
echo "harness (OpenCL) exit $?"
# NVIDIA's OpenCL binaries are PTX: what its compiler made of the same
# OpenCL C, to compare with ampcc's PTX offline.
tar czf "$DEST/opencl-ptx.tgz" -C "$AMPCC_CACHE_DIR" .
{
  echo "device,impl,case,group,scale,ms,rate,unit,bytes_moved,bytes_min,ok"
  awk -F, 'NR > 1 && $2 == "ampcc"' "$W/h-cuda.csv" | sed 's/^\([^,]*\),ampcc,/\1,ampcc-cuda,/'
  awk -F, 'NR > 1 && $2 == "ampcc"' "$W/h-opencl.csv" | sed 's/^\([^,]*\),ampcc,/\1,ampcc-opencl,/'
  awk -F, 'NR > 1 && $2 != "ampcc"' "$W/h-opencl.csv"
} > "$DEST/gpu-harness.csv"

# An experiment, where the bundle has it: the harness compiled with
# AMPCC_PTX_LLVM_OPTIONS (bench-harness-variant.txt says which).
if [ -x "$B/bin/bench-harness-variant" ]; then
  echo "== harness through CUDA, compiled with $(cat "$B/bin/bench-harness-variant.txt")"
  fresh
  AMPCC_BACKEND=cuda timeout 120 "$B/bin/bench-harness-variant" --scale "$SCALE" \
    --only reduction,nbody,matmul-tiled,matmul-blocked,sma-simple,binomial,histogram \
    --csv "$DEST/gpu-harness-variant.csv"
fi

echo "== CUDA twins ($SCALE)"
wait $NVCC
cat "$W/nvcc.log"
fresh
[ -x "$W/cuda-bench" ] && timeout 200 "$W/cuda-bench" --scale "$SCALE" --csv "$DEST/gpu-cuda.csv"
echo "cuda exit $?"

echo "== small program, first and second runs"
mkdir -p "$W/wr" "$W/wr-opencl"
cp "$B/bin/saxpy-amp" "$B/bin/saxpy-cl" "$W/wr/"
[ -x "$W/saxpy-cuda" ] && cp "$W/saxpy-cuda" "$W/wr/"
cp "$B/bin/saxpy-amp" "$W/wr-opencl/"
AMPCC_BACKEND=cuda bash bench/whole-run.sh "$W/wr" "$W/wr-cuda.csv" "$DEV"
AMPCC_BACKEND=opencl bash bench/whole-run.sh "$W/wr-opencl" "$W/wr-opencl.csv" "$DEV"
{
  head -1 "$W/wr-cuda.csv"
  awk 'NR > 1' "$W/wr-cuda.csv" | sed 's/^\([^,]*\),ampcc,/\1,ampcc-cuda,/'
  awk 'NR > 1' "$W/wr-opencl.csv" | sed 's/^\([^,]*\),ampcc,/\1,ampcc-opencl,/'
} > "$DEST/gpu-wholerun.csv"

echo "== where a first run's time goes, through CUDA then OpenCL (host steps)"
for backend in cuda opencl; do
  fresh
  AMPCC_BACKEND=$backend AMPCC_TRACE_FILE="$W/trace-$backend.json" "$B/bin/saxpy-amp"
  python3 bench/trace/summary.py "$W/trace-$backend.json" | head -30
done
cat "$DEST/gpu-harness.csv" "$DEST/gpu-cuda.csv" "$DEST/gpu-wholerun.csv"
