#!/usr/bin/env python3
"""Draws one device's benchmark CSVs (bench/report.py reads the same) as a
PNG: left, each kernel's ampcc speed over its OpenCL twin and, where
measured, its CUDA twin, with the targets (1.0x, 0.9x) as lines; right, the
memory-bound kernels' bandwidth as a fraction of the best copy kernel's, per
implementation, with the 85% target.

Usage: bench/plot.py --title TITLE -o OUT.png FILE.csv...
Needs matplotlib (scripts/setup.sh with BENCH=1 installs it).
"""
import argparse
import os
import sys

import matplotlib

matplotlib.use("Agg")  # no display on the build or GPU machines
import matplotlib.pyplot as plt  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report import KERNEL_GROUPS, copy_roof, index, load, ratio  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--title", required=True)
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("csv", nargs="+")
    args = ap.parse_args()
    by_case, group = index(load(args.csv))
    kernels = [c for c in by_case if group[c] in KERNEL_GROUPS and "ampcc" in by_case[c]]
    memory = [c for c in kernels if group[c] == "memory"]
    has_cuda = any("cuda" in by_case[c] for c in kernels)

    fig, (left, right) = plt.subplots(1, 2, figsize=(14, 0.32 * len(kernels) + 2.5))
    y = range(len(kernels))
    h = 0.4 if has_cuda else 0.7
    left.barh([i - (h / 2 if has_cuda else 0) for i in y],
              [ratio(by_case[c], "opencl") or 0 for c in kernels], h, label="vs OpenCL twin")
    if has_cuda:
        left.barh([i + h / 2 for i in y], [ratio(by_case[c], "cuda") or 0 for c in kernels], h,
                  label="vs CUDA twin")
        left.axvline(0.9, color="tab:orange", linestyle=":", label="CUDA target 0.9x")
    left.axvline(1.0, color="black", linestyle="--", label="OpenCL target 1.0x")
    left.set_yticks(list(y), kernels)
    left.invert_yaxis()
    left.set_xlabel("ampcc speed / twin's speed (higher: ampcc faster)")
    left.legend(loc="lower right", fontsize=8)

    roof = copy_roof(by_case)
    impls = [i for i in ("ampcc", "opencl", "cuda") if any(i in by_case[c] for c in memory)]
    ym = range(len(memory))
    w = 0.8 / max(1, len(impls))
    for k, impl in enumerate(impls):
        vals = [100 * by_case[c][impl]["rate"] / roof if impl in by_case[c] and roof else 0
                for c in memory]
        right.barh([i - 0.4 + w * (k + 0.5) for i in ym], vals, w, label=impl)
    right.axvline(85, color="black", linestyle="--", label="target 85%")
    right.set_yticks(list(ym), memory)
    right.invert_yaxis()
    right.set_xlabel(f"% of the best copy kernel's bandwidth ({roof or 0:.1f} GB/s)")
    right.legend(loc="lower right", fontsize=8)

    fig.suptitle(args.title)
    fig.tight_layout()
    fig.savefig(args.output, dpi=100)
    return 0


if __name__ == "__main__":
    sys.exit(main())
