#!/usr/bin/env bash
# Packs a compiler for the GPU machine (tools/randamp/README.md, "On the
# GPU machine"): an installed ampcc PREFIX (cmake --install) and what it
# runs there, Debian 12's LLVM 19 (libLLVM, libclang-cpp, clang-19 for the
# host compiles and the link, Clang's resource headers, the UBSan runtime
# of checked mode, libclc's nvptx64 library for the PTX, libz3, which
# libLLVM needs, oneTBB for <ppl.h>), into .device/randamp-tc/toolchain.tar.xz for
# device-run.sh. The machine's own GCC headers, C library and binutils
# serve clang there. Only what ampcc reads is kept: the pack must fit the
# device tool's 64 MiB of carried files (about 45 MiB).
# Usage: bash tools/randamp/device-pack.sh PREFIX
set -euo pipefail
cd "$(dirname "$0")/../.."
PREFIX=$(cd "${1:?usage: device-pack.sh PREFIX}" && pwd)
[ -x "$PREFIX/bin/ampcc" ] || { echo "no $PREFIX/bin/ampcc" >&2; exit 1; }
OUT=.device/randamp-tc
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
mkdir -p "$W/debs" "$W/root" "$OUT"
V=19.1.7-3~deb12u1
for p in libllvm19 libclang-cpp19 clang-19 libclang-common-19-dev libclang-rt-19-dev libclc-19 \
         libz3-4 libtbb-dev libtbb12 libtbbmalloc2; do
  f=$(ls /var/cache/apt/archives/${p}_*.deb 2>/dev/null | grep -F "$(echo "$V" | sed 's/~/%7e/')" |
      head -1 || true)
  [ -n "$f" ] || f=$(ls /var/cache/apt/archives/${p}_*.deb 2>/dev/null | head -1 || true)
  if [ -n "$f" ]; then cp "$f" "$W/debs/"; else (cd "$W/debs" && apt-get download "$p" >/dev/null); fi
done
for d in "$W"/debs/*.deb; do dpkg -x "$d" "$W/root"; done
R=$W/root
L=$R/usr/lib/llvm-19
# Clang's runtime libraries but checked mode's UBSan; libclc but nvptx64.
find "$L/lib/clang/19/lib/linux" -type f ! -name 'libclang_rt.ubsan_standalone*-x86_64.a*' -delete
find "$R/usr/lib/clc" -type f ! -name 'nvptx64--nvidiacl.bc' -delete
find "$R/usr/lib/clc" -type l -delete
rm -rf "$R/usr/share" "$L/share" "$L/lib/cmake" "$L/include" "$R/usr/lib/x86_64-linux-gnu/cmake" \
  "$R/usr/lib/x86_64-linux-gnu/pkgconfig"
# The prefix, which finds its headers and runtime beside its binary.
mkdir -p "$R/ampcc"
cp -a "$PREFIX/bin" "$PREFIX/lib" "$R/ampcc/"
rm -rf "$R/ampcc/lib/cmake" "$R/ampcc/lib/ampcc/pch"
# <amp.h> includes <ppl.h>, which includes oneTBB's headers, and ampcc
# links -ltbb (--as-needed): the headers go beside ampcc's own (the
# machine has none), libtbb.so in the directory device-run.sh names in
# LIBRARY_PATH.
mv "$R/usr/include/oneapi" "$R/usr/include/tbb" "$R/ampcc/lib/ampcc/include/"
git log -1 --format='%H %s' > "$R/ampcc/COMMIT" 2>/dev/null || true
du -sh "$R"
tar -C "$R" -cf - . | xz -6 -T1 --block-size=16MiB > "$OUT/toolchain.tar.xz"
du -sh "$OUT/toolchain.tar.xz"
