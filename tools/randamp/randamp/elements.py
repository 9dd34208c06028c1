"""Elements with parts (format 16): short vectors seen as structs of their
components, and the ways a kernel names a part of such an element: a
component by name or colour, by getter, through a two-component swizzle,
by reference or setter; a struct's fields. Untiled units use them for
short-vector views, tiled units for tile_static arrays of structs and of
short vectors (where the host backend's handling of element parts, bug 7
of docs/reliability.md, and the devices' vector layouts meet)."""

from .expr import ExprGen, bounded
from .kinds import VEC_TYPE, literal
from .scope import StructDef

COMPONENTS = "xyzw"
COLOURS = "rgba"


def vec_def(kind, n):
    """int_3, float_2, ...: a struct of N components of KIND, no members."""
    sdef = StructDef("%s_%d" % (VEC_TYPE[kind], n), [(c, kind) for c in COMPONENTS[:n]])
    sdef.vector = (kind, n)
    return sdef


def is_vector(sdef):
    return getattr(sdef, "vector", None) is not None


def indexed(rng, name, n):
    """A function of a context giving an element of NAME[N] at an in-range
    index (a literal inside two levels of such leaves)."""
    return lambda c: "%s[%s]" % (name, bounded(c, lambda: ExprGen(c).index(n, 1),
                                              lambda: str(rng.randrange(n))))


def element_leaves(rng, ctx, element, sdef):
    """Leaves of CTX reading the parts and const members of ELEMENT(ctx),
    an element of SDEF (their arguments bounded as the index is)."""
    for f, k in sdef.fields:
        ctx.leaves.setdefault(k, []).append(lambda c, f=f: element(c) + read_part(rng, sdef, f))
    for name, ret, params, const in sdef.methods:
        if ret is not None and const:
            ctx.leaves.setdefault(ret, []).append(
                lambda c, name=name, params=params: "%s.%s(%s)" % (element(c), name, ", ".join(
                    bounded(c, lambda k=k: ExprGen(c).expr(k, 1), lambda k=k: literal(rng, k))
                    for _, k in params)))


def owned_element(rng, ctx, slot, sdef, weight=1.0):
    """CTX's ways to use SLOT, the work-item's own element of SDEF: its
    parts read and updated, set (a vector's setters), replaced whole, a
    struct's non-const members called."""
    for f, k in sdef.fields:
        ctx.leaves.setdefault(k, []).append(lambda c, f=f: slot + read_part(rng, sdef, f))
        ctx.extra_stmts.append((1.5 * weight, lambda g, d, l, f=f, k=k: [
            g.update(write_part(rng, sdef, slot, f), k)]))
    ctx.extra_stmts.append((0.7 * weight, lambda g, d, l: ["%s = %s;" % (slot, fresh_value(g.e, sdef))]))
    if is_vector(sdef):
        ctx.extra_stmts.append((0.8 * weight, lambda g, d, l: set_parts(g, sdef, slot)))
    for m, ret, params, const in sdef.methods:
        if not const:
            ctx.extra_stmts.append((0.8 * weight, lambda g, d, l, m=m, params=params: [
                "%s.%s(%s);" % (slot, m, ", ".join(g.e.expr(k, 2) for _, k in params))]))


def read_part(rng, sdef, field):
    """A suffix reading FIELD of an element of SDEF: `.f` of a struct; of a
    vector `.y`, `.g`, `.get_y()` or a component of a swizzle (`.zy.y`)."""
    if not is_vector(sdef):
        return "." + field
    i = COMPONENTS.index(field)
    r = rng.random()
    if r < 0.3:
        return "." + field
    if r < 0.45:
        return "." + COLOURS[i]
    if r < 0.7:
        return ".get_%s()" % field
    other = rng.choice([c for c in COMPONENTS[:sdef.vector[1]] if c != field])
    swizzle = field + other if rng.random() < 0.5 else other + field
    return ".%s.%s" % (swizzle, "xy"[swizzle.index(field)])


def write_part(rng, sdef, place, field):
    """An lvalue for FIELD of PLACE: `.f`; of a vector also `.r` (both
    properties) or `.ref_x()` (a reference)."""
    if not is_vector(sdef):
        return "%s.%s" % (place, field)
    r = rng.random()
    if r < 0.5:
        return "%s.%s" % (place, field)
    if r < 0.7:
        return "%s.%s" % (place, COLOURS[COMPONENTS.index(field)])
    return "%s.ref_%s()" % (place, field)


def set_parts(g, sdef, place):
    """A statement setting part of a vector PLACE from values of its kind:
    one component by its setter, or two through a swizzle's setter."""
    rng = g.rng
    kind, n = sdef.vector
    first = rng.choice(COMPONENTS[:n])
    if rng.random() < 0.5:
        return ["%s.set_%s(%s);" % (place, first, g.e.expr(kind, 2))]
    second = rng.choice([c for c in COMPONENTS[:n] if c != first])
    return ["%s.%s%s = %s_2(%s, %s);" % (place, first, second, VEC_TYPE[kind],
                                         g.e.expr(kind, 2), g.e.expr(kind, 2))]


def fresh_value(e, sdef):
    """A whole element of SDEF made by ExprGen E from values of its fields'
    kinds."""
    if is_vector(sdef):
        return "%s(%s)" % (sdef.name, ", ".join(e.expr(k, 2) for _, k in sdef.fields))
    return e.struct_value(sdef, 2)


def combine(rng, sdef, a, b):
    """A vector expression of A and B (elements of SDEF) whose components
    keep their kind's invariant, or None: unsigned operators all wrap as
    C++ defines; int ones only bitwise; floats none."""
    kind = sdef.vector[0] if is_vector(sdef) else None
    if kind == "uint":
        return "(%s %s %s)" % (a, rng.choice(["+", "-", "*", "&", "|", "^"]), b)
    if kind == "int":
        return "(%s %s %s)" % (a, rng.choice("&|^"), b)
    return None
