#!/usr/bin/env bash
# The host backend's scaling with cores (issue 45's target: 2 cores >= 1.8x
# one), on a machine with more cores than the build machine (the GPU
# machines have 16), which has no compiler: `build` here puts the harness
# (-fhost-kernels) and the OpenMP twins, with the OpenMP runtime, in
# .device/scaling; `run` there runs them pinned to the first 1, 2, 4, ...
# cores (taskset; the host backend starts one thread per core of its
# affinity mask) and writes $OUT/host-scaling.csv (the harness's rows, the
# device column saying how many cores), then prints the table of
# docs/performance.md. The harness's OpenCL twin runs on whatever OpenCL
# CPU device the machine has; only the host backend's and OpenMP's rows
# matter here, and, with POCL_ROOT set (bench/pocl-root.sh), ampcc's kernels
# on PoCL on the same cores (ampcc-pocl). The oneTBB and ICD loader
# packages travel in $D/debs. ROUNDS=R repeats the host backend's and
# OpenMP's runs R times, every core count in each round, and the CSV keeps
# each case's median over the rounds (PoCL runs in the first round only):
# one run of cases of 1-150 ms moves by tens of percent.
# Usage: [ROUNDS=R] bash bench/host/scaling.sh build | run [cores...]
set -euo pipefail
cd "$(dirname "$0")/../.."
D=.device/scaling
case "${1:-}" in
build)
  mkdir -p "$D"
  "${BUILD_DIR:-build}/bin/ampcc" -O2 -fhost-kernels bench/harness/*.cpp -o "$D/harness"
  clang++-19 -O3 -march=native -fopenmp -fno-math-errno -std=c++17 \
    bench/host/omp-twins.cpp -o "$D/omp-twins"
  cp -L "$(clang++-19 -print-file-name=libomp.so.5)" "$D/" 2>/dev/null ||
    cp -L /usr/lib/x86_64-linux-gnu/libomp.so.5 "$D/"
  mkdir -p "$D/debs"
  for p in libtbb12 libtbbmalloc2 libhwloc15 ocl-icd-libopencl1; do
    cp /var/cache/apt/archives/${p}_*.deb "$D/debs/" 2>/dev/null ||
      (cd "$D/debs" && apt-get download "$p" >/dev/null)
  done
  ;;
run)
  shift
  CORES=("$@")
  [ ${#CORES[@]} -gt 0 ] || CORES=(1 2 4 8 16)
  OUTDIR=${OUT:-.}
  W=$(mktemp -d)
  for d in "$D"/debs/*.deb; do dpkg -x "$d" "$W/root"; done
  export LD_LIBRARY_PATH="$PWD/$D:$W/root/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  export AMPCC_CACHE_DIR="$W/cache" POCL_CACHE_DIR="$W/pocl"
  if [ -n "${POCL_ROOT:-}" ]; then
    mkdir -p "$W/vendors"
    echo "$POCL_ROOT/usr/lib/x86_64-linux-gnu/libpocl.so.2" > "$W/vendors/pocl.icd"
    export OCL_ICD_VENDORS="$W/vendors" PATH="$POCL_ROOT/usr/bin:$PATH"
    export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$POCL_ROOT/usr/lib/x86_64-linux-gnu:$POCL_ROOT/usr/lib/llvm-15/lib"
  fi
  ROUNDS=${ROUNDS:-1}
  ONLY=saxpy,sma,histogram,reduction,matmul,binomial,nbody
  for R in $(seq "$ROUNDS"); do
    for N in "${CORES[@]}"; do
      [ "$N" -le "$(nproc)" ] || continue
      PIN=(taskset -c "0-$((N - 1))")
      AMPCC_BACKEND=host "${PIN[@]}" "$D/harness" --scale small --only "$ONLY" \
        --csv "$W/h$N-$R.csv" >/dev/null
      OMP_NUM_THREADS=$N "${PIN[@]}" "$D/omp-twins" --scale small --csv "$W/o$N-$R.csv" >/dev/null
      Files=("$W/h$N-$R.csv" "$W/o$N-$R.csv")
      if [ -n "${POCL_ROOT:-}" ] && [ "$R" = 1 ]; then
        AMPCC_BACKEND=opencl POCL_MAX_PTHREAD_COUNT=$N "${PIN[@]}" "$D/harness" --scale small \
          --only "$ONLY" --csv "$W/p$N.csv" >/dev/null
        sed -i 's/,ampcc,/,ampcc-pocl,/' "$W/p$N.csv"
        Files+=("$W/p$N.csv")
      fi
      for f in "${Files[@]}"; do
        awk -F, -v n="$N" 'NR > 1 && ($2 == "ampcc" || $2 == "openmp" || $2 == "ampcc-pocl") {
          $1 = n " cores"; $2 = ($2 == "ampcc" ? "ampcc-host" : $2); print }' OFS=, "$f"
      done
    done
  done > "$W/rows"
  # Each (cores, impl, case): the row of the median time over the rounds.
  { head -1 "$W/h${CORES[0]}-1.csv"
    python3 - "$W/rows" <<'PY'
import collections, sys
groups = collections.OrderedDict()
for line in open(sys.argv[1]):
    f = line.rstrip("\n").split(",")
    groups.setdefault((f[0], f[1], f[2]), []).append(f)
for rows in groups.values():
    rows.sort(key=lambda f: float(f[5]))
    print(",".join(rows[(len(rows) - 1) // 2]))
PY
  } > "$OUTDIR/host-scaling.csv"
  # The 2-core speed-up in each round, where rounds ran.
  python3 - "$W/rows" <<'PY'
import collections, sys
ms = collections.defaultdict(list)
for line in open(sys.argv[1]):
    f = line.rstrip("\n").split(",")
    ms[(f[0].split()[0], f[1], f[2])].append(float(f[5]))
for impl in ("ampcc-host", "openmp"):
    cases = [k[2] for k in ms if k[0] == "1" and k[1] == impl]
    if not cases or len(ms[("1", impl, cases[0])]) < 2:
        continue
    print(f"2 cores over 1, {impl}, per round:")
    for c in cases:
        one, two = ms[("1", impl, c)], ms.get(("2", impl, c), [])
        print(f"  {c}: " + ", ".join(f"{a / b:.2f}" for a, b in zip(one, two)))
PY
  python3 - "$OUTDIR/host-scaling.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
ms = {(r["device"].split()[0], r["impl"], r["case"]): float(r["ms"]) for r in rows}
cores = sorted({int(k[0]) for k in ms})
cases = [c for c in ["saxpy", "sma-simple", "sma-tiled", "histogram", "reduction",
                     "matmul-tiled", "matmul-blocked", "binomial", "nbody"]
         if any(k[2] == c for k in ms)]
for impl in ("ampcc-host", "openmp", "ampcc-pocl"):
    if not any(k[1] == impl for k in ms):
        continue
    print(f"| {impl}: ms (speed-up over 1 core) | " + " | ".join(f"{n} cores" for n in cores) + " |")
    print("| --- |" + " ---: |" * len(cores))
    for c in cases:
        one = ms.get(("1", impl, c))
        cells = []
        for n in cores:
            v = ms.get((str(n), impl, c))
            cells.append("-" if v is None else f"{v:.2f}" + (f" ({one / v:.2f}x)" if one else ""))
        print(f"| {c} | " + " | ".join(cells) + " |")
    print()
print("| host backend / OpenMP (time) | " + " | ".join(f"{n} cores" for n in cores) + " |")
print("| --- |" + " ---: |" * len(cores))
for c in cases:
    cells = []
    for n in cores:
        h, o = ms.get((str(n), "ampcc-host", c)), ms.get((str(n), "openmp", c))
        cells.append(f"{h / o:.2f}" if h and o else "-")
    print(f"| {c} | " + " | ".join(cells) + " |")
PY
  ;;
*)
  echo "usage: $0 build | run [cores...]" >&2
  exit 2
  ;;
esac
