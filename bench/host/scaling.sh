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
# packages travel in $D/debs.
# Usage: bash bench/host/scaling.sh build | run [cores...]
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
  for N in "${CORES[@]}"; do
    [ "$N" -le "$(nproc)" ] || continue
    PIN=(taskset -c "0-$((N - 1))")
    AMPCC_BACKEND=host "${PIN[@]}" "$D/harness" --scale small \
      --only saxpy,sma,histogram,reduction,matmul,binomial,nbody --csv "$W/h$N.csv" >/dev/null
    OMP_NUM_THREADS=$N "${PIN[@]}" "$D/omp-twins" --scale small --csv "$W/o$N.csv" >/dev/null
    Files=("$W/h$N.csv" "$W/o$N.csv")
    if [ -n "${POCL_ROOT:-}" ]; then
      AMPCC_BACKEND=opencl POCL_MAX_PTHREAD_COUNT=$N "${PIN[@]}" "$D/harness" --scale small \
        --only saxpy,sma,histogram,reduction,matmul,binomial,nbody --csv "$W/p$N.csv" >/dev/null
      sed -i 's/,ampcc,/,ampcc-pocl,/' "$W/p$N.csv"
      Files+=("$W/p$N.csv")
    fi
    for f in "${Files[@]}"; do
      awk -F, -v n="$N" 'NR > 1 && ($2 == "ampcc" || $2 == "openmp" || $2 == "ampcc-pocl") {
        $1 = n " cores"; $2 = ($2 == "ampcc" ? "ampcc-host" : $2); print }' OFS=, "$f"
    done
  done > "$W/rows"
  { head -1 "$W/h${CORES[0]}.csv"; cat "$W/rows"; } > "$OUTDIR/host-scaling.csv"
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
