#!/usr/bin/env bash
# On a machine with two (or more) NVIDIA GPUs: runs what build-bundle.sh
# built and writes log.txt into $OUT (or ./multi-out). NVIDIA's OpenCL
# driver alone is made visible (the machines also carry a CPU OpenCL
# runtime). Usage: bash bench/multi-device/run-on-device.sh [repeat]
set -uo pipefail
cd "$(dirname "$0")/../.."
M=.device/multi
DEST=${OUT:-multi-out}
REPEAT=${1:-3}
mkdir -p "$DEST"
W=$(mktemp -d)
exec > >(tee "$DEST/log.txt") 2>&1

# The packages into a private root: unpacking over / can break the image.
for d in "$M"/debs/*.deb; do dpkg -x "$d" "$W/root"; done
R=$W/root
export LD_LIBRARY_PATH="$R/usr/lib/x86_64-linux-gnu:$R/usr/lib/x86_64-linux-gnu/openmpi/lib:$R/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p "$W/vendors" && echo libnvidia-opencl.so.1 > "$W/vendors/nvidia.icd"
export OCL_ICD_VENDORS="$W/vendors" AMPCC_CACHE_DIR="$W/cache"
# Open MPI and PMIx moved from /usr to the private root.
export OPAL_PREFIX="$R/usr" PMIX_INSTALL_PREFIX="$R/usr"
export PATH="$R/usr/bin:$PATH"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# The image carries a PMIx of its own whose compression plugin does not
# load with ours: harmless, and said once per rank.
export PMIX_MCA_pcompress_base_silence_warning=1
# One node, shared memory between ranks, no binding (a sandboxed kernel may
# not offer what the faster paths need).
MPIRUN=(mpirun --oversubscribe --bind-to none --mca pml ob1 --mca btl self,vader
        --mca btl_vader_single_copy_mechanism none
        -x LD_LIBRARY_PATH -x OCL_ICD_VENDORS -x AMPCC_CACHE_DIR -x PATH)

nvidia-smi --query-gpu=index,name,memory.total,pcie.link.gen.max,pcie.link.width.max --format=csv
nvidia-smi topo -m 2>/dev/null | head -5

echo "== transfer probe (plain OpenCL): bandwidth and overlap"
timeout 120 "$M/bin/transfer-probe" 1024; echo "transfer-probe exit $?"

echo "== runtime test: two devices"
timeout 120 "$M/bin/multi-device"; echo "multi-device exit $?"

echo "== multi-gpu 16384 (repeat $REPEAT)"
timeout 400 "$M/bin/multi-gpu" --size 16384 --repeat "$REPEAT"; echo "multi-gpu exit $?"

echo "== MPI"
mpirun --version 2>&1 | head -2
echo "-- check: 2 ranks against one"
timeout 120 "${MPIRUN[@]}" -np 2 "$M/bin/heat" --rows 2048 --cols 2048 --steps 200
echo "heat check exit $?"
for np in 1 2; do
  echo "-- strong scaling, $np rank(s): 16384 x 16384, 500 steps"
  timeout 120 "${MPIRUN[@]}" -np $np "$M/bin/heat" --rows 16384 --cols 16384 --steps 500 --no-check
done
for np in 1 2; do
  echo "-- weak scaling, $np rank(s): 16384 rows per rank x 16384, 500 steps"
  timeout 120 "${MPIRUN[@]}" -np $np "$M/bin/heat" --rows-per-rank 16384 --cols 16384 --steps 500 --no-check
done
echo "== done"
