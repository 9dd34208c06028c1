#!/usr/bin/env bash
# Builds every corpus program here (PoCL run included) and packs the built
# programs, their run folders (input files, no sources) and the shared
# libraries they need that a GPU machine lacks (OpenCL ICD loader, oneTBB,
# reference LAPACK/BLAS with gfortran's runtime) into .device/corpus, for
# tools/corpus/run-on-device.sh on a machine with NVIDIA's OpenCL driver and
# no compiler (docs/real-programs.md, "On the GPU").
# Usage: tools/corpus/build-device-bundle.sh [run-corpus.py options, e.g. --filter]
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=.device/corpus
rm -rf "$OUT" && mkdir -p "$OUT/debs"
python3 tools/corpus/run-corpus.py --bundle "$OUT/progs" --tsv "$OUT/pocl.tsv" "$@" || true
for p in ocl-icd-libopencl1 libtbb12 libtbbmalloc2 liblapack3 libblas3 libgfortran5 libquadmath0; do
  cp /var/cache/apt/archives/${p}_*.deb "$OUT/debs/" 2>/dev/null ||
    (cd "$OUT/debs" && apt-get download "$p" >/dev/null 2>&1) || echo "no package $p" >&2
done
du -sh "$OUT"
# The device machine takes 64 MiB of carried files; the pack is larger as a
# folder, so it travels as an xz tarball (carry .device/pack), which
# run-on-device.sh unpacks there.
mkdir -p .device/pack
tar -C .device -cf - corpus | xz -T2 -6 > .device/pack/corpus.tar.xz
du -sh .device/pack/corpus.tar.xz
