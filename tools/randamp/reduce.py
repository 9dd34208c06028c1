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

  reduce.py FILE --backend opencl --opencl [--opt -O2] [--out DIR] [--from-cl CL]

With --opencl, a failure of PoCL's own compiler: after the units, the
OpenCL C is reduced, not the C++ (a test is a PoCL build or two, not an
ampcc compile). The program is built once without host kernels; C-Reduce
works on its OpenCL C (`ampcc -emit-opencl`), which the runtime builds in
place of the program's own (AMPCC_REPLACE_CL), so the program's own data
and checks judge each candidate: PoCL's optimised build must fail the
same way (the same output wrong, or the same assertion), while its
-cl-opt-disable build must run and leave that output right; OpenCL C
warnings that mean undefined behaviour are errors. The result is
DIR/reduced.cl.
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


def cl_signature(outcome, output):
    """What must stay the same while reducing OpenCL C: the first output
    that is wrong, or the assertion the OpenCL compiler failed."""
    if outcome == "fail":
        m = re.search(r"^mismatch (\w+):", output, re.M)
        return "fail:" + (m.group(1) if m else "")
    m = re.search(r"Assertion `(.*)' failed", output)
    if outcome == "crash" and m:
        return "crash:" + m.group(1)
    return signature(outcome, output)


def run_with_cl(exe, cl, opt_disable):
    env = dict(os.environ, AMPCC_BACKEND="opencl", AMPCC_CACHE_DIR="off", POCL_KERNEL_CACHE="0",
               AMPCC_REPLACE_CL=cl)
    if opt_disable:
        env["AMPCC_CL_OPT_DISABLE"] = "1"
    rc, out, timed_out, _ = run_cmd([exe], env=env, timeout=120)
    return classify(rc, out, timed_out)[0], out


# The work-item functions a candidate must keep calling as the OpenCL C
# the reduction started from did: C-Reduce once replaced get_local_id(0) by 0, so that two
# work-items shared a slot of local memory. That race is invisible to a
# run that executes work-items one after another (-cl-opt-disable) and
# shows in PoCL's vectorised work-item loops, so the candidate "failed
# only when optimised" without any bug of PoCL's (seed 44259).
WORK_ITEM_CALL = re.compile(r"\bget_(?:local|global|group)_id\(\s*\d\s*\)")


def work_item_calls(text):
    return sorted({re.sub(r"\s", "", m) for m in WORK_ITEM_CALL.findall(text)})


def cl_interesting(exe, cl, want, ids=()):
    with open(cl) as f:
        kept = set(work_item_calls(f.read()))
    if not set(ids) <= kept:
        return False
    rc, _, _, _ = run_cmd(["clang-19", "-x", "cl", "-cl-std=CL1.2", "-Xclang",
                           "-finclude-default-header", "-fsyntax-only"] + UB_WARNINGS + [cl],
                          timeout=60)
    if rc != 0:
        return False
    outcome, out = run_with_cl(exe, cl, False)
    if cl_signature(outcome, out) != want:
        return False
    # The -cl-opt-disable build must leave the output right every time: a
    # candidate whose result changes from run to run has a race (seed
    # 44259's 5.0 KB candidate was right once in three), and its
    # "failure" says nothing about the optimiser.
    wrong = want.split(":", 1)[1] if want.startswith("fail:") else None
    for _ in range(CONTROL_RUNS):
        control, out = run_with_cl(exe, cl, True)
        if control == "pass":
            continue
        if control != "fail" or (wrong and re.search(r"^mismatch %s:" % wrong, out, re.M)):
            return False
    return True


CONTROL_RUNS = 3


def creduce(args, out, test_name, script, target):
    """Writes the interestingness test SCRIPT as OUT/TEST_NAME and runs
    C-Reduce on OUT/TARGET with it for at most args.seconds: False when
    C-Reduce is not installed."""
    test = os.path.join(out, test_name)
    with open(test, "w") as f:
        f.write(script)
    os.chmod(test, os.stat(test).st_mode | stat.S_IEXEC)
    if not shutil.which("creduce"):
        return False
    rc = subprocess.run(["timeout", str(args.seconds), "creduce", "--n", "1", test, target],
                        cwd=out).returncode
    # 124: stopped at the time limit, the usual end of a long reduction.
    # Anything else: C-Reduce refused to start (its test failed on the
    # start, as a flaky candidate's does) or failed.
    if rc not in (0, 124):
        sys.exit("creduce failed (exit %d): nothing was reduced" % rc)
    return True


