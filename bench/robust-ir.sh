#!/usr/bin/env bash
# What robust access leaves in the kernels the runtime launches, without
# timing them (issue 44 item 1): each harness file's OpenCL C is built by
# ampcc twice, with -fno-robust-buffer-access (plain) and with robust
# access, and compiled by clang-19 for x86-64 at -O3 to LLVM IR, the robust
# program as its covered variant (-DAMPCC_DOMAIN_COVERED, the one the
# runtime takes when every proved access is in range: AMPCC_TRACE says
# "views cover the domain"). Prints each kernel's instruction count in
# both; equal counts mean PoCL's work-group compiler gets the same code,
# which a shared 2-core machine cannot show by timing to 5%.
# Usage: BUILD_DIR=build bash bench/robust-ir.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
printf '| kernel | plain IR instructions | robust (covered) | robust / plain |\n| --- | --- | --- | --- |\n'
for F in streaming transpose sma histogram reduction matmul binomial nbody; do
  for V in plain robust; do
    Flag=-frobust-buffer-access Def=-DAMPCC_DOMAIN_COVERED
    [ "$V" = plain ] && Flag=-fno-robust-buffer-access Def=
    "$BUILD_DIR/bin/ampcc" -O2 "$Flag" -emit-opencl -I bench/harness "bench/harness/$F.cpp" > "$W/$F-$V.cl"
    clang-19 -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -target x86_64-pc-linux-gnu \
      -O3 -S -emit-llvm $Def "$W/$F-$V.cl" -o "$W/$F-$V.ll"
  done
  python3 - "$W/$F-plain.ll" "$W/$F-robust.ll" <<'PY'
import re, sys

def kernels(path):
    """Instructions per __kernel function of an LLVM IR file."""
    out, name, n = {}, None, 0
    for line in open(path):
        m = re.match(r'define .*@(\w+)\(', line)
        if m:
            name, n = m.group(1), 0
        elif line.startswith('}') and name:
            out[name], name = n, None
        elif name and line.startswith('  ') and not line.strip().startswith(';'):
            n += 1
    return out

plain, robust = kernels(sys.argv[1]), kernels(sys.argv[2])
for k in (k for k in plain if 'kernel' in k):
    r = robust.get(k)
    print(f"| {k} | {plain[k]} | {r} | {r / plain[k]:.3f} |" if r else f"| {k} | {plain[k]} | missing | |")
PY
done
