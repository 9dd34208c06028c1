"""Counts, in the programs of SEEDS, what format 16 makes: untiled units
with short-vector views, tiled units with views of structs (format 17)
and with tile_static arrays of structs and of short vectors, and the ways their parts are named (a swizzle's
component read, a swizzle's setter, ref_x(), a member called on a
tile_static struct). Exits 1 when any is missing, so that the generator
cannot silently stop making one."""

import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
sys.path.insert(0, os.path.join(ROOT, "tools", "randamp"))
from difftest import parse_seeds  # noqa: E402
from randamp.program import generate  # noqa: E402

COUNTS = {
    "vector views": re.compile(r"^// unit \d+: untiled .* vectors=\w+_\d,\w+_\d ", re.M),
    "tiled struct views": re.compile(r"^// unit \d+: tiled .* structs=S\d+,S\d+", re.M),
    "tile_static struct arrays": re.compile(r"^ *tile_static S\d+ te\d+\[", re.M),
    "tile_static vector arrays": re.compile(r"^ *tile_static (int|uint|float|double)_\d te\d+\[", re.M),
    "swizzle reads": re.compile(r"\]\.[xyzw]{2}\.[xy]\b"),
    "swizzle writes": re.compile(r"\]\.[xyzw]{2} = \w+_2\("),
    "component references": re.compile(r"\]\.ref_[xyzw]\(\)"),
    "tile_static member calls": re.compile(r"\bte\d+\[[^;]*\]\.m\d+\("),
}

seeds = parse_seeds(sys.argv[1])
found = {name: 0 for name in COUNTS}
for seed in seeds:
    text = generate(seed)
    for name, pattern in COUNTS.items():
        found[name] += len(pattern.findall(text))
print("%d programs: %s" % (len(seeds), ", ".join("%d %s" % (n, name) for name, n in found.items())))
sys.exit(0 if all(found.values()) else 1)
