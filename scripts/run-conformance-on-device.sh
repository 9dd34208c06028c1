#!/usr/bin/env bash
# Runs the conformance programs packed by conformance-device-bundle.sh on
# this machine's GPU (NVIDIA's OpenCL driver, no compiler), with the suite's
# rules for a run: every definition set exits 0: pass; any exits 2: skip;
# else fail. Writes results.tsv (test, verdict, detail) to $OUT or ./.
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
export OCL_ICD_VENDORS=/etc/OpenCL/vendors
tar -C "$R/tests" -xJf "$B/tests.tar.xz"
RESULTS=${OUT:-.}/results.tsv
: > "$RESULTS"
run_test() {
  local dir=$1 verdict=pass detail='' rc
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
export R
# Four at a time: one GPU, but the programs spend much of their time on the host.
find "$R/tests/." -name 'test0.out' -printf '%h\n' | sort |
  xargs -P 4 -I{} bash -c 'run_test "$@"' _ {} >> "$RESULTS"
cut -f2 "$RESULTS" | sort | uniq -c
