#!/usr/bin/env python3
"""Checks docs/api-coverage.md against the test that uses its names.

    python3 scripts/check-api-coverage.py docs/api-coverage.md test/e2e/api-coverage.cpp
    python3 scripts/check-api-coverage.py --count docs/api-coverage.md

Every name in backticks in the first column of a table row whose status is
`supported` must occur in the test's code (comments and string literals
removed): its last `::` component as a whole identifier, or for an operator
its symbol (`operator+=` needs `+=`) or conversion type (`operator float`
needs `float`). Exits 1 and lists the names the test lacks. --count prints
how many names are supported and how many are not.
"""
import re
import sys


def rows(doc):
    """(names, supported) for each table row of the document."""
    for line in open(doc, encoding="utf-8"):
        if not line.startswith("| `"):
            continue
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        if len(cells) < 2:
            continue
        names = [n.replace("\\|", "|") for n in re.findall(r"`([^`]+)`", cells[0])]
        yield names, cells[1].startswith("supported")


def needle(name):
    """What the test must contain for \p name: (kind, text)."""
    last = name.split("::")[-1] if "operator" not in name else name[name.index("operator"):]
    if last.startswith("operator"):
        rest = last[len("operator"):].strip()
        if re.match(r"^[A-Za-z_]", rest):
            return ("ident", rest.split("::")[-1])
        return ("text", rest)
    return ("ident", last)


def code_of(path):
    text = open(path, encoding="utf-8").read()
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r'"(\\.|[^"\\])*"', '""', text)


def main(argv):
    if len(argv) == 3 and argv[1] == "--count":
        yes = no = 0
        for names, supported in rows(argv[2]):
            if supported:
                yes += len(names)
            else:
                no += len(names)
        print("supported: %d, not supported: %d" % (yes, no))
        return 0
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    code = code_of(argv[2])
    idents = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", code))
    missing = []
    for names, supported in rows(argv[1]):
        if not supported:
            continue
        for name in names:
            kind, text = needle(name)
            if (kind == "ident" and text not in idents) or (kind == "text" and text not in code):
                missing.append(name)
    for name in missing:
        print("%s: supported in %s but not used in %s" % (name, argv[1], argv[2]))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
