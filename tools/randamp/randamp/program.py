"""A whole program: the prelude, structs, helpers and a few units, each
launched on the default accelerator and run again on the host as the
reference; prints one line per mismatch, the checksum of the device's exact
results and a verdict.

Units are generated from their own random stream (seed and unit number),
so a program keeps any subset of its units unchanged (the reducer's first
step) as long as the program-level choices (features, helpers) stay."""

import os
import random

from .funcs import make_funcs, make_structs, make_templates
from .inplace import InPlaceUnit
from .tiled import TiledUnit
from .untiled import UntiledUnit

HERE = os.path.dirname(os.path.abspath(__file__))
FORMAT = 19  # Bump when the same seed would give another program.

# Features, each on in a program with its probability; a unit takes each
# of the program's with a further chance, so small combinations are common.
FEATURES = {"uint": 0.7, "fx": 0.5, "dx": 0.3, "fa": 0.4, "da": 0.25, "math": 0.6,
            "vec": 0.35, "struct": 0.4, "func": 0.6, "ptr": 0.5, "atomic": 0.4,
            "fast_math": 0.2}


def read(name):
    with open(os.path.join(HERE, name)) as f:
        return f.read()


def choose_features(rng):
    return {f for f, p in FEATURES.items() if rng.random() < p}


def generate(seed, units=None, features=None):
    """The program of SEED as text. UNITS: the unit numbers to keep (all
    by default). Its entry is randamp_<seed>(), called by a weak main(): a
    launcher linking many programs into one binary (the GPU runs, where a
    process per program would spend its time making CUDA contexts) brings
    the main() that counts."""
    rng = random.Random("randamp:%d:%d" % (FORMAT, seed))
    feats = choose_features(rng) if features is None else set(features)
    kinds = ["int"] + [k for k in ("uint", "fx", "dx", "fa", "da") if k in feats]
    structs, struct_lines = (make_structs(rng, feats, kinds, rng.randint(1, 3)) if "struct" in feats
                             else ([], []))
    view_kinds = kinds if rng.random() < 0.5 else ()
    funcs, func_lines = [], []
    if "func" in feats:
        funcs, func_lines = make_templates(rng, rng.randint(0, 2))
        more, more_lines = make_funcs(rng, feats, structs, rng.randint(1, 5), view_kinds, funcs)
        funcs += more
        func_lines += more_lines
    count = rng.randint(1, 4)
    tiled_share = rng.random()

    heads, tops, runs = [], [], []
    for u in range(count):
        urng = random.Random("randamp:%d:%d:%d" % (FORMAT, seed, u))
        ufeats = {f for f in sorted(feats) if urng.random() < 0.8}
        if "fast_math" in ufeats:
            ufeats.add("math")
        ufuncs = funcs if "func" in ufeats else []
        if urng.random() < 0.15:
            unit = InPlaceUnit(urng, u)
        elif urng.random() < tiled_share:
            unit = TiledUnit(urng, u, ufeats, ufuncs, structs)
        else:
            unit = UntiledUnit(urng, u, ufeats, ufuncs, structs)
        top, run = unit.generate()
        if units is not None and u not in units:
            continue
        heads.append("// unit %d: %s features=%s" % (u, unit.summary, ",".join(sorted(ufeats)) or "-"))
        tops += ["// unit %d" % u] + top
        runs.append((u, run))

    ns = "rp%d" % seed
    out = ["// randamp format %d seed %d: a random C++ AMP program (tools/randamp)." % (FORMAT, seed),
           "// features=%s" % (",".join(sorted(feats)) or "-")] + heads
    out += ["#include <amp.h>", "#include <amp_math.h>"]
    if "vec" in feats:
        out.append("#include <amp_short_vectors.h>")
    out += ["#include <algorithm>", "#include <cmath>", "#include <cstdio>", "#include <exception>", "#include <vector>",
            "using namespace concurrency;"]
    if "vec" in feats:
        out.append("using namespace concurrency::graphics;")
    out += ["", "namespace %s {" % ns, ""]
    out += [read("prelude.h"), read("host.h")]
    out += struct_lines + func_lines + tops
    for u, run in runs:
        out.append("static void unit%d(Checker &check) {" % u)
        out += ["  " + l if l else l for l in run]
        out += ["}", ""]
    out.append("static int run() {")
    out.append("  Checker check;")
    out.append("  try {")
    for u, _ in runs:
        out.append("    unit%d(check);" % u)
    out += ["  } catch (std::exception &e) {",
            '    std::printf("exception: %s\\n", e.what());',
            '    std::printf("verdict ERROR\\n");',
            "    return 2;",
            "  }",
            '  std::printf("checksum %016llx\\n", check.sum);',
            '  std::printf("verdict %s %d\\n", check.bad ? "FAIL" : "PASS", check.bad);',
            "  return check.bad ? 1 : 0;",
            "}", "", "} // namespace %s" % ns, ""]
    out.append("int randamp_%d() { return %s::run(); }" % (seed, ns))
    out.append("__attribute__((weak)) int main() { return randamp_%d(); }" % seed)
    return "\n".join(out) + "\n"
