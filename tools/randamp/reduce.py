#!/usr/bin/env python3
"""Reduces a random program that fails on one backend (tools/randamp/README.md).

  reduce.py FILE --backend host|opencl [--opt -O2] [--out DIR] [--seconds N]

First the units: the program keeps only one unit that still fails the
same way. Then C-Reduce (Debian's creduce) with a test that compiles the
candidate with ampcc and requires the same failure on BACKEND while the
other backend (the control) still passes: a candidate that broke the
reference itself fails the control too, and warnings that mean undefined
behaviour (an uninitialized read, a missing return) are errors. The result
is DIR/reduced.cpp with DIR/verdict.txt saying what was kept.
"""

import argparse
import os
import re
import shutil
import stat
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from difftest import DEFAULT_AMPCC, classify, run_cmd  # noqa: E402

# Host-compile warnings that mean a candidate left the defined language.
UB_WARNINGS = ["-Werror=uninitialized", "-Werror=sometimes-uninitialized",
               "-Werror=return-type", "-Werror=array-bounds", "-Werror=shift-count-overflow",
               "-Werror=division-by-zero", "-Werror=integer-overflow"]


def units_of(text):
    return sorted({int(m) for m in re.findall(r"^static void unit(\d+)\(Checker", text, re.M)})


def keep_unit(text, keep):
    """TEXT with only unit KEEP: its top-level code, run function and call."""
    lines = text.splitlines()
    out, skipping = [], False
    for line in lines:
        m = re.match(r"^// unit (\d+)$", line)
        if m:
            skipping = int(m.group(1)) != keep
            continue
        m = re.match(r"^static void unit(\d+)\(Checker", line)
        if m:
            skipping = int(m.group(1)) != keep
        elif line.startswith("static int run()"):
            skipping = False
        m = re.match(r"^    unit(\d+)\(check\);$", line)
        if m and int(m.group(1)) != keep:
            continue
        if not skipping:
            out.append(line)
    return "\n".join(out) + "\n"


def top_level_blocks(lines):
    """(first, last, name) of each top-level static function, struct or
    atomic helper macro line, as the generator prints them."""
    blocks, i = [], 0
    while i < len(lines):
        line = lines[i]
        m = re.match(r"^RANDAMP_ATOMIC_\((\w+),", line)
        if m:
            blocks.append((i, i, "r_atomic_" + m.group(1)))
        m = re.match(r"^(?:static [^(]*?\b(\w+)\(|struct (\w+) \{)", line)
        if m and not line.startswith("static int run()"):
            name = m.group(1) or m.group(2)
            j = i
            if not line.rstrip().endswith("}"):
                while j + 1 < len(lines) and not re.match(r"^\};?$", lines[j]):
                    j += 1
            blocks.append((i, j, name))
            i = j
        i += 1
    return blocks


def strip_unused(text):
    """TEXT without the helpers, structs and unit functions nothing names
    any more (C-Reduce's own passes cannot parse a file that includes
    <amp.h> with our restrict(...), so they would not remove them)."""
    lines = text.splitlines()
    while True:
        blocks = top_level_blocks(lines)
        dead = []
        for name in {b[2] for b in blocks}:
            own = [(first, last) for first, last, n in blocks if n == name]
            inside = {k for first, last in own for k in range(first, last + 1)}
            rest = "\n".join(l for k, l in enumerate(lines) if k not in inside)
            if not re.search(r"\b%s\b" % re.escape(name), rest):
                dead += own
        if not dead:
            return "\n".join(lines) + "\n"
        drop = {k for first, last in dead for k in range(first, last + 1)}
        lines = [l for k, l in enumerate(lines) if k not in drop]


def signature(outcome, output):
    """What must stay the same while reducing."""
    if outcome == "fail":
        return "fail"
    if outcome == "error":
        m = re.search(r"error: [^:\n]*:\d+:\d+: (.*)", output)
        return "error:" + (m.group(1) if m else "")
    return outcome


