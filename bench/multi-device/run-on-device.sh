#!/usr/bin/env bash
# On a machine with two (or more) NVIDIA GPUs: runs what build-bundle.sh
# built and writes log.txt into $OUT (or ./multi-out). NVIDIA's OpenCL
# driver alone is made visible (the machines also carry a CPU OpenCL
# runtime). Usage: bash bench/multi-device/run-on-device.sh [repeat] [all|mpi|multi]
# multi: the multi-gpu example alone, once with its defaults and once with
# each of MULTI_ARGS's argument lists (separated by ';'), to compare
# settings in one call: MULTI_ARGS='--taper 1 --chunk 0'; TRACE=1 keeps
# each one's trace (AMPCC_TRACE_FILE) as trace-N.json.
# mpi: the MPI runs alone, every bin/heat* of the bundle (build-bundle.sh's
# HEAT_EXTRA) in turn, repeat times; with TRACE_STEPS=N also each one's
# trace (AMPCC_TRACE_FILE, one file a rank) of N steps, summarised into the
# log and packed into traces.tar.gz; SMALL=0 leaves out the runs on small
# bands (2048 rows per rank).
set -uo pipefail
cd "$(dirname "$0")/../.."
M=.device/multi
DEST=${OUT:-multi-out}
REPEAT=${1:-3}
WHAT=${2:-all}
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
# The GPUs' links and NUMA nodes: two GPUs share the host's bandwidth.
nvidia-smi topo -m 2>/dev/null | sed -n '1,/^$/p'
for n in /sys/devices/system/node/node[0-9]*; do
  [ -d "$n" ] && echo "$(basename "$n"): cpus $(cat "$n/cpulist")"
done

if [ "$WHAT" = multi ]; then
  IFS=';' read -r -a VARIANTS <<< "${MULTI_ARGS:-}"
  n=0
  for args in "" "${VARIANTS[@]}"; do
    echo "== multi-gpu --size 16384 --repeat $REPEAT $args"
    # With TRACE=1, each variant's AMPCC_TRACE_FILE as trace-N.json in $DEST.
    n=$((n + 1))
    # shellcheck disable=SC2086 # each variant is a list of arguments
    env ${TRACE:+AMPCC_TRACE_FILE=$DEST/trace-$n.json} \
      timeout 300 "$M/bin/multi-gpu" --size 16384 --repeat "$REPEAT" $args |
      grep -v '^accelerator'
    echo "multi-gpu exit ${PIPESTATUS[0]}"
  done
  exit 0
fi

if [ "$WHAT" != mpi ]; then
  echo "== transfer probe (plain OpenCL): bandwidth and overlap"
  timeout 120 "$M/bin/transfer-probe" 1024; echo "transfer-probe exit $?"

  echo "== runtime test: two devices"
  timeout 120 "$M/bin/multi-device"; echo "multi-device exit $?"

  echo "== multi-gpu 16384 (repeat $REPEAT)"
  timeout 400 "$M/bin/multi-gpu" --size 16384 --repeat "$REPEAT"; echo "multi-gpu exit $?"
fi

echo "== MPI"
mpirun --version 2>&1 | head -2
HEATS=$(ls "$M"/bin/heat*)
heat() { # heat BINARY NP ARGS...: one run, its result line
  local h=$1 np=$2; shift 2
  timeout 120 "${MPIRUN[@]}" -np "$np" "$h" "$@" --no-check 2>&1 | grep -v "^rank"
}
for h in $HEATS; do
  echo "-- $(basename "$h") check: 2 ranks against one"
  timeout 120 "${MPIRUN[@]}" -np 2 "$h" --rows 2048 --cols 2048 --steps 200
  echo "heat check exit $?"
done
for rep in $(seq "$REPEAT"); do
  for h in $HEATS; do
    b=$(basename "$h")
    echo "-- $b run $rep: 16384 x 16384, 500 steps, 1 rank (strong and weak baseline)"
    heat "$h" 1 --rows 16384 --cols 16384 --steps 500
    echo "-- $b run $rep: strong scaling, 2 ranks, 16384 x 16384, 500 steps"
    heat "$h" 2 --rows 16384 --cols 16384 --steps 500
    echo "-- $b run $rep: weak scaling, 2 ranks, 16384 rows per rank x 16384, 500 steps"
    heat "$h" 2 --rows-per-rank 16384 --cols 16384 --steps 500
  done
done
for h in $HEATS; do
  [ "${SMALL:-1}" = 1 ] || break
  b=$(basename "$h")
  for np in 1 2; do
    echo "-- $b: weak scaling, small bands, $np rank(s): 2048 rows per rank x 16384, 2000 steps"
    heat "$h" $np --rows-per-rank 2048 --cols 16384 --steps 2000
  done
done
if [ -n "${TRACE_STEPS:-}" ]; then
  T=$W/traces && mkdir -p "$T"
  for h in $HEATS; do
    b=$(basename "$h")
    for np in 1 2; do
      echo "-- $b traced: $np rank(s), 16384 rows per rank x 16384, $TRACE_STEPS steps"
      timeout 120 "${MPIRUN[@]}" -np $np bash -c 'AMPCC_TRACE_FILE='"$T/$b-np$np"'-rank$OMPI_COMM_WORLD_RANK.json exec "$0" "$@"' \
        "$h" --rows-per-rank 16384 --cols 16384 --steps "$TRACE_STEPS" --no-check 2>&1 | grep -v "^rank"
      for f in "$T/$b-np$np"-rank*.json; do
        echo "   $(basename "$f"):"
        python3 bench/trace/summary.py "$f" --busy --gaps | sed -n '/^track busy/,$p'
      done
    done
  done
  tar czf "$DEST/traces.tar.gz" -C "$T" .
fi
echo "== done"
