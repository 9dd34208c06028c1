#!/usr/bin/env python3
"""Tables of bench/transfers' CSVs (ampcc.csv from transfers.cpp, cuda.csv
from cuda-main.cu): GB/s per size and direction for every implementation,
ampcc against pinned OpenCL (target: at least 0.8x) and against CUDA's
pageable cudaMemcpy (target: above it), the array constructor from
iterators against an empty array and copy(), then the staging knobs at the
largest size. Usage: report.py ampcc.csv [cuda.csv]"""
import csv
import sys
from collections import defaultdict

rate = defaultdict(dict)  # (case) -> impl -> GB/s
device = ""
for path in sys.argv[1:]:
    try:
        with open(path) as f:
            for row in csv.DictReader(f):
                device = device or row["device"]
                rate[row["case"]][row["impl"]] = float(row["rate"] or 0)
    except FileNotFoundError:
        print(f"(no {path})")


def mib(case):
    return int(case.split("-")[1][:-3])


cases = sorted(rate, key=lambda c: (c[:3] != "h2d", mib(c)))
cols = ["ampcc", "ampcc-view", "ampcc-staged", "ampcc-direct", "opencl", "opencl-pinned",
        "ampcc-cuda", "ampcc-cuda-view", "ampcc-cuda-direct", "cuda", "cuda-pinned",
        "cuda-registered", "cuda-register-each"]
print(f"Transfers between ordinary host memory and {device} (GB/s)\n")
print("| case | " + " | ".join(cols) + " | ampcc / pinned OpenCL | ampcc / CUDA pageable | ampcc-cuda / CUDA pinned | targets |")
print("| --- " * (len(cols) + 5) + "|")
for c in cases:
    r = rate[c]
    cells = [f"{r[k]:.1f}" if k in r else "" for k in cols]
    a, p, cu = r.get("ampcc"), r.get("opencl-pinned"), r.get("cuda")
    vp = f"{a / p:.2f}" if a and p else ""
    vc = f"{a / cu:.2f}" if a and cu else ""
    ac, cp = r.get("ampcc-cuda"), r.get("cuda-pinned")
    vcp = f"{ac / cp:.2f}" if ac and cp else ""
    met = []
    if ac and cp:
        met.append("CUDA 0.95x pinned " + ("met" if ac >= 0.95 * cp else "missed"))
    if a and p:
        met.append("0.8x pinned " + ("met" if a >= 0.8 * p else "missed"))
    if a and cu:
        met.append("> CUDA pageable " + ("met" if a > cu else "missed"))
    print(f"| {c} | " + " | ".join(cells) + f" | {vp} | {vc} | {vcp} | {'; '.join(met)} |")

ctors = ["ampcc-ctor", "ampcc-alloc-copy"]
if any(k in r for r in rate.values() for k in ctors):
    print("\nAn array made from a std::vector's iterators, against an empty array filled by copy() (GB/s, to the device, with the allocation)\n")
    print("| case | constructor | alloc + copy() | ratio |")
    print("| --- | --- | --- | --- |")
    for c in cases:
        a, b = rate[c].get(ctors[0]), rate[c].get(ctors[1])
        if a and b:
            print(f"| {c} | {a:.1f} | {b:.1f} | {a / b:.2f} |")

knobs = sorted({k for r in rate.values() for k in r
                if k.startswith("ampcc-") and not k.startswith("ampcc-cuda")
                and k not in cols and k not in ctors})
grid = sorted({k for r in rate.values() for k in r if k.startswith("g-")})
if knobs:
    big = max(cases, key=mib)
    size = big.split("-")[1]
    print(f"\nStaging knobs at {size}, one at a time around the defaults (GB/s)\n")
    print("| setting | h2d | d2h |")
    print("| --- | --- | --- |")
    for k in ["ampcc-staged"] + knobs:  # staged: the defaults
        h, d = rate.get("h2d-" + size, {}).get(k), rate.get("d2h-" + size, {}).get(k)
        if h or d:
            print(f"| {k} | {h or 0:.1f} | {d or 0:.1f} |")

if grid:
    import math
    gcases = [c for c in cases if any(k in rate[c] for k in grid)]
    print("\nGrid (pipelines t, pieces per pipeline p, smallest piece m, streaming stores s): best three per case (GB/s)\n")
    for c in gcases:
        best = sorted(grid, key=lambda k: -rate[c].get(k, 0))[:3]
        print(f"- {c}: " + ", ".join(f"{k} {rate[c][k]:.1f}" for k in best))
    print("\n| setting | " + " | ".join(gcases) + " |")
    print("| --- " * (len(gcases) + 1) + "|")
    for k in grid:
        print(f"| {k} | " + " | ".join(f"{rate[c].get(k, 0):.1f}" for c in gcases) + " |")
    score = {k: math.exp(sum(math.log(max(rate[c].get(k, 0.01), 0.01)) for c in gcases) / len(gcases)) for k in grid}
    print("\nBest five by geometric mean over those cases: " +
          ", ".join(f"{k} {score[k]:.1f}" for k in sorted(grid, key=lambda k: -score[k])[:5]))
