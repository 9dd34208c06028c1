"""Value kinds: a C++ type plus the class of values it may hold.

Every expression the generator writes has a kind, and the operations it
applies keep each kind's invariant, which is what makes a program's result
defined and the same on every device:

  int   any 32-bit value; arithmetic through the r_* wrappers of prelude.h
  uint  any 32-bit value; arithmetic wraps, as C++ defines
  fx    float holding a whole number below 2^23 in magnitude (exact)
  dx    double holding a whole number below 2^53 in magnitude (exact)
  fa    float in [2^-10, 2^20], approximate (compared within a tolerance)
  da    double in [2^-10, 2^20], approximate

Exact kinds may flow anywhere; approximate ones only into approximate
results, never into an int, a condition or an index.
"""

CTYPE = {"int": "int", "uint": "unsigned", "fx": "float", "dx": "double",
         "fa": "float", "da": "double"}
# The element type of a kind's short vectors (int_3, float_2, ...).
VEC_TYPE = {"int": "int", "uint": "uint", "fx": "float", "fa": "float", "dx": "double", "da": "double"}
EXACT = ("int", "uint", "fx", "dx")
APPROX = ("fa", "da")
DOUBLE = ("dx", "da")

# Relative tolerances of approximate results: OpenCL allows its math
# built-ins a few ulps each, and a chain of them multiplies that by the
# condition numbers, which the approximate operations keep small.
TOLERANCE = {"fa": 2e-3, "da": 1e-9}

INT_MIN = "(-2147483647 - 1)"


def literal(rng, kind):
    """A literal of KIND, biased, as Csmith's are, toward the values that
    find bugs: zero, one, powers of two and the type's limits."""
    r = rng.random()
    if kind == "int":
        if r < 0.4:
            v = rng.choice([0, 1, -1, 2, 3, 7, 8, -8, 15, 16, 31, 32, 255, 256, 1023, 65535])
        elif r < 0.55:
            v = rng.choice([2147483647, -2147483648, 2147483646, -2147483647, 1 << 30, -(1 << 30)])
        elif r < 0.85:
            v = rng.randint(-1000, 1000)
        else:
            v = rng.randint(-(2 ** 31), 2 ** 31 - 1)
        if v == -2147483648:
            return INT_MIN
        return "(%d)" % v if v < 0 else "%d" % v
    if kind == "uint":
        if r < 0.4:
            v = rng.choice([0, 1, 2, 3, 7, 8, 16, 31, 32, 255, 65535, 65536])
        elif r < 0.55:
            v = rng.choice([4294967295, 2147483648, 2147483647, 4294967294])
        elif r < 0.8:
            v = rng.randint(0, 5000)
        else:
            v = rng.randint(0, 2 ** 32 - 1)
        return "%du" % v
    if kind in ("fx", "dx"):
        if r < 0.5:
            v = rng.choice([0, 1, -1, 2, -2, 3, 10, 100, -100, 1024, 4095])
        else:
            v = rng.randint(-4194303, 4194303)
        text = "%d.0%s" % (v, "f" if kind == "fx" else "")
        return "(%s)" % text if v < 0 else text
    if kind in ("fa", "da"):
        # Dyadic, so both compilers read the same value from the text.
        if r < 0.5:
            v = rng.choice([0.125, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 10.0, 100.0, 1000.0])
        else:
            v = rng.randint(1, 1 << 16) / float(1 << rng.randint(0, 8))
        return repr(v) + ("f" if kind == "fa" else "")
    raise ValueError(kind)


def convert(expr, src, dst):
    """EXPR of kind SRC as kind DST, keeping DST's invariant."""
    if src == dst:
        return expr
    if dst in APPROX and src in APPROX:
        return "ra_%s((%s)(%s))" % ("f" if dst == "fa" else "d", CTYPE[dst], expr)
    if dst == "int":
        return {"uint": "(int)(%s)", "fx": "rx_fi(%s)", "dx": "rx_di(%s)"}[src] % expr
    if dst == "uint":
        return {"int": "(unsigned)(%s)", "fx": "(unsigned)rx_fi(%s)",
                "dx": "(unsigned)rx_di(%s)"}[src] % expr
    as_int = convert(expr, src, "int")
    if dst == "fx":
        return "rx_uf(%s)" % expr if src == "uint" else "rx_f(%s)" % as_int
    if dst == "dx":
        return "rx_d(%s)" % as_int
    if dst == "fa":
        return "ra_fi(%s)" % as_int
    if dst == "da":
        return "ra_di(%s)" % as_int
    raise ValueError((src, dst))


def compare_mode(kind):
    """The last argument of the program's Checker::compare for KIND: 0 for
    exact comparison, else the relative tolerance."""
    return repr(TOLERANCE[kind]) if kind in TOLERANCE else "0.0"
