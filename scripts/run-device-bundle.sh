#!/usr/bin/env bash
# On the GPU machine, from the repository's root: runs every program that
# scripts/build-device-bundle.sh compiled into .device/bin on the default
# accelerator (NVIDIA's OpenCL driver alone), four at a time, each with an
# empty kernel cache and a time limit, and writes to $OUT (or ./):
# e2e-gpu.tsv (program, exit status, seconds) and log.txt (the output of
# each program that failed). The libraries a GPU machine lacks (the OpenCL
# ICD loader, oneTBB) come as .deb files in .device/debs and are unpacked
# into a private root, not over / (bench/device-env.sh). BIN: another
# folder of programs. See docs/gpu-testing.md.
set -uo pipefail
B=${BIN:-.device/bin}
DEST=${OUT:-.}
# The bundle may travel packed (the device tool carries 64 MiB at most):
# tar -C .device -cf - bin | xz > .device/pack/e2e.tar.xz here.
if [ ! -d "$B" ] && [ -f .device/pack/e2e.tar.xz ]; then
  tar -C .device -xJf .device/pack/e2e.tar.xz
fi
W=$(mktemp -d)
# The packages of .device/debs into a private root, NVIDIA's ICD alone.
B=.device W=$W . bench/device-env.sh
B=${BIN:-.device/bin}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader

one() { # program -> "name<TAB>status<TAB>seconds", output kept in $W/logs on failure
  local p=$1 name start rc
  name=$(basename "$p")
  start=$(date +%s.%N)
  # shellcheck disable=SC2046 # the arguments of the test's RUN line, split
  AMPCC_CACHE_DIR=$(mktemp -d) timeout 120 "$p" $(cat "$p.args" 2>/dev/null) > "$W/logs/$name" 2>&1
  rc=$?
  awk -v n="$name" -v rc="$rc" -v s="$start" -v e="$(date +%s.%N)" \
    'BEGIN { printf "%s\t%d\t%.1f\n", n, rc, e - s }'
  [ $rc -eq 0 ] && rm -f "$W/logs/$name"
}
export -f one
export W
mkdir -p "$W/logs"
find "$B" -maxdepth 1 -type f -perm -u+x ! -name bench-kernels | sort |
  xargs -P 4 -I{} bash -c 'one {}' | sort > "$DEST/e2e-gpu.tsv"
for f in "$W"/logs/*; do
  [ -f "$f" ] || continue
  echo "== $(basename "$f")"; tail -15 "$f"
done > "$DEST/log.txt"
awk -F'\t' '{n++; if ($2 == 0) ok++; else print "FAIL", $1, "exit", $2} END {print ok " of " n " passed"}' "$DEST/e2e-gpu.tsv"
