#!/usr/bin/env python3
"""Prints the results table of docs/real-programs.md from the runner's TSVs.

  tools/corpus/report.py --pocl /tmp/corpus-work/results.tsv [--gpu gpu.tsv]

Causes of failures come from tools/corpus/diagnoses.json (entry name ->
{"category": "ampcc|PoCL|NVIDIA|program|corpus", "cause": "..."}), written by
hand after reading each failure; an entry that fails without a diagnosis is
shown as "not diagnosed".
"""
import argparse
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def read_tsv(path):
    rows = {}
    if not path:
        return rows
    with open(path) as f:
        head = f.readline().rstrip("\n").split("\t")
        for line in f:
            r = dict(zip(head, line.rstrip("\n").split("\t")))
            rows[r["name"]] = r
    return rows


def verdict(r):
    if r is None:
        return "not run"
    if r["build"] != "ok":
        return "build fails"
    return {"pass": "pass", "fail": "run fails", "timeout": "timeout", "-": "built"}.get(r["run"], r["run"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--manifest", default=os.path.join(HERE, "manifest.json"))
    ap.add_argument("--diagnoses", default=os.path.join(HERE, "diagnoses.json"))
    ap.add_argument("--pocl", required=True)
    ap.add_argument("--gpu", default=None)
    args = ap.parse_args()
    entries = json.load(open(args.manifest))["entries"]
    diag = json.load(open(args.diagnoses)) if os.path.exists(args.diagnoses) else {}
    pocl, gpu = read_tsv(args.pocl), read_tsv(args.gpu)
    print("| # | program | source | category | PoCL | GPU (H100) | cause of failure (category) |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    counts = {"pocl": 0, "gpu": 0}
    cats = {}
    for i, e in enumerate(entries, 1):
        p, g = pocl.get(e["name"]), gpu.get(e["name"])
        vp = verdict(p)
        vg = verdict(g) if args.gpu else "not measured"
        counts["pocl"] += vp == "pass"
        counts["gpu"] += vg == "pass"
        cause = ""
        if vp != "pass" or (args.gpu and vg != "pass"):
            d = diag.get(e["name"])
            if d:
                cause = "%s (%s)" % (d["cause"], d["category"])
                cats[d["category"]] = cats.get(d["category"], 0) + 1
            else:
                cause = "not diagnosed"
        weak = " (weak check)" if e.get("weak") else ""
        patch = " (patched: D3D)" if e.get("patch") else ""
        print("| %d | %s%s%s | %s@%s | %s | %s | %s | %s |" % (
            i, e["name"], weak, patch, e["repo"], e["commit"][:7], e.get("category", ""), vp, vg,
            cause.replace("|", "\\|")))
    print()
    n = len(entries)
    print("PoCL: %d of %d pass (%.0f%%)." % (counts["pocl"], n, 100.0 * counts["pocl"] / n))
    if args.gpu:
        print("GPU: %d of %d pass (%.0f%%)." % (counts["gpu"], n, 100.0 * counts["gpu"] / n))
    print("Failures by category: " + ", ".join("%s %d" % kv for kv in sorted(cats.items())) + ".")


if __name__ == "__main__":
    main()
