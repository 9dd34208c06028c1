#!/usr/bin/env python3
"""Random programs on a GPU machine that has no compiler (tools/randamp/README.md).

  gpu.py pack OBJDIR --out PACKDIR [--per 100]
      link the objects difftest.py kept (run --keep-objects OBJDIR) into
      bundles of PER programs, one launcher each, packed with gpu-run.sh
      into PACKDIR/bundles.tar.xz for the device machine.
  gpu.py results LOGDIR [--local DIR...] [--out DIR]
      read what gpu-run.sh wrote there, classify each program on each
      backend as difftest.py does, and compare its checksum with the local
      runs' of the same program; one JSON line per program in
      DIR/results.jsonl, a line per program that did not pass.

A bundle runs its programs one after another in one process, so the CUDA
context and NVIDIA's OpenCL context are made once, not per program; an
alarm ends a program that runs too long, and gpu-run.sh starts the bundle
again after one that crashed or hung.
"""

import argparse
import collections
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from difftest import DEFAULT_AMPCC, classify, compile_flags  # noqa: E402

LAUNCHER = """// A bundle of random programs (tools/randamp/gpu.py): runs programs
// FROM.. in order, each between markers; an alarm ends one that hangs.
#include <amp.h>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>
%(decls)s
static const struct {
  int Seed;
  int (*Run)();
} Programs[] = {
%(table)s
};

int main(int argc, char **argv) {
  int From = argc > 1 ? std::atoi(argv[1]) : 0;
  int Seconds = argc > 2 ? std::atoi(argv[2]) : 60;
  int Count = (int)(sizeof(Programs) / sizeof(Programs[0]));
  std::wstring Device = concurrency::accelerator().description;
  std::printf("=== device %%s\\n", std::string(Device.begin(), Device.end()).c_str());
  for (int I = From; I < Count; ++I) {
    std::printf("=== begin %%d %%d\\n", I, Programs[I].Seed);
    std::fflush(stdout);
    alarm(Seconds);
    int Rc = Programs[I].Run();
    alarm(0);
    std::printf("=== end %%d %%d %%d\\n", I, Programs[I].Seed, Rc);
    std::fflush(stdout);
  }
  std::printf("=== done\\n");
  return 0;
}
"""


def link_bundles(args, objs, bundles):
    for n in range(0, len(objs), args.per):
        group = objs[n:n + args.per]
        seeds = [int(re.search(r"p(\d+)\.o$", o).group(1)) for o in group]
        src = os.path.join(os.path.dirname(bundles), "launcher%d.cpp" % n)
        with open(src, "w") as f:
            f.write(LAUNCHER % {
                "decls": "\n".join("int randamp_%d();" % s for s in seeds),
                "table": "\n".join("    {%d, randamp_%d}," % (s, s) for s in seeds)})
        exe = os.path.join(bundles, "bundle%04d" % (n // args.per))
        # Programs built in checked mode need the sanitizer's runtime at
        # link time, as difftest.py links them.
        link = sorted({f for s in seeds for f in compile_flags(s) if f.startswith("-fsanitize")})
        subprocess.run([args.ampcc, "-O2"] + link + [src] + group + ["-o", exe], check=True)
        print("%s: %d programs" % (os.path.basename(exe), len(group)), flush=True)


def pack(args):
    objs = sorted(glob.glob(os.path.join(args.objdir, "p*.o")),
                  key=lambda p: int(re.search(r"p(\d+)\.o$", p).group(1)))
    out = os.path.abspath(args.out)
    stage = tempfile.mkdtemp(prefix="randamp-pack-")
    try:
        bundles = os.path.join(stage, "bundles")
        os.makedirs(bundles)
        link_bundles(args, objs, bundles)
        shutil.copy(os.path.join(HERE, "gpu-run.sh"), bundles)
        os.makedirs(out, exist_ok=True)
        tar = os.path.join(out, "bundles.tar.xz")
        subprocess.run("tar -C %s -cf - bundles | xz -9 -T2 > %s" % (stage, tar), shell=True,
                       check=True)
    finally:
        shutil.rmtree(stage)
    print("%s: %.1f MiB" % (tar, os.path.getsize(tar) / 2 ** 20))


def parse_log(path):
    """{seed: (rc, output, ended)} from one backend's log of one bundle."""
    programs, seed, lines = {}, None, []
    for line in open(path, errors="replace"):
        m = re.match(r"=== begin \d+ (\d+)$", line.strip())
        if m:
            seed, lines = int(m.group(1)), []
            continue
        m = re.match(r"=== end \d+ (\d+) (-?\d+)$", line.strip())
        if m and seed is not None:
            programs[seed] = (int(m.group(2)), "".join(lines), True)
            seed = None
            continue
        m = re.match(r"=== (crash|timeout) (\d+) (-?\d+)$", line.strip())
        if m:
            s = int(m.group(2))
            # What the program printed before it died.
            programs[s] = (-abs(int(m.group(3))) if m.group(1) == "crash" else -9,
                           "".join(lines) if seed == s else "", m.group(1) == "timeout")
            seed = None
            continue
        if seed is not None:
            lines.append(line)
    return programs


def results(args):
    local = {}
    for d in args.local or []:
        path = os.path.join(d, "results.jsonl") if os.path.isdir(d) else d
        for line in open(path):
            r = json.loads(line)
            local[r["seed"]] = r
    runs = collections.defaultdict(dict)
    for path in glob.glob(os.path.join(args.logdir, "*.log")):
        backend = os.path.basename(path).split(".")[1]
        for seed, (rc, out, timeout_or_ended) in parse_log(path).items():
            timed_out = rc == -9 and timeout_or_ended
            outcome, checksum, notes = classify(rc, out, timed_out)
            runs[seed]["gpu-" + backend] = {"outcome": outcome, "checksum": checksum, "notes": notes}
    os.makedirs(args.out, exist_ok=True)
    counts = collections.defaultdict(collections.Counter)
    with open(os.path.join(args.out, "results.jsonl"), "w") as f:
        for seed in sorted(runs):
            record = {"seed": seed, "runs": runs[seed]}
            sums = {r["checksum"] for r in runs[seed].values() if r["outcome"] == "pass"}
            if seed in local:
                record["features"] = local[seed].get("features")
                sums |= {r["checksum"] for r in local[seed].get("runs", {}).values()
                         if r["outcome"] == "pass"}
            if len(sums) > 1:
                record["differs"] = True
                counts["*"]["differs"] += 1
            for b, r in runs[seed].items():
                counts[b][r["outcome"]] += 1
            f.write(json.dumps(record) + "\n")
            if record.get("differs") or any(r["outcome"] != "pass" for r in runs[seed].values()):
                print("seed %d: %s%s %s" % (seed, " ".join("%s=%s" % (b, r["outcome"])
                                                           for b, r in sorted(runs[seed].items())),
                                            " differs" if record.get("differs") else "",
                                            "; ".join(n for r in runs[seed].values() for n in r["notes"])[:300]))
    print("programs: %d" % len(runs))
    for b, c in sorted(counts.items()):
        print("  %-12s %s" % (b, dict(c)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("pack")
    p.add_argument("objdir")
    p.add_argument("--out", required=True)
    p.add_argument("--per", type=int, default=100)
    p.add_argument("--ampcc", default=DEFAULT_AMPCC)
    r = sub.add_parser("results")
    r.add_argument("logdir")
    r.add_argument("--local", nargs="*")
    r.add_argument("--out", default="randamp-gpu")
    args = ap.parse_args()
    pack(args) if args.cmd == "pack" else results(args)


if __name__ == "__main__":
    main()