def build_and_run(ampcc, src, exe, opt, backend, extra=()):
    rc, out, timed_out, _ = run_cmd([ampcc, "-fhost-kernels", "-w"] + opt.split() + list(extra) +
                                    [src, "-o", exe], timeout=600)
    if rc != 0 or timed_out:
        return "reject", out
    env = dict(os.environ, AMPCC_BACKEND=backend, AMPCC_CACHE_DIR="off")
    rc, out, timed_out, _ = run_cmd([exe], env=env, timeout=120)
    return classify(rc, out, timed_out)[0], out


def interesting(args, src, want):
    exe = src[:-4]
    outcome, out = build_and_run(args.ampcc, src, exe, args.opt, args.backend, UB_WARNINGS)
    if outcome == "reject" or signature(outcome, out) != want:
        return False
    control, _ = build_and_run(args.ampcc, src, exe, args.opt, args.control)
    return control == "pass"


TEST_SCRIPT = """#!/bin/sh
# C-Reduce's interestingness test (written by tools/randamp/reduce.py).
exec {python} {reduce} --check {file} --backend {backend} --control {control} --opt='{opt}' --ampcc {ampcc} --want '{want}'
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--backend", required=True)
    ap.add_argument("--control", help="the backend that must still pass (default: the other one)")
    ap.add_argument("--opt", default="-O2", help="the compile flags of the program's run "
                    "(its verdict.json's \"opt\"), as one argument: --opt='-O0 -fsanitize=bounds'")
    ap.add_argument("--out", default="reduced")
    ap.add_argument("--ampcc", default=DEFAULT_AMPCC)
    ap.add_argument("--seconds", type=int, default=3600, help="C-Reduce's time limit")
    ap.add_argument("--check", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--want", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if not args.control:
        args.control = "opencl" if args.backend == "host" else "host"
    if args.check:
        sys.exit(0 if interesting(args, os.path.abspath(args.file), args.want) else 1)

    os.makedirs(args.out, exist_ok=True)
    out = os.path.abspath(args.out)
    text = open(args.file).read()
    work = os.path.join(out, "prog.cpp")
    with open(work, "w") as f:
        f.write(text)
    outcome, output = build_and_run(args.ampcc, work, work[:-4], args.opt, args.backend)
    want = signature(outcome, output)
    print("failure to keep: %s" % want)
    if outcome in ("pass", "reject"):
        sys.exit("the program does not fail on %s" % args.backend)
    for u in units_of(text):
        one = keep_unit(text, u)
        with open(work, "w") as f:
            f.write(one)
        if interesting(args, work, want):
            print("unit %d alone fails the same way" % u)
            text = one
            break
    stripped = strip_unused(text)
    with open(work, "w") as f:
        f.write(stripped)
    if interesting(args, work, want):
        text = stripped
    with open(work, "w") as f:
        f.write(text)
    test = os.path.join(out, "test.sh")
    with open(test, "w") as f:
        f.write(TEST_SCRIPT.format(python=sys.executable, reduce=os.path.abspath(__file__),
                                   file="prog.cpp", backend=args.backend, control=args.control,
                                   opt=args.opt, ampcc=args.ampcc, want=want))
    os.chmod(test, os.stat(test).st_mode | stat.S_IEXEC)
    if shutil.which("creduce"):
        subprocess.run(["timeout", str(args.seconds), "creduce", "--n", "1", test, "prog.cpp"],
                       cwd=out)
    else:
        print("creduce is not installed (apt-get install creduce): kept the unit reduction only")
    shutil.copy(work, os.path.join(out, "reduced.cpp"))
    with open(os.path.join(out, "verdict.txt"), "w") as f:
        f.write("%s on %s (%s), %s passes\n" % (want, args.backend, args.opt, args.control))
    print("reduced: %s" % os.path.join(out, "reduced.cpp"))


if __name__ == "__main__":
    main()