def reduce_opencl(args, out, work):
    """C-Reduce on the OpenCL C of the program in WORK (module docstring)."""
    exe = os.path.join(out, "prog-cl")
    cl = os.path.join(out, "kernels.cl")
    for cmd in ([args.ampcc, "-fno-host-kernels", "-w"] + args.opt.split() + [work, "-o", exe],
                [args.ampcc, "-emit-opencl", "-w"] + args.opt.split() + [work, "-o", cl]):
        rc, output, _, _ = run_cmd(cmd, timeout=600)
        if rc != 0:
            sys.exit("cannot build %s:\n%s" % (work, output))
    if args.from_cl:
        # An earlier, unfinished reduction of the same program goes on from
        # where it stopped; it must still fail the same way (checked below).
        shutil.copy(args.from_cl, cl)
    # What C-Reduce starts from: it may remove no work-item function call.
    with open(cl) as f:
        ids = work_item_calls(f.read())
    want = cl_signature(*run_with_cl(exe, cl, False))
    print("OpenCL failure to keep: %s" % want)
    if want == "pass" or not cl_interesting(exe, cl, want, ids):
        sys.exit("its OpenCL C does not fail on PoCL alone (its -cl-opt-disable build fails too?)")
    script = CL_TEST_SCRIPT.format(python=sys.executable, reduce=os.path.abspath(__file__),
                                   exe=exe, want=want, ids=";".join(ids))
    if not creduce(args, out, "test-cl.sh", script, "kernels.cl"):
        sys.exit("creduce is not installed (apt-get install creduce)")
    shutil.copy(cl, os.path.join(out, "reduced.cl"))
    with open(os.path.join(out, "verdict.txt"), "w") as f:
        f.write("%s on PoCL (%s), its -cl-opt-disable build right\n" % (want, args.opt))
    print("reduced: %s" % os.path.join(out, "reduced.cl"))


CL_TEST_SCRIPT = """#!/bin/sh
# C-Reduce's interestingness test (written by tools/randamp/reduce.py --opencl).
exec {python} {reduce} --check-cl kernels.cl --exe {exe} --want '{want}' --ids '{ids}'
"""

TEST_SCRIPT = """#!/bin/sh
# C-Reduce's interestingness test (written by tools/randamp/reduce.py).
exec {python} {reduce} --check {file} --backend {backend} --control {control} --opt='{opt}' --ampcc {ampcc} --want '{want}'
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--backend")
    ap.add_argument("--opencl", action="store_true",
                    help="reduce the OpenCL C, not the C++ (a PoCL failure; module docstring)")
    ap.add_argument("--control", help="the backend that must still pass (default: the other one)")
    ap.add_argument("--opt", default="-O2", help="the compile flags of the program's run "
                    "(its verdict.json's \"opt\"), as one argument: --opt='-O0 -fsanitize=bounds'")
    ap.add_argument("--out", default="reduced")
    ap.add_argument("--ampcc", default=DEFAULT_AMPCC)
    ap.add_argument("--from-cl", help="with --opencl: start from this OpenCL C (an earlier "
                    "reduction's kernels.cl) instead of the program's own")
    ap.add_argument("--seconds", type=int, default=3600, help="C-Reduce's time limit")
    ap.add_argument("--check", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--want", help=argparse.SUPPRESS)
    ap.add_argument("--check-cl", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--exe", help=argparse.SUPPRESS)
    ap.add_argument("--ids", default="", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.check_cl:
        ids = [i for i in args.ids.split(";") if i]
        sys.exit(0 if cl_interesting(args.exe, os.path.abspath(args.file), args.want, ids) else 1)
    # C-Reduce runs the interestingness test in a directory of its own: a
    # relative path to the compiler would not be found there.
    if os.sep in args.ampcc:
        args.ampcc = os.path.abspath(args.ampcc)
    if not args.backend:
        ap.error("--backend is required")
    if args.opencl and args.backend != "opencl":
        ap.error("--opencl reduces a failure of PoCL: --backend opencl")
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
    if args.opencl:
        reduce_opencl(args, out, work)
        return
    script = TEST_SCRIPT.format(python=sys.executable, reduce=os.path.abspath(__file__),
                                file="prog.cpp", backend=args.backend, control=args.control,
                                opt=args.opt, ampcc=args.ampcc, want=want)
    if not creduce(args, out, "test.sh", script, "prog.cpp"):
        print("creduce is not installed (apt-get install creduce): kept the unit reduction only")
    shutil.copy(work, os.path.join(out, "reduced.cpp"))
    with open(os.path.join(out, "verdict.txt"), "w") as f:
        f.write("%s on %s (%s), %s passes\n" % (want, args.backend, args.opt, args.control))
    print("reduced: %s" % os.path.join(out, "reduced.cpp"))


if __name__ == "__main__":
    main()
