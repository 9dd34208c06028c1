"""Counts, in the programs of SEEDS, the tiled phases whose guard on the
fastest local id has an else, and the choices (`x = l0 < 3 ? a : b;`) on
it: the forms the host backend splits into loops over the work-items each
side admits (WorkItemGuards.cpp). Exits 1 when either never appears, so
that the generator cannot silently stop making them."""

import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
sys.path.insert(0, os.path.join(ROOT, "tools", "randamp"))
from difftest import parse_seeds  # noqa: E402
from randamp.program import generate  # noqa: E402

COND = r"(?:l\d (?:[<>]=?|==) -?\d+|-?\d+ (?:[<>]=?|==) l\d)"
GUARD = re.compile(r"^( *)if \(%s\) \{$" % COND)
CHOICE = re.compile(r"^ *[\w\[\]()^%*+ -]+ = " + COND + r" \? ")

seeds = parse_seeds(sys.argv[1])
with_else = with_choice = 0
for seed in seeds:
    lines = generate(seed).splitlines()
    open_guards = {}
    found_else = found_choice = False
    for line in lines:
        m = GUARD.match(line)
        if m:
            open_guards[len(m.group(1))] = True
        elif line.strip() == "} else {" and open_guards.get(len(line) - len(line.lstrip())):
            found_else = True
        elif line.strip() == "}":
            open_guards.pop(len(line) - len(line.lstrip()), None)
        if CHOICE.match(line):
            found_choice = True
    with_else += found_else
    with_choice += found_choice
print("%d programs: %d with a guard's else, %d with a choice on a local id"
      % (len(seeds), with_else, with_choice))
sys.exit(0 if with_else and with_choice else 1)
