#!/usr/bin/env bash
# Packs Debian 12's PoCL 3.1 (pthread CPU device) with what it needs at run
# time (LLVM 15 and Clang 15's libraries, clang-15 and binutils, with which
# it links each work-group function, hwloc) into .device/pocl/root.tar.xz,
# for timing PoCL on the GPU machine's CPU, which is idle, where this
# machine's two cores are shared (bench/robust-access.sh). Only the
# AVX2 and AVX-512 kernel libraries are kept (the GPU machines' CPUs have
# both; PoCL picks by CPU), and no sanitizer runtimes: the pack must fit the
# device tool's 64 MiB.
# There: mkdir R && tar -C R -xJf .device/pocl/root.tar.xz, then
# bash bench/pocl-root.sh --install R   (PoCL links with the clang-15 path
# compiled into it, /usr/lib/llvm-15/bin/clang-15: linked to R's if absent)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = --install ]; then
  R=$(cd "$2" && pwd)
  [ -e /usr/lib/llvm-15 ] || ln -s "$R/usr/lib/llvm-15" /usr/lib/llvm-15
  exit 0
fi
OUT=.device/pocl
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
mkdir -p "$W/debs" "$W/root" "$OUT"
(cd "$W/debs" && apt-get download libpocl2 libpocl2-common libllvm15 libclang-cpp15 \
  libclang-common-15-dev clang-15 libz3-4 libhwloc15 ocl-icd-libopencl1 binutils \
  binutils-x86-64-linux-gnu libbinutils libctf0 libctf-nobfd0 libjansson4 >/dev/null)
for d in "$W"/debs/*.deb; do dpkg -x "$d" "$W/root"; done
R=$W/root
rm -rf "$R"/usr/lib/llvm-15/lib/clang/*/lib "$R"/usr/lib/llvm-15/lib/libPolly*.a \
  "$R"/usr/share/doc "$R"/usr/share/man "$R"/usr/lib/x86_64-linux-gnu/gprofng
find "$R/usr/share/pocl" -name 'kernel-*.bc' ! -name '*-avx2.bc' ! -name '*-avx512.bc' -delete
tar -C "$R" -cf - . | xz -T2 -6 > "$OUT/root.tar.xz"
du -sh "$OUT/root.tar.xz"
