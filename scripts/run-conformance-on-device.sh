#!/usr/bin/env bash
# Runs the conformance programs packed by conformance-device-bundle.sh on
# this machine's GPU (NVIDIA's OpenCL driver, no compiler), with the suite's
# rules for a run: every definition set exits 0: pass; any exits 2: skip;
# else fail. Writes results.tsv (test, verdict, detail) to $OUT or ./.
# JOBS programs at a time (default 12); with DEADLINE (seconds) no program
# starts after it, and tests listed in the file SKIP (a results.tsv of an
# earlier call) are not run again, so a suite longer than one call can be
# run in two. Every vendor file of /etc/OpenCL/vendors is loaded (the device
# machines carry a CPU OpenCL runtime beside NVIDIA's, which the suite's
# multi-accelerator tests use as their second accelerator); NVIDIA_ONLY=1
# loads NVIDIA's alone (those tests then skip).
set -uo pipefail
cd "$(dirname "$0")/.."
B=.device/conformance
R=/tmp/ampcc-conf
rm -rf "$R" && mkdir -p "$R/root" "$R/tests"
# Libraries into a private root: unpacking over / can break the image.
for d in "$B"/debs/*.deb; do dpkg -x "$d" "$R/root"; done
export LD_LIBRARY_PATH="$R/root/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p /etc/OpenCL/vendors
[ -f /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
if [ -z "${NVIDIA_ONLY:-}" ]; then
  export OCL_ICD_VENDORS=/etc/OpenCL/vendors
else
  mkdir -p "$R/vendors" && echo libnvidia-opencl.so.1 > "$R/vendors/nvidia.icd"
  export OCL_ICD_VENDORS="$R/vendors"
fi
tar -C "$R/tests" -xJf "$B/tests.tar.xz"
RESULTS=${OUT:-.}/results.tsv
: > "$RESULTS"
START=$(date +%s)
run_test() {
  local dir=$1 verdict=pass detail='' rc
  if [ -n "${DEADLINE:-}" ] && [ $(( $(date +%s) - START )) -ge "$DEADLINE" ]; then
    return 0
  fi
  for exe in "$dir"/test*.out; do
    (cd "$dir" && timeout 120 "./$(basename "$exe")" > "$exe.log" 2>&1)
    rc=$?
    if [ $rc -eq 2 ]; then
      [ $verdict = pass ] && verdict=skip
    elif [ $rc -ne 0 ]; then
      verdict=fail
      detail="run rc=$rc: $(grep -m1 -i 'error' "$exe.log" | cut -c1-200)"
    fi
  done
  printf '%s\t%s\t%s\n' "${dir#$R/tests/./}/test.cpp" "$verdict" "$detail"
}
export -f run_test
export R START DEADLINE
# Several at a time: one GPU, but the programs spend most of their time on
# the host (context creation, kernel builds).
find "$R/tests/." -name 'test0.out' -printf '%h\n' | sort |
  while read -r d; do
    t="${d#$R/tests/./}/test.cpp"
    if [ -n "${SKIP:-}" ] && grep -qF "$t" "$SKIP"; then continue; fi
    echo "$d"
  done |
  xargs -P "${JOBS:-12}" -I{} bash -c 'run_test "$@"' _ {} >> "$RESULTS"
cut -f2 "$RESULTS" | sort | uniq -c
