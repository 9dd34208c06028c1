"""Checks that every atomic buffer of the programs of SEEDS is updated with
one operation family in the whole program (see atomic-ops-per-buffer.test).
Exits 1 naming each seed and buffer that mixes them."""

import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
sys.path.insert(0, os.path.join(ROOT, "tools", "randamp"))
from difftest import parse_seeds  # noqa: E402
from randamp.program import generate  # noqa: E402

# Increment and subtraction on unsigned values stand for an addition
# (atomics.update), so they may meet it on one location.
FAMILY = {"inc": "add", "sub": "add"}
UPDATE = re.compile(r"\br_(?:atomic_(\w+)|(cas_max))\(&(u\d+_at\d+)\[")

bad = 0
seeds = parse_seeds(sys.argv[1])
for seed in seeds:
    ops = {}
    for m in UPDATE.finditer(generate(seed)):
        op = m.group(1) or m.group(2)
        ops.setdefault(m.group(3), set()).add(FAMILY.get(op, op))
    for buf, kinds in sorted(ops.items()):
        if len(kinds) > 1:
            print("seed %d: %s updated with %s" % (seed, buf, ", ".join(sorted(kinds))))
            bad += 1
print("%d programs, %d buffers with mixed operations" % (len(seeds), bad))
sys.exit(1 if bad else 0)
