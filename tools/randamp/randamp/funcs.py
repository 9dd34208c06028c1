"""Structs and restrict(cpu, amp) helper functions shared by a program's
kernels: functions calling earlier functions, with parameters by value,
by reference, by pointer, of struct type and of view type."""

from .expr import Ctx, ExprGen
from .kinds import APPROX, CTYPE
from .scope import Func, Scope, StructDef, Var, View
from .stmt import StmtGen, indent


def make_structs(rng, features, kinds, count):
    """COUNT aggregates, each with a few restrict(cpu, amp) member
    functions over its fields: const ones returning a value, others that
    change the fields."""
    structs, lines = [], []
    for s in range(count):
        fields = [("f%d" % i, rng.choice(kinds)) for i in range(rng.randint(1, 4))]
        sdef = StructDef("S%d" % s, fields)
        structs.append(sdef)
        lines.append("struct %s {" % sdef.name)
        lines += ["  %s %s;" % (CTYPE[k], f) for f, k in fields]
        for m in range(rng.randint(0, 2)):
            const = rng.random() < 0.5
            ret = rng.choice(kinds) if const else rng.choice(kinds + [None])
            params = [("p%d" % i, rng.choice(kinds)) for i in range(rng.randint(0, 2))]
            scope = Scope()
            for f, k in fields:
                scope.add(Var(f if rng.random() < 0.7 else "this->" + f, k, mutable=not const))
            for p, k in params:
                scope.add(Var(p, k))
            ctx = Ctx(rng, features - {"func", "struct", "vec"}, scope)
            ctx.counter = [1000 * (s + 1) + 100 * m]
            body = StmtGen(ctx, budget=rng.randint(1, 4)).block(depth=1, count=rng.randint(1, 3))
            if ret is not None:
                body.append("return %s;" % ExprGen(ctx).expr(ret, 2))
            name = "m%d" % m
            sdef.methods.append((name, ret, params, const))
            lines.append("  %s %s(%s)%s restrict(cpu, amp) {" % (
                CTYPE[ret] if ret else "void", name,
                ", ".join("%s %s" % (CTYPE[k], p) for p, k in params), " const" if const else ""))
            lines += indent(body, "    ") + ["  }"]
        lines += ["};", ""]
    return structs, lines


def make_templates(rng, count):
    """COUNT function templates over an integer type T, each called for int
    and for unsigned: only the operators defined alike for both (bitwise,
    comparisons, selection), so each instantiation is defined for every
    argument."""
    funcs, lines = [], []

    def expr(depth):
        r = rng.random()
        if depth <= 0 or r < 0.25:
            return rng.choice(["a", "b", "(T)%d" % rng.randint(0, 255)])
        if r < 0.6:
            return "(%s %s %s)" % (expr(depth - 1), rng.choice("&|^"), expr(depth - 1))
        if r < 0.7:
            return "(T)(~%s)" % expr(depth - 1)
        return "(%s %s %s ? %s : %s)" % (expr(depth - 1), rng.choice(["<", "==", ">="]),
                                        expr(depth - 1), expr(depth - 1), expr(depth - 1))

    for n in range(count):
        name = "tmpl%d" % n
        lines.append("template <typename T> static T %s(T a, T b) restrict(cpu, amp) {" % name)
        lines.append("  T r = %s;" % expr(3))
        lines.append("  if (%s < %s)" % (expr(2), expr(2)))
        lines.append("    r = %s;" % expr(2))
        lines.append("  return r ^ %s;" % expr(2))
        lines += ["}", ""]
        for kind, targ in (("int", "int"), ("uint", "unsigned")):
            funcs.append(Func(name, kind, [("a", kind, "val"), ("b", kind, "val")], template_arg=targ))
    return funcs, lines


def make_funcs(rng, features, structs, count, view_kinds=(), before=()):
    """COUNT helpers; each may call the ones before it, and BEFORE (the
    templates). Returns (funcs, lines)."""
    funcs, lines = [], []
    kinds = Ctx(rng, features, None).kinds()
    for n in range(count):
        params, pvars, views = [], [], []
        for p in range(rng.randint(0, 4)):
            pname = "p%d" % p
            kind = rng.choice(kinds)
            r = rng.random()
            if r < 0.55:
                params.append((pname, kind, "val"))
                pvars.append(Var(pname, kind))
            elif r < 0.7:
                params.append((pname, kind, "ref"))
                pvars.append(Var(pname, kind))
            elif r < 0.8 and "ptr" in features:
                size = rng.choice([1, 2, 3, 4])
                mode = rng.choice(["rptr", "wptr"])
                params.append((pname, kind, (mode, size)))
                pvars.append(Var(pname, kind, ("ptr", size), mutable=mode == "wptr"))
            elif r < 0.9 and structs:
                sdef = rng.choice(structs)
                mode = rng.choice(["struct", "cref"])
                params.append((pname, None, (mode, sdef)))
                pvars.append(Var(pname, None, ("struct", sdef), mutable=mode == "struct"))
            elif view_kinds:
                vk = rng.choice(list(view_kinds))
                extents = [rng.randint(1, 6) for _ in range(rng.randint(1, 2))]
                view = View(pname, vk, extents)
                params.append((pname, vk, ("view", view)))
                views.append(view)
            else:
                params.append((pname, kind, "val"))
                pvars.append(Var(pname, kind))
        ret = rng.choice(kinds + [None]) if any(m != "val" for _, _, m in params) else rng.choice(kinds)
        scope = Scope()
        for v in pvars:
            scope.add(v)
        ctx = Ctx(rng, features, scope, views=views, funcs=list(before) + funcs, structs=structs)
        ctx.counter = [100 * (n + 1)]
        gen = StmtGen(ctx, budget=rng.randint(2, 8))
        body = gen.block(depth=2, count=rng.randint(1, 4))
        if ret is not None:
            body.append("return %s;" % ExprGen(ctx).expr(ret, 3))
        writes = any(m == "ref" or (isinstance(m, tuple) and m[0] == "wptr") for _, _, m in params)
        func = Func("f%d" % n, ret, params, writes_through=writes)
        funcs.append(func)
        lines.append("static %s %s(%s) restrict(cpu, amp) {" % (
            CTYPE[ret] if ret else "void", func.name, ", ".join(param_decl(p) for p in params)))
        lines += indent(body) + ["}", ""]
    return funcs, lines


def param_decl(param):
    name, kind, mode = param
    if mode == "val":
        return "%s %s" % (CTYPE[kind], name)
    if mode == "ref":
        return "%s &%s" % (CTYPE[kind], name)
    tag, arg = mode
    if tag == "rptr":
        return "const %s *%s" % (CTYPE[kind], name)
    if tag == "wptr":
        return "%s *%s" % (CTYPE[kind], name)
    if tag == "struct":
        return "%s %s" % (arg.name, name)
    if tag == "cref":
        return "const %s &%s" % (arg.name, name)
    if tag == "view":
        return "array_view<const %s, %d> %s" % (CTYPE[kind], arg.rank, name)
    raise ValueError(mode)
