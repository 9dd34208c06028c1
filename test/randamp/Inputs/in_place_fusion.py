"""Compiles the in-place units (format 12) of the programs of SEEDS for the
host backend with AMPCC (-emit-host-kernels, that unit alone) and counts
those whose two phases run as one loop (WorkItemFusion.cpp prints it with
`vectorize(enable)`; the unit has no other kernel) and those kept apart.
Exits 1 unless both happen, so that the generator cannot silently stop
checking either side of the decision."""

import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
sys.path.insert(0, os.path.join(ROOT, "tools", "randamp"))
from difftest import parse_seeds  # noqa: E402
from randamp.program import generate  # noqa: E402

UNIT = re.compile(r"^// unit (\d+): inplace ")

ampcc, seeds = sys.argv[1], parse_seeds(sys.argv[2])
units = fused = 0
with tempfile.TemporaryDirectory() as work:
    for seed in seeds:
        found = [int(m.group(1)) for m in map(UNIT.match, generate(seed).splitlines()) if m]
        for unit in found:
            src = os.path.join(work, "p.cpp")
            with open(src, "w") as f:
                f.write(generate(seed, units={unit}))
            out = subprocess.run([ampcc, "-O2", "-emit-host-kernels", src, "-o", "-"],
                                 capture_output=True, text=True)
            if out.returncode != 0:
                print("seed %d unit %d: ampcc failed\n%s" % (seed, unit, out.stderr))
                sys.exit(1)
            units += 1
            fused += "vectorize(enable)" in out.stdout
print("%d in-place units: %d fused, %d kept apart" % (units, fused, units - fused))
sys.exit(0 if fused and units - fused else 1)
