"""Counts, in the programs of SEEDS, the untiled units with views of the
program's structs (format 13: an input read at its fields and const
members, an output written field by field or whole) and the programs that
compare struct fields. Exits 1 when there are none, so that the generator
cannot silently stop making them."""

import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
sys.path.insert(0, os.path.join(ROOT, "tools", "randamp"))
from difftest import parse_seeds  # noqa: E402
from randamp.program import generate  # noqa: E402

UNIT = re.compile(r"^// unit \d+: untiled .* structs=(S\d+),(S\d+) ")
COMPARE = re.compile(r'check\.compare\("u\d+_sout0\.f\d+"')

seeds = parse_seeds(sys.argv[1])
units = compared = 0
for seed in seeds:
    text = generate(seed)
    units += sum(1 for line in text.splitlines() if UNIT.match(line))
    compared += bool(COMPARE.search(text))
print("%d programs: %d units with struct views, %d programs comparing struct fields"
      % (len(seeds), units, compared))
sys.exit(0 if units and compared else 1)
