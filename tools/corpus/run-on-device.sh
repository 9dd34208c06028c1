#!/usr/bin/env bash
# Runs the corpus pack made by tools/corpus/build-device-bundle.sh on this
# machine's GPU (NVIDIA's OpenCL driver, no compiler), with the manifest's
# success rules, and writes gpu.tsv and the programs' logs (one tarball) to
# $OUT (or ./). The pack's libraries are unpacked into a private root:
# unpacking over / can break the image. Only NVIDIA's ICD is loaded, so the
# default accelerator is the GPU (through CUDA where the programs carry PTX:
# AMPCC_BACKEND=cuda or opencl chooses). With POCL_ROOT (PoCL unpacked from
# bench/pocl-root.sh) PoCL's ICD alone is loaded instead and the programs
# run on it (AMPCC_BACKEND=opencl), on this machine's idle CPU: pocl.tsv.
set -uo pipefail
cd "$(dirname "$0")/../.."
B="$(pwd)/.device/corpus" # absolute: the runner runs each program in its own folder
# The pack travels as a tarball (build-device-bundle.sh); unpack it once.
if [ ! -d "$B" ] && [ -f .device/pack/corpus.tar.xz ]; then
  tar -C .device -xJf .device/pack/corpus.tar.xz
fi
R=/tmp/ampcc-corpus
rm -rf "$R" && mkdir -p "$R/root" "$R/vendors" "$R/work"
for d in "$B"/debs/*.deb; do dpkg -x "$d" "$R/root"; done
export LD_LIBRARY_PATH="$R/root/usr/lib/x86_64-linux-gnu:$R/root/usr/lib/x86_64-linux-gnu/lapack:$R/root/usr/lib/x86_64-linux-gnu/blas${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p /etc/OpenCL/vendors
[ -f /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
TSV=gpu.tsv
if [ -n "${POCL_ROOT:-}" ]; then
  echo "$POCL_ROOT/usr/lib/x86_64-linux-gnu/libpocl.so.2" > "$R/vendors/pocl.icd"
  export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$POCL_ROOT/usr/lib/x86_64-linux-gnu:$POCL_ROOT/usr/lib/llvm-15/lib"
  export PATH="$POCL_ROOT/usr/bin:$PATH" AMPCC_BACKEND=opencl POCL_CACHE_DIR="$R/pocl-cache"
  TSV=pocl.tsv
else
  echo libnvidia-opencl.so.1 > "$R/vendors/nvidia.icd"
fi
export OCL_ICD_VENDORS="$R/vendors"
RES=${OUT:-.}
python3 tools/corpus/run-corpus.py --manifest "$B/progs/manifest.json" --prebuilt "$B/progs" \
  --work "$R/work" --tsv "$RES/$TSV" -j "${JOBS:-4}" "$@"
tar -C "$R/work" -czf "$RES/${TSV%.tsv}-logs.tar.gz" .
