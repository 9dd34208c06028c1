#!/usr/bin/env python3
"""Writes the random C++ AMP program of a seed (tools/randamp/README.md).

  generate.py SEED [-o FILE] [--units 0,2]
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from randamp.program import generate  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("-o", "--output", help="file to write (default: standard output)")
    ap.add_argument("--units", help="comma-separated unit numbers to keep (default: all)")
    args = ap.parse_args()
    units = None if args.units is None else {int(u) for u in args.units.split(",") if u}
    text = generate(args.seed, units=units)
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
