#!/usr/bin/env python3
"""Reads the CSVs of one device (the harness's, the CUDA twin's,
whole-run.sh's), prints a Markdown table of every case and issue 10's
targets as "met" / "missed" lines. Never fails on a missed target: the
exit status is 1 only when a row says its results differed.

Usage: bench/report.py [--title TITLE] FILE.csv...

Speed ratios are ampcc's speed over the twin's (twin ms / ampcc ms): 1.10
means ampcc is 10% faster. "% copy" is a memory-bound kernel's GB/s over the
best copy kernel's GB/s measured on the device (any implementation).
"""
import argparse
import csv
import sys
from collections import defaultdict

KERNEL_GROUPS = ("memory", "compute", "atomic")


def load(paths):
    rows = []
    for p in paths:
        with open(p, newline="") as f:
            rows.extend(csv.DictReader(f))
    for r in rows:
        r["ms"] = float(r["ms"])
        r["rate"] = float(r["rate"] or 0)
        r["bytes_moved"] = int(r["bytes_moved"])
        r["bytes_min"] = int(r["bytes_min"])
        r["ok"] = r["ok"] == "1"
    return rows


def index(rows):
    """{case: {impl: row}} in first-seen case order, and the groups."""
    by_case, group = {}, {}
    for r in rows:
        by_case.setdefault(r["case"], {})[r["impl"]] = r
        group[r["case"]] = r["group"]
    return by_case, group


def fmt(x, spec="{:.2f}"):
    return "" if x is None else spec.format(x)


def ratio(case, other):
    a, b = case.get("ampcc"), case.get(other)
    if not a or not b or a["ms"] <= 0:
        return None
    return b["ms"] / a["ms"]


def copy_roof(by_case):
    rates = [r["rate"] for r in by_case.get("copy", {}).values() if r["rate"] > 0]
    return max(rates) if rates else None


def table(by_case, group):
    roof = copy_roof(by_case)
    has_cuda = any("cuda" in c for c in by_case.values())
    head = ["case", "group", "ampcc ms", "OpenCL ms"] + (["CUDA ms"] if has_cuda else [])
    head += ["ampcc rate", "vs OpenCL"] + (["vs CUDA"] if has_cuda else [])
    head += ["% copy", "bytes moved / min", "ok"]
    out = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for name, impls in by_case.items():
        a, cl, cu = impls.get("ampcc"), impls.get("opencl"), impls.get("cuda")
        ref = a or cl or cu
        rate = f"{ref['rate']:.1f} {ref['unit']}" if ref["rate"] > 0 else ""
        pct = None
        if roof and group[name] == "memory" and a and a["rate"] > 0:
            pct = 100 * a["rate"] / roof
        moved = ""
        if a and a["bytes_moved"] >= 0:
            moved = "= min" if a["bytes_moved"] == a["bytes_min"] else f"{a['bytes_moved']} / {a['bytes_min']}"
        cells = [name, group[name], fmt(a and a["ms"], "{:.4g}"), fmt(cl and cl["ms"], "{:.4g}")]
        if has_cuda:
            cells.append(fmt(cu and cu["ms"], "{:.4g}"))
        cells += [rate, fmt(ratio(impls, "opencl"))]
        if has_cuda:
            cells.append(fmt(ratio(impls, "cuda")))
        oks = [r["ok"] for r in impls.values()]
        cells += [fmt(pct, "{:.0f}%"), moved, "yes" if all(oks) else "**NO**"]
        out.append("| " + " | ".join(cells) + " |")
    for extra in ("opencl-pinned", "cuda-pinned"):
        for name, impls in by_case.items():
            if extra in impls:
                r = impls[extra]
                out.append(f"| {name} ({extra}) | {group[name]} | | {r['ms']:.4g} |"
                           + (" |" if has_cuda else "")
                           + f" {r['rate']:.1f} {r['unit']} |" + " |" * (len(head) - 5 - has_cuda))
    return "\n".join(out)


def targets(by_case, group):
    """Yields (met, text) for each of issue 10's targets that has data."""
    roof = copy_roof(by_case)
    for name, impls in by_case.items():
        if group[name] not in KERNEL_GROUPS or "ampcc" not in impls:
            continue
        r = ratio(impls, "opencl")
        if r is not None:
            yield r >= 1.0, f"{name}: ampcc {r:.2f}x its OpenCL twin (target >= 1.0x)"
        r = ratio(impls, "cuda")
        if r is not None:
            yield r >= 0.9, f"{name}: ampcc {r:.2f}x its CUDA twin (target >= 0.9x)"
        a = impls["ampcc"]
        if group[name] == "memory" and roof and name != "copy":
            pct = 100 * a["rate"] / roof
            yield pct >= 85, f"{name}: ampcc {pct:.0f}% of copy bandwidth {roof:.1f} GB/s (target >= 85%)"
    for name, impls in by_case.items():
        a = impls.get("ampcc")
        if a and a["bytes_moved"] >= 0 and group[name] != "transfer":
            yield (a["bytes_moved"] == a["bytes_min"],
                   f"{name}: ampcc moved {a['bytes_moved']} bytes, minimum {a['bytes_min']}")
    launch = by_case.get("launch-empty", {})
    r = ratio(launch, "opencl")
    if r is not None:
        over = 1 / r
        yield over <= 1.1, f"launch-empty: ampcc {over:.2f}x raw OpenCL's launch + wait (target <= 1.1x)"
    second = by_case.get("small-second", {})
    r = ratio(second, "opencl")
    if r is not None:
        over = 1 / r
        yield over <= 1.2, f"small-second: ampcc's second run {over:.2f}x the hand-written OpenCL program's (target <= 1.2x)"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--title", default="")
    ap.add_argument("csv", nargs="+")
    args = ap.parse_args()
    rows = load(args.csv)
    by_case, group = index(rows)
    devices = sorted({r["device"] for r in rows if r["impl"] != "cuda"})
    scales = sorted({r["scale"] for r in rows if r["scale"] != "-"})
    print(f"## {args.title or ', '.join(devices)} (scale {', '.join(scales)})\n")
    print(table(by_case, group))
    print()
    met = missed = 0
    for ok, text in targets(by_case, group):
        print(f"- {'met' if ok else 'missed'}: {text}")
        met += ok
        missed += not ok
    print(f"\n{met} targets met, {missed} missed.")
    return 0 if all(r["ok"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
