#!/usr/bin/env bash
# On the GPU machine (issue 31 item 3): the kernel probe's variants, the
# CUDA twins' PTX from nvcc loaded through OpenCL, ptxas's register report
# and the SASS of every program, residency by local memory (occupancy.cl)
# and the CUDA twins by shared-memory carveout (carveout.cu, with Nsight
# Compute; ncu profiles no OpenCL kernel: "No kernels were profiled"); with
# WITH_BENCH=1 also the harness (sma, matmul, nbody) and the CUDA twin in
# the same run, and the transfer bench (bench/transfers) at SIZES with its
# small-size grid. Writes log.txt, probe.csv, harness.csv, cuda.csv,
# transfers-*.csv and artifacts.tgz (PTX, SASS, build logs, ncu reports)
# into $OUT (or ./probe-out).
# STEPS picks parts (default all): probe (the variants), residency,
# jit (the same PTX through CUDA's JIT by level; NVIDIA OpenCL's build
# options; the SASS of OpenCL's JIT carved from its compute cache),
# clock (the SM clock and the compute-bound kernels under OpenCL, beside a
# CUDA context, under CUDA; nvidia-smi sampled), ptxas, carveout, ncu;
# with WITH_BENCH=1 also bench (harness and CUDA twin), first (the
# harness's first launch, empty caches), transfers, smallgrid.
# Usage: [WITH_BENCH=1] [SIZES=1,4,16,64,256] [STEPS="probe clock"] bash bench/kernel-probe/run-on-device.sh
set -uo pipefail
cd "$(dirname "$0")/../.."
B=.device/probe
DEST=${OUT:-probe-out}
mkdir -p "$DEST"
W=$(mktemp -d)
A=$W/artifacts
mkdir -p "$A"
exec > >(tee "$DEST/log.txt") 2>&1
. bench/device-env.sh
export AMPCC_CACHE_DIR=$W/ampcc-cache CUDA_CACHE_PATH=$W/cuda-cache
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
CU="nvcc -O3 -arch=sm_90 -std=c++17"
STEPS=${STEPS:-probe residency clock jit ptxas carveout ncu bench first transfers smallgrid}
step() { case " $STEPS " in *" $1 "*) return 0 ;; esac; return 1; }

echo "== nvcc: the CUDA twins' PTX, cubins (ptxas -v), the carveout probe, the benchmarks"
T0=$(date +%s)
# nvcc's PTX passes pointers as plain .u64 parameters; NVIDIA's OpenCL maps
# a cl_mem argument to a device address only for a '.ptr .global' one.
oclptx() { sed -E 's/\.param \.u64 ([A-Za-z0-9_]+_param_[0-9]+)/.param .u64 .ptr .global .align 4 \1/' "$1" > "$2"; }
# Waited for by pid: a bare `wait` would also wait for the `tee` above.
PTXPIDS=()
for f in bench/cuda/compute.cu bench/cuda/stencil.cu bench/kernel-probe/sma-cond.cu; do
  n=$(basename "$f" .cu)
  ($CU -ptx "$f" -o "$A/cuda-$n.ptx" && oclptx "$A/cuda-$n.ptx" "$A/cuda-$n.ocl.ptx" &&
    $CU -cubin -Xptxas -v "$f" -o "$A/cuda-$n.cubin" 2> "$A/cuda-$n.ptxas.txt" &&
    cuobjdump -sass "$A/cuda-$n.cubin" > "$A/cuda-$n.sass") &
  PTXPIDS+=($!)
