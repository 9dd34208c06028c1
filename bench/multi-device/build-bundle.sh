#!/usr/bin/env bash
# Builds what the multi-device measurements run on a two-GPU machine
# (run-on-device.sh; docs/multi-device.md) into .device/multi: the
# multi-gpu example, the MPI heat example (through its CMake project), the
# multi-device runtime test, the plain-OpenCL transfer probe, and as .deb
# files the OpenCL ICD loader and Open MPI with the libraries it needs
# beyond a basic system (the GPU machine has no compiler and fetches
# nothing).
# ONLY=mpi builds the MPI example alone. HEAT_EXTRA="name=path ..." adds
# other builds of it as bin/heat-<name> (an earlier build, to compare before
# and after in one run: run-on-device.sh times every bin/heat*).
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD_DIR=${BUILD_DIR:-build}
OUT=.device/multi
rm -rf "$OUT" && mkdir -p "$OUT/bin" "$OUT/debs"
if [ "${ONLY:-}" != mpi ]; then
  "$BUILD_DIR/bin/ampcc" -O2 examples/multi-gpu/multi-gpu.cpp -o "$OUT/bin/multi-gpu"
  "$BUILD_DIR/bin/ampcc" -O2 test/runtime/multi-device.cpp -o "$OUT/bin/multi-device"
fi
cmake -S examples/mpi -B "$OUT/heat-build" -G Ninja -DCMAKE_CXX_COMPILER=clang++-19 \
      -DCMAKE_PREFIX_PATH="$PWD/$BUILD_DIR" >/dev/null
cmake --build "$OUT/heat-build" >/dev/null
cp "$OUT/heat-build/heat" "$OUT/bin/heat"
rm -rf "$OUT/heat-build"
for extra in ${HEAT_EXTRA:-}; do
  cp "${extra#*=}" "$OUT/bin/heat-${extra%%=*}"
done
if [ "${ONLY:-}" != mpi ]; then
  clang++-19 -O2 -std=c++17 bench/multi-device/transfer-probe.cpp -lOpenCL \
      -lpthread -o "$OUT/bin/transfer-probe"
fi
strip "$OUT"/bin/*

# Open MPI's packages and what they pull in, less what every system has
# (the C library, the compiler's runtime, package tools) and what only
# remote launches or logins need.
cd "$OUT/debs"
apt-get download ocl-icd-libopencl1 >/dev/null
apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts \
    --no-breaks --no-replaces --no-enhances --no-pre-depends \
    openmpi-bin libopenmpi3 2>/dev/null | grep -v '^ ' | grep -v '<' | sort -u |
  grep -v -x -E 'adduser|cdebconf|debconf|dpkg|gcc-12-base|install-info|libc6|libgcc-s1|libstdc\+\+6|libcrypt1|libdebian-installer4|libnewt0\.52|libpam-modules|libpam0g|libselinux1|libsemanage-common|libsemanage2|libsepol2|libslang2|libtextwrap1|passwd|readline-common|tar|openssh-client|libaudit-common|libaudit1|libcap-ng0|ocl-icd-libopencl1|libreadline8|libtinfo6|libedit2|libfido2-1|libcbor0\.8' |
  xargs apt-get download >/dev/null
echo "$(ls | wc -l) packages, $(du -sh . | cut -f1)"
