#!/usr/bin/env bash
# Compiles and runs the conformance suite on the GPU machine's CPU cores
# with the compiler that tools/randamp/device-pack.sh packed, as the runs
# of docs/conformance.md do here (--all-defs, the non-emulated opt-in),
# JOBS (default 16) tests at a time: minutes there for what takes about an
# hour on the build machine. BACKEND (default host) is the backend the
# programs run on (AMPCC_BACKEND=host: the host backend alone, the GPU
# unseen); AREAS (default every folder of Tests/) the suite's top folders
# to run, so that a run can be split over calls; LIMIT (seconds) bounds
# each area's run. Carry .device/randamp-tc, .device/debs and
# .device/conformance-suite (scripts/conformance-suite-pack.sh). Writes
# results.tsv (the runner's lines, area after area) and conformance.log to
# $OUT or ./.
set -uo pipefail
cd "$(dirname "$0")/.."
DEST=${OUT:-.}
mkdir -p "$DEST"
. tools/randamp/device-toolchain.sh || exit 3
W=$(mktemp -d)
B=.device W=$W . bench/device-env.sh
export LD_LIBRARY_PATH="$R/usr/lib/x86_64-linux-gnu:$LD_LIBRARY_PATH"
# Every vendor of the machine, as run-conformance-on-device.sh: its CPU
# OpenCL runtime is what WARP and REF run on once BACKEND forces the GPU's
# backend (without it, 43 tests of 5_Data_Cont fail through CUDA).
if [ "${BACKEND:-host}" != host ]; then
  mkdir -p /etc/OpenCL/vendors
  [ -f /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
  export OCL_ICD_VENDORS=/etc/OpenCL/vendors
fi
PACK=.device/conformance-suite/suite.tar.xz
[ -f "$PACK" ] || { echo "no suite: carry $PACK"; exit 3; }
C=$W/suite
mkdir -p "$C" && tar -C "$C" -xJf "$PACK"
export AMPCC_BACKEND=${BACKEND:-host} AMPCC_CPU_DEVICES_NOT_EMULATED=1
AREAS=${AREAS:-$(ls "$C/amp-conformance/Tests")}
: > "$DEST/results.tsv"
for A in $AREAS; do
  echo "== $A" >> "$DEST/conformance.log"
  timeout -k 5 "${LIMIT:-0}" python3 "$C/conformance.py" "$R/ampcc/bin/ampcc" "$C/amp-conformance" \
    "$W/work-$A" -j "${JOBS:-16}" --all-defs --filter "/Tests/$A/" >> "$DEST/conformance.log" 2>&1
  echo "rc $?" >> "$DEST/conformance.log"
  cat "$W/work-$A/results.tsv" >> "$DEST/results.tsv" 2>/dev/null
done
cut -f2 "$DEST/results.tsv" | sort | uniq -c
