#!/usr/bin/env python3
"""Merges bench/host/run.sh's three CSVs into one (impl renamed by where it
ran) and prints the table of docs/performance.md: kernel time of the host
backend against the OpenMP twin and against ampcc on PoCL, same run."""
import argparse
import csv
import sys


def rows(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("host")   # harness on the host backend (+ OpenCL twin on PoCL)
    ap.add_argument("pocl")   # harness on PoCL
    ap.add_argument("omp")    # OpenMP twins
    ap.add_argument("--out", required=True)
    ap.add_argument("--threads", default="?")
    ap.add_argument("--whole-host")  # bench/whole-run.sh under AMPCC_BACKEND=host
    ap.add_argument("--whole-pocl")  # bench/whole-run.sh on PoCL
    a = ap.parse_args()
    merged = []
    for r in rows(a.host):
        r["impl"] = {"ampcc": "ampcc-host", "opencl": "opencl-pocl"}.get(r["impl"], r["impl"])
        merged.append(r)
    for r in rows(a.pocl):
        if r["impl"] == "ampcc":
            r["impl"] = "ampcc-pocl"
            merged.append(r)
    merged += rows(a.omp)
    # Whole runs: ampcc's rows by where they ran; the OpenCL twin's once.
    for path, where in ((a.whole_host, "host"), (a.whole_pocl, "pocl")):
        if not path:
            continue
        for r in rows(path):
            if r["impl"] == "ampcc":
                r["impl"] = "ampcc-" + where
            elif r["impl"] == "opencl" and where == "pocl":
                r["impl"] = "opencl-pocl"
            else:
                continue
            merged.append(r)
    with open(a.out, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(merged[0].keys()))
        w.writeheader()
        w.writerows(merged)
    ms = {}
    ok = {}
    for r in merged:
        ms[(r["case"], r["impl"])] = float(r["ms"])
        ok[(r["case"], r["impl"])] = r["ok"] == "1"
    cases = [c for c in ["saxpy", "sma-simple", "sma-tiled", "histogram", "reduction",
                         "matmul-tiled", "matmul-blocked", "binomial", "nbody"]
             if (c, "openmp") in ms]
    print(f"| case ({a.threads} threads) | host backend ms | OpenMP ms | ampcc on PoCL ms "
          "| host / OpenMP (time) | PoCL / host (time) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for c in cases:
        h, o, p = (ms.get((c, i)) for i in ("ampcc-host", "openmp", "ampcc-pocl"))
        bad = [i for i in ("ampcc-host", "openmp", "ampcc-pocl") if (c, i) in ok and not ok[(c, i)]]
        fmt = lambda v: "-" if v is None else f"{v:.3f}"
        ratio = lambda x, y: "-" if x is None or y is None or y == 0 else f"{x / y:.2f}"
        note = f" (WRONG: {', '.join(bad)})" if bad else ""
        print(f"| {c}{note} | {fmt(h)} | {fmt(o)} | {fmt(p)} | {ratio(h, o)} | {ratio(p, h)} |")
    whole = [(i, c, ms[(c, i)]) for i in ("ampcc-host", "ampcc-pocl", "opencl-pocl")
             for c in ("small-first", "small-second") if (c, i) in ms]
    if whole:
        print()
        print("| small program, whole run | first ms | second ms | first / second |")
        print("| --- | ---: | ---: | ---: |")
        for i in ("ampcc-host", "ampcc-pocl", "opencl-pocl"):
            f, s2 = ms.get(("small-first", i)), ms.get(("small-second", i))
            if f is not None and s2:
                print(f"| {i} | {f:.1f} | {s2:.1f} | {f / s2:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