done
$CU bench/kernel-probe/carveout.cu bench/cuda/common.cu -lcuda -o "$W/carveout" &
PTXPIDS+=($!)
PIDS=()
if [ "${WITH_BENCH:-0}" = 1 ]; then
  for f in bench/cuda/*.cu; do
    timeout 300 $CU -c "$f" -o "$W/$(basename "$f" .cu).o" &
    PIDS+=($!)
  done
  timeout 300 $CU bench/transfers/cuda-main.cu bench/cuda/transfers.cu bench/cuda/common.cu \
    -o "$W/cuda-transfers" &
  PIDS+=($!)
fi
wait "${PTXPIDS[@]}"
echo "PTX and carveout: $(( $(date +%s) - T0 )) s"

L=$B/cl
if step probe; then
echo "== probe (ms, median of 7 batches; same process per case)"
export PROBE_PTX_DIR=$A
{
  $B/bin/probe sma $L/twin-sma.cl $L/sma-variants.cl $L/ampcc-sma.cl $L/ampcc-sma-before.cl \
    "$A/cuda-stencil.ocl.ptx" "$A/cuda-sma-cond.ocl.ptx"
  $B/bin/probe matmul $L/twin-matmul.cl $L/ampcc-matmul.cl "$A/cuda-compute.ocl.ptx"
  $B/bin/probe nbody $L/twin-nbody.cl $L/ampcc-nbody.cl "$A/cuda-compute.ocl.ptx"
} | tee "$DEST/probe.csv"
unset PROBE_PTX_DIR
fi
step residency && $B/bin/probe residency $L/occupancy.cl | tee -a "$DEST/probe.csv"

if step clock; then
  echo "== the SM clock: OpenCL, OpenCL beside a CUDA context, CUDA (nvidia-smi every 50 ms)"
  smi() { nvidia-smi --query-gpu=timestamp,pstate,clocks.sm,clocks.mem,power.draw --format=csv,noheader -lms 50 > "$A/smi-$1.csv" & SMI=$!; }
  smi opencl
  { $B/bin/probe clock $L/clock.cl
    $B/bin/probe matmul $L/twin-matmul.cl "$A/cuda-compute.ocl.ptx"
    $B/bin/probe nbody $L/twin-nbody.cl; } | tee -a "$DEST/probe.csv"
  kill $SMI
  smi opencl-cudactx
  { PROBE_CUDA_CTX=1 $B/bin/probe clock $L/clock.cl
    PROBE_CUDA_CTX=1 $B/bin/probe matmul $L/twin-matmul.cl "$A/cuda-compute.ocl.ptx"
    PROBE_CUDA_CTX=1 $B/bin/probe nbody $L/twin-nbody.cl; } | sed 's/^/cudactx-/' | tee -a "$DEST/probe.csv"
  kill $SMI
  smi cuda
  timeout 100 "$W/carveout" -1 | tee -a "$A/carveout.csv"
  kill $SMI
  for f in "$A"/smi-*.csv; do
    echo "-- $(basename "$f"): samples $(wc -l < "$f"); busiest: $(sort -t, -k5 -n -r "$f" | head -3 | tr '\n' ' ')"
  done
fi

if step jit; then
  echo "== the same PTX through CUDA's own JIT (optimization levels; -1 the default)"
  TILED=$(grep -o '\.entry [A-Za-z0-9_]*matTiled[A-Za-z0-9_]*' "$A/cuda-compute.ptx" | cut -d' ' -f2)
  timeout 100 "$W/carveout" --jit "$A/cuda-compute.ptx" "$TILED" -1 0 1 2 3 4
  # The OpenCL program's PTX: its global offsets (%envreg) are 0 here.
  sed -E 's/%envreg[0-9]+/0/g' "$A/matmul-twin-matmul.cl.ptx" > "$A/twin-matmul.cuda.ptx"
  timeout 100 "$W/carveout" --jit "$A/twin-matmul.cuda.ptx" tiled -1
  echo "== NVIDIA's OpenCL JIT by build option"
  timeout 200 $B/bin/probe matmul $L/twin-matmul.cl "$L/twin-matmul.cl=-cl-nv-opt-level=0" \
    "$L/twin-matmul.cl=-cl-nv-opt-level=1" "$L/twin-matmul.cl=-cl-nv-opt-level=2" \
    "$L/twin-matmul.cl=-cl-nv-opt-level=3" "$L/twin-matmul.cl=-cl-nv-arch sm_90" | tee -a "$DEST/probe.csv"
  echo "== the SASS NVIDIA's OpenCL JIT made (carved out of its compute cache)"
  mkdir -p "$W/jitcache"
  CUDA_CACHE_PATH=$W/jitcache PROBE_ONCE=1 $B/bin/probe matmul $L/twin-matmul.cl > /dev/null
  python3 - "$W/jitcache" "$A/jit" <<'PY'
import os, struct, sys
src, dst = sys.argv[1:3]
os.makedirs(dst, exist_ok=True)
n = 0
for root, _, files in os.walk(src):
    for f in files:
        data = open(os.path.join(root, f), 'rb').read()
        i = data.find(b'\x7fELF')
        while i >= 0:
            shoff, = struct.unpack_from('<Q', data, i + 0x28)
            shentsize, shnum = struct.unpack_from('<HH', data, i + 0x3A)
            end = i + shoff + shentsize * shnum
            if shoff and end <= len(data):
                open(os.path.join(dst, 'jit%d.cubin' % n), 'wb').write(data[i:end])
                n += 1
            i = data.find(b'\x7fELF', i + 4)
print('carved', n, 'cubins from', sum(len(f) for _, _, f in os.walk(src)), 'cache files')
PY
  for c in "$A"/jit/*.cubin; do cuobjdump -sass "$c" > "${c%.cubin}.sass" 2>&1; done
  ls -la "$A/jit" | head
fi

if step ptxas; then
echo "== ptxas -v and SASS of the OpenCL programs' PTX"
for p in "$A"/*.ptx; do
  case $p in *cuda-*) continue ;; esac
  ptxas -arch=sm_90 -v "$p" -o "${p%.ptx}.cubin" > "${p%.ptx}.ptxas.txt" 2>&1 &&
    cuobjdump -sass "${p%.ptx}.cubin" > "${p%.ptx}.sass"
done
grep -h -E "Compiling entry|Used [0-9]+ registers" "$A"/*.ptxas.txt | paste - - | sed 's/ptxas info *: //g' | head -60
fi

if step carveout; then
  echo "== CUDA: residency and times by shared-memory carveout"
  timeout 200 "$W/carveout" | tee -a "$A/carveout.csv"
fi
if step ncu; then
echo "== ncu of the CUDA twins by carveout (launch and occupancy)"
timeout 200 ncu --section LaunchStats --section Occupancy --section SpeedOfLight \
  -k 'regex:matTiled|matBlocked|nbody' "$W/carveout" --once -1 0 8 16 > "$A/ncu-carveout.txt" 2>&1
grep -E '^  [A-Za-z_].*\(|Duration|Shared Memory Configuration Size|Achieved Occupancy|Theoretical Occupancy|Block Limit Shared Mem|Driver Shared Memory Per Block' "$A/ncu-carveout.txt" | head -80
fi

if [ "${WITH_BENCH:-0}" = 1 ]; then
  wait "${PIDS[@]}"
fi
if [ "${WITH_BENCH:-0}" = 1 ] && step bench; then
  nvcc -arch=sm_90 $(ls "$W"/*.o | grep -v -e transfers.o) -o "$W/cuda-bench" 2>&1 | tail -3 ||
    true
  ls "$W"/*.o
  echo "== harness and CUDA twin: sma, matmul, nbody"
  timeout 300 .device/bench/bin/bench-harness --scale full --only sma,matmul,nbody --csv "$DEST/harness.csv"
  timeout 200 "$W/cuda-bench" --scale full --only sma,matmul,nbody --csv "$DEST/cuda.csv"
  python3 bench/report.py "$DEST/harness.csv" "$DEST/cuda.csv" | grep -E "^\| (sma|matmul|nbody)" || true
fi

if [ "${WITH_BENCH:-0}" = 1 ] && step first; then
  echo "== first launch (item 2): harness build-first, empty caches, 5 runs; one traced"
  for i in 1 2 3 4 5; do
    AMPCC_CACHE_DIR=$(mktemp -d) CUDA_CACHE_PATH=$(mktemp -d) .device/bench/bin/bench-harness \
      --only build-first --csv "$A/build-first-$i.csv" | grep build-first
  done
  cat "$A"/build-first-*.csv | sort -u > "$DEST/build-first.csv"
  AMPCC_CACHE_DIR=$(mktemp -d) CUDA_CACHE_PATH=$(mktemp -d) AMPCC_TRACE_FILE=$A/build-first.json \
    .device/bench/bin/bench-harness --only build-first > /dev/null
  python3 bench/trace/summary.py "$A/build-first.json" | grep -v "^ *[0-9.]* *[0-9.]*  NVIDIA" | tail -20
fi

T=.device/transfers
if [ "${WITH_BENCH:-0}" = 1 ] && step transfers; then
  echo "== transfers (every baseline in this run)"
  timeout 200 $T/bin/transfers --sizes "${SIZES:-1,4,16,64,256}" --no-sweep --csv "$DEST/transfers-ampcc.csv" > "$A/transfers.txt"
  echo "transfers exit $?"
  timeout 120 "$W/cuda-transfers" --sizes "${SIZES:-1,4,16,64,256}" --csv "$DEST/transfers-cuda.csv"
  python3 bench/transfers/report.py "$DEST/transfers-ampcc.csv" "$DEST/transfers-cuda.csv" | tee "$A/transfers-report.md"
  # Further rounds of ampcc's rows (TRANSFER_ROUNDS): the spread between
  # runs of the same setting, against the differences between settings.
  for r in $(seq 2 "${TRANSFER_ROUNDS:-1}"); do
    timeout 200 $T/bin/transfers --sizes "${SIZES:-1,4,16,64,256}" --no-sweep --csv "$A/transfers-ampcc-r$r.csv" > /dev/null
  done
  python3 - "$DEST/transfers-ampcc.csv" "$A"/transfers-ampcc-r*.csv <<'PY'
import csv, sys, collections
rates = collections.defaultdict(list)
for f in sys.argv[1:]:
    for r in csv.DictReader(open(f)):
        rates[(r['case'], r['impl'])].append(float(r['rate']))
for (case, impl), v in sorted(rates.items()):
    if impl.startswith('ampcc') or impl == 'opencl-pinned':
        print('%-10s %-20s %s' % (case, impl, ' '.join('%.1f' % x for x in v)))
PY
fi
if [ "${WITH_BENCH:-0}" = 1 ] && step smallgrid; then
  echo "== small transfers: the knobs (1, 4 and 16 MiB)"
  timeout 200 $T/bin/transfers --sizes 1,4,16 --no-sweep --small-grid --csv "$A/transfers-small-grid.csv" > "$A/transfers-small-grid.txt"
  echo "small grid exit $?"
  python3 - "$A/transfers-small-grid.csv" <<'PY'
import csv, sys, collections
rows = list(csv.DictReader(open(sys.argv[1])))
best = collections.defaultdict(list)
for r in rows:
    gbs = float(r['rate'])
    best[r['case']].append((gbs, r['impl']))
for case, v in sorted(best.items()):
    v.sort(reverse=True)
    ref = {i: g for g, i in v}
    print(case, 'best:', ', '.join('%s %.1f' % (i, g) for g, i in v[:6]),
          '| defaults:', '%.1f' % ref.get('ampcc', 0),
          'pinned: %.1f' % ref.get('opencl-pinned', 0))
PY
fi
tar czf "$DEST/artifacts.tgz" -C "$W" artifacts
ls -la "$DEST"
