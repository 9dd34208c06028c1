#!/usr/bin/env bash
# On the GPU machine (it has nvcc): builds jit-levels.cpp and runs every
# PTX file of this folder through it (docs/nvidia-bugs.md). With the device
# tool: command `bash bench/nvidia-bugs/run-on-device.sh`, nothing to carry.
set -uo pipefail
cd "$(dirname "$0")"
W=$(mktemp -d)
PATH=$PATH:/usr/local/cuda/bin nvcc -O2 jit-levels.cpp -o "$W/jit-levels" -lcuda || exit 2
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for P in *.ptx; do
  echo "== $P"
  "$W/jit-levels" "$P"
done
