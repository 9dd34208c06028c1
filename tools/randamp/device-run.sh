#!/usr/bin/env bash
# On the GPU machine, from the repository's root: generates, compiles and
# runs random programs there (device.py, difftest.py's runs on its 16
# cores), with the compiler that device-pack.sh packed and, when carried,
# bench/pocl-root.sh's PoCL 3.1 (tools/randamp/README.md, "On the GPU
# machine").
#   NAME=g3 SEEDS=20000-20999 [BACKENDS=gpu-cuda,gpu-opencl,host[,opencl]]
#   [JOBS=16] [STOP=480] [LIMIT=540] OUT=... bash tools/randamp/device-run.sh
# Results in $OUT/$NAME (results.jsonl, findings/), the log in
# $OUT/$NAME.log. The packs are unpacked into .device/randamp-root and
# .device/randamp-pocl, which stay while the machine does: a call that
# follows one that carried a pack need not carry it again.
set -uo pipefail
: "${NAME:?}" "${SEEDS:?}"
DEST=${OUT:-.}
P=$PWD/.device/randamp-pocl
mkdir -p "$DEST"
LOG=$DEST/$NAME.log
exec > >(tee -a "$LOG") 2>&1
t0=$(date +%s)
. tools/randamp/device-toolchain.sh || exit 3
POCL=.device/pocl/root.tar.xz
if [ -f "$POCL" ] && ! cmp -s <(stat -c %s "$POCL") "$P/.packed" 2>/dev/null; then
  rm -rf "$P" && mkdir -p "$P"
  xz -d -T0 < "$POCL" | tar -C "$P" -xf - && stat -c %s "$POCL" > "$P/.packed"
  echo "PoCL unpacked in $(( $(date +%s) - t0 )) s"
fi
# The ICD loader of .device/debs, whose OCL_ICD_VENDORS the machine's own
# loader ignores (bench/device-env.sh); one vendor directory per backend.
W=$(mktemp -d)
B=.device W=$W . bench/device-env.sh
export RANDAMP_NVIDIA_VENDORS=$W/vendors
BACKENDS=${BACKENDS:-gpu-cuda,gpu-opencl,host}
if [ -f "$P/.packed" ]; then
  bash bench/pocl-root.sh --install "$P"
  mkdir -p "$W/pocl-vendors"
  echo "$P/usr/lib/x86_64-linux-gnu/libpocl.so.2" > "$W/pocl-vendors/pocl.icd"
  export RANDAMP_POCL_VENDORS=$W/pocl-vendors
  export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$P/usr/lib/x86_64-linux-gnu:$P/usr/lib/llvm-15/lib"
  export PATH="$PATH:$P/usr/bin"
elif [[ ,$BACKENDS, == *,opencl,* ]]; then
  echo "no PoCL: carry $POCL"; exit 3
fi
# The toolchain's libraries before PoCL's (device-toolchain.sh put them
# first; PoCL's were appended since).
export LD_LIBRARY_PATH="$R/usr/lib/x86_64-linux-gnu:$LD_LIBRARY_PATH"
unset AMPCC_BACKEND
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
# LIMIT: seconds before device.py is stopped (a program that hangs would
# keep it past the device tool's limit, its findings never packed).
timeout -k 5 "${LIMIT:-0}" python3 tools/randamp/device.py run "$SEEDS" --backends "$BACKENDS" --jobs "${JOBS:-16}" \
  --out "$DEST/$NAME" --ampcc "$R/ampcc/bin/ampcc" --stop-after "${STOP:-0}"
rc=$?
# The device tool brings back no folder as deep as findings/SEED/: a tarball.
[ -d "$DEST/$NAME/findings" ] && tar -C "$DEST/$NAME" -czf "$DEST/$NAME-findings.tar.gz" findings &&
  rm -rf "$DEST/$NAME/findings"
echo "device-run: rc $rc after $(( $(date +%s) - t0 )) s"
exit $rc
