#!/usr/bin/env python3
"""Robust buffer access against plain, per harness case (bench/robust-access.sh).

Reads the harness CSVs of several runs of the plain build (files named
plain-*.csv) and of the robust build (robust-*.csv); prints, per case, the
median ampcc time of each, robust / plain, and robust / plain of the
hand-written OpenCL twin (the same program in both builds: the spread of
the runs themselves). -o writes the same as CSV.
"""
import argparse
import csv
import os
import statistics
import sys


def read(paths):
    """{(impl, case): [ms, ...]} and the device, over \\p paths."""
    times, device, ok = {}, "", True
    for path in paths:
        with open(path) as f:
            for row in csv.DictReader(f):
                device = row["device"]
                ok = ok and row["ok"] == "1"
                times.setdefault((row["impl"], row["case"]), []).append(float(row["ms"]))
    return times, device, ok


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-o", "--csv", help="write the table as CSV")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    plain, device, plain_ok = read([f for f in args.files if os.path.basename(f).startswith("plain")])
    robust, _, robust_ok = read([f for f in args.files if os.path.basename(f).startswith("robust")])
    cases = [c for (impl, c) in plain if impl == "ampcc" and ("ampcc", c) in robust]
    rows = []
    for c in cases:
        p, r = statistics.median(plain[("ampcc", c)]), statistics.median(robust[("ampcc", c)])
        pc = statistics.median(plain.get(("opencl", c), [0]))
        rc = statistics.median(robust.get(("opencl", c), [0]))
        rows.append({"device": device, "case": c, "runs": len(plain[("ampcc", c)]),
                     "plain_ms": "%.4g" % p, "robust_ms": "%.4g" % r,
                     "robust_over_plain": "%.3f" % (r / p),
                     "opencl_robust_run_over_plain_run": "%.3f" % (rc / pc) if pc else ""})
    print("%s: median of %d runs each" % (device, rows[0]["runs"] if rows else 0))
    print("| case | plain ms | robust ms | robust / plain | OpenCL twin, robust run / plain run |")
    print("| --- | --- | --- | --- | --- |")
    for r in rows:
        print("| %s | %s | %s | %s | %s |" % (r["case"], r["plain_ms"], r["robust_ms"],
                                            r["robust_over_plain"],
                                            r["opencl_robust_run_over_plain_run"]))
    worst = max(rows, key=lambda r: float(r["robust_over_plain"])) if rows else None
    if worst:
        print("worst: %s %s" % (worst["case"], worst["robust_over_plain"]))
    if not (plain_ok and robust_ok):
        print("RESULTS DIFFER in some run")
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
            w.writeheader()
            w.writerows(rows)
    return 0 if plain_ok and robust_ok else 1


if __name__ == "__main__":
    sys.exit(main())
