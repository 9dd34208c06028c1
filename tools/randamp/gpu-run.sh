#!/usr/bin/env bash
# On the GPU machine, from the repository's root: runs every bundle that
# tools/randamp/gpu.py packed into PACK (default .device/randamp) through
# NVIDIA's CUDA driver and NVIDIA's OpenCL driver, JOBS (default 8) at a
# time, and writes $OUT/logs/<bundle>.<backend>.log for `gpu.py results`.
# A bundle that dies (a crash, or the alarm of a program that hangs) is
# started again after the program it died in, which the log marks
# "=== crash SEED STATUS" or "=== timeout SEED STATUS". The OpenCL ICD
# loader comes from .device/debs (bench/device-env.sh).
set -uo pipefail
PACK=${1:-.device/randamp}
DEST=${OUT:-.}
W=$(mktemp -d)
tar -C "$W" -xJf "$PACK/bundles.tar.xz"
B=.device W=$W . bench/device-env.sh
mkdir -p "$DEST/logs"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader

one() { # BUNDLE BACKEND
  local b=$1 backend=$2 from=0 rc last i seed
  local log="$DEST/logs/$(basename "$b").$backend.log"
  while :; do
    AMPCC_BACKEND=$backend AMPCC_CACHE_DIR=off "$b" "$from" 60 >> "$log" 2>&1
    rc=$?
    last=$(grep '^=== ' "$log" | tail -1)
    case "$last" in
      "=== done") return ;;
      "=== begin "*)
        read -r _ _ i seed <<< "$last"
        # 142: SIGALRM, the launcher's time limit for one program.
        if [ $rc -eq 142 ]; then echo "=== timeout $seed $rc" >> "$log"
        else echo "=== crash $seed $rc" >> "$log"; fi
        from=$((i + 1)) ;;
      "=== end "*)
        read -r _ _ i seed _ <<< "$last"
        echo "=== crash-after $seed $rc" >> "$log"
        from=$((i + 1)) ;;
      *) echo "=== no-start $rc" >> "$log"; return ;;
    esac
  done
}
export -f one
export DEST
for b in "$W"/bundles/bundle*; do
  for backend in cuda opencl; do echo "$b $backend"; done
done | xargs -P "${JOBS:-8}" -n 2 bash -c 'one "$0" "$1"'
ls "$DEST/logs" | wc -l
