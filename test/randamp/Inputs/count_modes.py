"""Counts, in the programs of SEEDS, what one of the generator's modes
makes: `count_modes.py MODE SEEDS` prints "N programs: " and a count per
pattern of MODE, and exits 1 when any count is 0, so that the generator
cannot silently stop making one.

  element-parts  short-vector views, tiled struct views, tile_static arrays
                 of structs and short vectors and the ways their parts are
                 named (formats 16-17)
  high-ranks     untiled units and inputs of rank 4 and 5, their indices and
                 extents built by prelude.h's ix4/ix5/ex4/ex5 (format 18)
  own-views      launches on an accelerator_view of their own, immediate
                 and automatic, flushed, waited for or left (format 19)
"""

import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
sys.path.insert(0, os.path.join(ROOT, "tools", "randamp"))
from difftest import parse_seeds  # noqa: E402
from randamp.program import generate  # noqa: E402

MODES = {
    "element-parts": {
        "vector views": r"^// unit \d+: untiled .* vectors=\w+_\d,\w+_\d ",
        "tiled struct views": r"^// unit \d+: tiled .* structs=S\d+,S\d+",
        "tile_static struct arrays": r"^ *tile_static S\d+ te\d+\[",
        "tile_static vector arrays": r"^ *tile_static (int|uint|float|double)_\d te\d+\[",
        "swizzle reads": r"\]\.[xyzw]{2}\.[xy]\b",
        "swizzle writes": r"\]\.[xyzw]{2} = \w+_2\(",
        "component references": r"\]\.ref_[xyzw]\(\)",
        "tile_static member calls": r"\bte\d+\[[^;]*\]\.m\d+\(",
    },
    "high-ranks": {
        "rank-4 units": r"^// unit \d+: untiled rank=4 ",
        "rank-5 units": r"^// unit \d+: untiled rank=5 ",
        "high-rank inputs": r"^ *(array_view<const \w+, [45]>|array<\w+, [45]>) u\d+_in\d+_d_v",
        "indices": r"\bix[45]\((?!int)",
        "extents": r"\bex[45]\((?!int)",
    },
    "own-views": {
        "immediate views": r"create_view\(queuing_mode_immediate\)",
        "automatic views": r"create_view\(queuing_mode_automatic\)",
        "tiled launches": r"parallel_for_each\(av, extent<\d>\([^)]*\)\.tile<",
        "untiled launches": r"parallel_for_each\(av, (extent<\d>|ex[45])\([^)]*\), ",
        "flushes": r"^ *av\.flush\(\);",
        "waits": r"^ *av\.wait\(\);",
    },
}

mode, seeds = sys.argv[1], parse_seeds(sys.argv[2])
patterns = {name: re.compile(p, re.M) for name, p in MODES[mode].items()}
found = {name: 0 for name in patterns}
for seed in seeds:
    text = generate(seed)
    for name, pattern in patterns.items():
        found[name] += len(pattern.findall(text))
print("%d programs: %s" % (len(seeds), ", ".join("%d %s" % (n, name) for name, n in found.items())))
sys.exit(0 if all(found.values()) else 1)
