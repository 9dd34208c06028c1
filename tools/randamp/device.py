#!/usr/bin/env python3
"""difftest.py on the GPU machine, with backends named for their devices
(tools/randamp/README.md, "On the GPU machine"; device-run.sh runs it).

  device.py run SEEDS --backends gpu-cuda,gpu-opencl,host,opencl
      [--stop-after SECONDS] [difftest.py run's other options]

The same generator, compiles, runs, comparisons and records as
difftest.py run; only each backend's environment differs, so that one
machine runs one program on several OpenCL implementations:

  gpu-cuda    AMPCC_BACKEND=cuda, the H200 through CUDA (the PTX ampcc
              compiled with libclc)
  gpu-opencl  AMPCC_BACKEND=opencl, NVIDIA's OpenCL the only platform
              ($RANDAMP_NVIDIA_VENDORS, an ICD directory)
  opencl      AMPCC_BACKEND=opencl, PoCL 3.1 the only platform
              ($RANDAMP_POCL_VENDORS): the label of the build machine's
              PoCL runs, the same PoCL
  host        AMPCC_BACKEND=host

The names are those of gpu.py results (gpu-*) and of the build machine's
runs, so `difftest.py summary` adds the device's records to theirs.
Before the seeds, a probe program prints each backend's default
accelerator; a backend whose device is not the one its name says ends the
run. --stop-after: no program is started after that many seconds (those
started finish), so a call of the device tool ends with complete records.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import difftest  # noqa: E402

# backend name: (AMPCC_BACKEND, ICD directory variable or None, what the
# default accelerator's description must match)
BACKENDS = {
    "gpu-cuda": ("cuda", "RANDAMP_NVIDIA_VENDORS", r"NVIDIA|H200"),
    "gpu-opencl": ("opencl", "RANDAMP_NVIDIA_VENDORS", r"NVIDIA|H200"),
    "opencl": ("opencl", "RANDAMP_POCL_VENDORS", r"^cpu|pthread|[Pp]o[Cc][Ll]"),
    "host": ("host", None, r"."),
}

PROBE = r"""#include <amp.h>
#include <cstdio>
#include <string>
int main() {
  concurrency::accelerator A;
  std::wstring D = A.description, P = A.device_path;
  std::printf("%s | %s\n", std::string(D.begin(), D.end()).c_str(),
              std::string(P.begin(), P.end()).c_str());
}
"""


def backend_env(name, env):
    backend, vendors, _ = BACKENDS[name]
    env = dict(env, AMPCC_BACKEND=backend)
    if vendors:
        env["OCL_ICD_VENDORS"] = os.environ[vendors]
    return env


def install(names):
    """Runs of backend NAME get NAME's environment: difftest.py sets
    AMPCC_BACKEND=NAME and calls its run_cmd, which this wraps."""
    plain = difftest.run_cmd

    def run_cmd(cmd, env=None, **kw):
        if env is None or env.get("AMPCC_BACKEND") not in names:
            return plain(cmd, env=env, **kw)
        # A PoCL cache per run: difftest.py empties its one cache every 200
        # programs, under the PoCL runs of the other jobs (16 here), which
        # then failed to build or crashed (run g3, seeds 20248-20681).
        cache = tempfile.mkdtemp(prefix="randamp-pocl-")
        try:
            env = dict(backend_env(env["AMPCC_BACKEND"], env), POCL_CACHE_DIR=cache)
            return plain(cmd, env=env, **kw)
        finally:
            shutil.rmtree(cache, ignore_errors=True)

    difftest.run_cmd = run_cmd


def probe(ampcc, names):
    """Each backend's default accelerator; False when one is not its name's."""
    work = tempfile.mkdtemp(prefix="randamp-probe-")
    src, exe = os.path.join(work, "probe.cpp"), os.path.join(work, "probe")
    with open(src, "w") as f:
        f.write(PROBE)
    p = subprocess.run([ampcc, "-O2", "-fhost-kernels", src, "-o", exe], capture_output=True,
                       text=True)
    if p.returncode:
        print("probe: ampcc failed:\n" + p.stdout + p.stderr)
        return False
    ok = True
    for name in names:
        env = backend_env(name, dict(os.environ, AMPCC_CACHE_DIR="off"))
        p = subprocess.run([exe], env=env, capture_output=True, text=True, timeout=120)
        text = (p.stdout + p.stderr).strip()
        good = p.returncode == 0 and re.search(BACKENDS[name][2], text.splitlines()[-1]
                                                if text else "")
        print("probe: %-10s %s%s" % (name, text[:200], "" if good else "  <- not this backend"),
              flush=True)
        ok = ok and bool(good)
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cmd", choices=["run"])
    ap.add_argument("seeds")
    ap.add_argument("--backends", default="gpu-cuda,gpu-opencl,host")
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--out", default="randamp-out")
    ap.add_argument("--ampcc", default=difftest.DEFAULT_AMPCC)
    ap.add_argument("--timeout", type=int, default=60, help="seconds a run may take")
    ap.add_argument("--stop-after", type=float, default=0,
                    help="start no program after this many seconds")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--keep-objects", metavar="DIR")
    args = ap.parse_args()
    names = args.backends.split(",")
    unknown = [n for n in names if n not in BACKENDS]
    if unknown:
        ap.error("unknown backends %s (known: %s)" % (unknown, ", ".join(BACKENDS)))
    if not probe(args.ampcc, names):
        sys.exit(2)
    install(names)
    if args.keep_objects:
        os.makedirs(args.keep_objects, exist_ok=True)
    start = time.time()

    class Tester(difftest.Tester):
        def one(self, seed):
            if args.stop_after and time.time() - start > args.stop_after:
                return None
            return super().one(seed)

    if not Tester(args).run(difftest.parse_seeds(args.seeds)):
        print("findings kept in %s" % os.path.join(os.path.abspath(args.out), "findings"))
        sys.exit(1)


if __name__ == "__main__":
    main()
