"""Counts, in the programs of SEEDS, what format 18 makes above rank 3:
untiled units of rank 4 and 5, input views and arrays of rank 4 and 5,
and the indices and extents built through prelude.h's ix4/ix5/ex4/ex5
(C++ AMP builds them from arrays only). Exits 1 when any is missing, so
that the generator cannot silently stop making them."""

import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
sys.path.insert(0, os.path.join(ROOT, "tools", "randamp"))
from difftest import parse_seeds  # noqa: E402
from randamp.program import generate  # noqa: E402

COUNTS = {
    "rank-4 units": re.compile(r"^// unit \d+: untiled rank=4 ", re.M),
    "rank-5 units": re.compile(r"^// unit \d+: untiled rank=5 ", re.M),
    "high-rank inputs": re.compile(r"^ *(array_view<const \w+, [45]>|array<\w+, [45]>) u\d+_in\d+_d_v", re.M),
    "indices": re.compile(r"\bix[45]\((?!int)"),
    "extents": re.compile(r"\bex[45]\((?!int)"),
}

seeds = parse_seeds(sys.argv[1])
found = {name: 0 for name in COUNTS}
for seed in seeds:
    text = generate(seed)
    for name, pattern in COUNTS.items():
        found[name] += len(pattern.findall(text))
print("%d programs: %s" % (len(seeds), ", ".join("%d %s" % (n, name) for name, n in found.items())))
sys.exit(0 if all(found.values()) else 1)
