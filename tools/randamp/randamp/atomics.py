"""Atomic updates whose end result does not depend on the order in which
work-items make them: one commutative, associative operation per location
(add and subtract on unsigned values, which wrap, and increment with them;
max, min, and, or, xor; a maximum by compare-and-swap). The values they
return depend on the order, so they are never used."""

OPS = {
    "uint": ["add", "max", "min", "and", "or", "xor"],
    "int": ["max", "min", "and", "or", "xor", "cas_max"],
}


def pick_op(rng, kind):
    return rng.choice(OPS[kind])


def update(exprs, op, kind, place):
    """A statement applying OP to PLACE (an lvalue of KIND) atomically."""
    if op == "cas_max":
        return "r_cas_max(&%s, %s);" % (place, exprs.expr("int", 2))
    if op == "add" and exprs.rng.random() < 0.3:
        if exprs.rng.random() < 0.5:
            return "r_atomic_inc(&%s);" % place
        return "r_atomic_sub(&%s, %s);" % (place, exprs.expr("uint", 2))
    return "r_atomic_%s(&%s, %s);" % (op, place, exprs.expr(kind, 2))
