"""Random expressions of a given kind (kinds.py), free of side effects.

An expression reads variables, views and tile_static memory and calls
helpers that write through no reference, so the order in which a compiler
evaluates its operands never changes its value: the same on the host and
on every device.
"""

from .data import extent_of, index_of
from .kinds import APPROX, CTYPE, DOUBLE, convert, literal


class Ctx:
    """What the code being generated may use.

    features: a set naming what may appear ("uint", "fx", "dx", "fa", "da",
    "math", "vec", "struct", "func", "ptr", "atomic", ...).
    leaves: extra ways to produce a value, kind -> [callable(ctx) -> text],
    given by a kernel (a tile_static read, say).
    """

    def __init__(self, rng, features, scope, views=(), funcs=(), structs=()):
        self.rng = rng
        self.features = set(features)
        self.scope = scope
        self.views = list(views)
        self.funcs = list(funcs)
        self.structs = list(structs)
        self.leaves = {}
        self.counter = [0]

    def fresh(self, prefix):
        self.counter[0] += 1
        return "%s%d" % (prefix, self.counter[0])

    def kinds(self):
        """The kinds this code may compute with."""
        return ["int"] + [k for k in ("uint", "fx", "dx", "fa", "da") if k in self.features]

    def exact_kinds(self):
        return [k for k in self.kinds() if k not in APPROX]


def bounded(c, make, plain, counter="struct_leaf_depth", limit=2):
    """MAKE(), or PLAIN() inside LIMIT levels of expressions that make
    expressions of their own and may nest again (COUNTER on context C
    counts them): struct and vector elements' indices and members'
    arguments (format 15, two levels), views' indices (format 18, three),
    which would otherwise recurse without end."""
    depth = getattr(c, counter, 0)
    if depth >= limit:
        return plain()
    setattr(c, counter, depth + 1)
    try:
        return make()
    finally:
        setattr(c, counter, depth)


# The functions Visual C++'s fast_math also gives restrict(cpu) code (the C
# library's): a restrict(cpu, amp) caller may name those only.
FAST_MATH_ON_HOST = {"acos", "asin", "atan", "atan2", "ceil", "cos", "cosh", "exp", "fabs", "floor",
                     "fmod", "log", "log10", "pow", "sin", "sinh", "sqrt", "tan", "tanh", "exp2",
                     "fmax", "fmin", "log2", "round", "trunc"}


def math_ns(ctx, fn):
    if "fast_math" in ctx.features and fn in FAST_MATH_ON_HOST and ctx.rng.random() < 0.3:
        return "fast_math"
    return "precise_math"


class ExprGen:
    def __init__(self, ctx):
        self.ctx = ctx
        self.rng = ctx.rng
        # Method calls being built: their arguments are leaves, which may be
        # method calls again, so the nesting is bounded here (seed 110 of
        # format 3 recursed until Python stopped it).
        self.calls = 0

    # -- entry points --------------------------------------------------------

    def expr(self, kind, depth=3):
        if depth <= 0 or self.rng.random() < 0.2:
            return self.leaf(kind)
        return getattr(self, "_" + kind)(depth - 1)

    def cond(self, depth=2):
        """An int-valued condition (exact values only)."""
        r = self.rng.random()
        kinds = self.ctx.exact_kinds()
        if r < 0.6:
            k = self.rng.choice(kinds)
            op = self.rng.choice(["<", "<=", ">", ">=", "==", "!="])
            return "(%s %s %s)" % (self.expr(k, depth), op, self.expr(k, depth))
        if r < 0.75:
            return "((%s & %s) != 0)" % (self.expr("int", depth), literal(self.rng, "int"))
        return self.expr("int", depth)

    def index(self, bound, depth=2):
        """An int in [0, BOUND); with DEPTH -1, a known index or a literal."""
        known = self.ctx.scope.find(lambda v: v.kind == "int" and v.bound is not None
                                    and v.bound <= bound and v.is_scalar())
        r = self.rng.random()
        if known and (r < 0.45 or depth < 0):
            return self.rng.choice(known).name
        if r < 0.6 or depth < 0:
            return str(self.rng.randrange(bound))
        if bound & (bound - 1) == 0 and r < 0.75:
            return "(%s & %d)" % (self.expr("int", depth), bound - 1)
        if self.rng.random() < 0.5:
            # The same value with operators: a work-item loop whose code
            # calls none of the program's functions is one the host backend
            # vectorises (bug 6 hid behind such calls).
            return "(int)((unsigned)(%s) %% %du)" % (self.expr("int", depth), bound)
        return "r_idx(%s, %d)" % (self.expr("int", depth), bound)

    def view_index(self, view, depth=2):
        """An in-range element of VIEW, in one of C++ AMP's spellings. An
        index may read views again: three levels deep at most (ranks 4 and
        5, format 18, made the nesting grow without end), then known
        indices and literals."""
        return bounded(self.ctx, lambda: self._view_index(view, depth),
                       lambda: self._view_index(view, -1), counter="view_nesting", limit=3)

    def _view_index(self, view, depth):
        r = self.rng.random()
        if r < 0.1:
            # A section made in amp code, then one of its elements.
            rng = self.rng
            origin = [rng.randrange(e) for e in view.extents]
            ext = [rng.randint(1, e - o) for e, o in zip(view.extents, origin)]
            comps = [self.index(e, depth) for e in ext]
            return "%s.section(%s, %s)[%s]" % (
                view.name, index_of(view.rank, origin), extent_of(view.rank, ext),
                index_of(view.rank, comps))
        comps = [self.index(e, depth) for e in view.extents]
        if view.rank == 1 and r < 0.5:
            return "%s[%s]" % (view.name, comps[0])
        if r < 0.35 and view.rank <= 3:
            return "%s(%s)" % (view.name, ", ".join(comps))
        if r < 0.7 or view.rank == 1:
            return "%s[%s]" % (view.name, index_of(view.rank, comps))
        # Projections down to rank 1, then an element.
        return view.name + "".join("[%s]" % c for c in comps)

    # -- leaves ----------------------------------------------------------------

    def leaf(self, kind):
        ctx, rng = self.ctx, self.rng
        options = []
        scalars = ctx.scope.find(lambda v: v.kind == kind and v.is_scalar())
        if scalars:
            options += [lambda: rng.choice(scalars).name] * 4
        arrays = ctx.scope.find(lambda v: v.kind == kind and v.array_len())
        if arrays:
            options += [lambda: self._element(rng.choice(arrays))] * 2
        views = [v for v in ctx.views if v.kind == kind]
        if views:
            options += [lambda: self.view_index(rng.choice(views), 1)] * 3
        structs = [(v, f) for v in ctx.scope.find(lambda v: isinstance(v.shape, tuple)
                                                  and v.shape[0] == "struct")
                   for f, k in v.shape[1].fields if k == kind]
        if structs:
            options += [lambda: (lambda p: "%s.%s" % (p[0].name, p[1]))(rng.choice(structs))] * 2
        methods = [(v, m) for v in ctx.scope.find(lambda v: isinstance(v.shape, tuple)
                                                  and v.shape[0] == "struct")
                   for m in v.shape[1].methods if m[1] == kind and (m[3] or v.mutable)
                   and not v.name.startswith("this")]
        if methods and self.calls < 2:
            options += [lambda: self.method_call(*rng.choice(methods))]
        vecs = ctx.scope.find(lambda v: v.kind == kind and isinstance(v.shape, tuple)
                              and v.shape[0] == "vec")
        if vecs:
            options += [lambda: self._component(rng.choice(vecs))] * 2
        if kind == "int" and ctx.views:
            options.append(lambda: (lambda v: rng.choice(["%s.extent[%d]", "%s.get_extent()[%d]"]) % (
                v.name, rng.randrange(v.rank)))(rng.choice(ctx.views)))
        for make in ctx.leaves.get(kind, []):
            options += [lambda make=make: make(ctx)] * 2
        options.append(lambda: literal(rng, kind))
        return rng.choice(options)()

    def method_call(self, var, method, on_temporary=False):
        name, ret, params, const = method
        self.calls += 1
        args = ", ".join(self.expr(k, 1) for _, k in params)
        self.calls -= 1
        if on_temporary:
            return "%s.%s(%s)" % (self.struct_value(var, 1, fresh=True), name, args)
        return "%s.%s(%s)" % (var.name, name, args)

    def _element(self, var):
        n = var.array_len()
        if var.shape[0] == "ptr" and self.rng.random() < 0.3:
            return "(*(%s + %s))" % (var.name, self.index(n, 1))
        return "%s[%s]" % (var.name, self.index(n, 1))

    def _component(self, var):
        comp = self.rng.choice("xyzw"[:var.shape[1]])
        r = self.rng.random()
        if r < 0.4:
            return "%s.%s" % (var.name, comp)
        if r < 0.7:
            return "%s.get_%s()" % (var.name, comp)
        if r < 0.85:
            return "%s.ref_%s()" % (var.name, comp)
        # A two-component swizzle, then one of its components.
        other = self.rng.choice([c for c in "xyzw"[:var.shape[1]] if c != comp])
        return "%s.%s%s.%s" % (var.name, comp, other, self.rng.choice("xy"))

    # -- compound expressions, one method per kind ----------------------------

    def _pick(self, table):
        total = sum(w for w, _ in table)
        r = self.rng.random() * total
        for w, f in table:
            r -= w
            if r < 0:
                return f()
        return table[-1][1]()

    def _common(self, kind, d):
        """Productions every kind has: conditional, conversion, call."""
        rng = self.rng
        table = [(1, lambda: "(%s ? %s : %s)" % (self.cond(d), self.expr(kind, d), self.expr(kind, d)))]
        # Approximate results take exact values, and doubles' for floats, but
        # never a float's for a double: its error is a float's, beyond the
        # tolerance of doubles.
        srcs = [k for k in (self.ctx.kinds() if kind in APPROX else self.ctx.exact_kinds())
                if k != kind and not (kind == "da" and k == "fa")]
        if srcs:
            table.append((1.5, lambda: (lambda s: convert(self.expr(s, d), s, kind))(rng.choice(srcs))))
        funcs = [f for f in self.ctx.funcs if f.ret == kind and not f.writes_through
                 and self.callable(f)]
        if funcs:
            table.append((1.5, lambda: self.call(rng.choice(funcs), d)))
        # A const member function called on a temporary (ampcc clones such
        # members to take their object by value).
        temps = [(sd, m) for sd in self.ctx.structs for m in sd.methods if m[1] == kind and m[3]]
        if temps and "struct" in self.ctx.features and self.calls < 2:
            table.append((0.5, lambda: self.method_call(*rng.choice(temps), on_temporary=True)))
        return table

    def callable(self, func):
        """Whether every pointer FUNC takes has something to point at."""
        for _, kind, mode in func.params:
            if isinstance(mode, tuple) and mode[0] in ("rptr", "wptr"):
                if not self.ctx.scope.find(lambda v: v.kind == kind and v.array_len()
                                           and v.array_len() >= mode[1]
                                           and (v.mutable or mode[0] == "rptr")):
                    return False
            if isinstance(mode, tuple) and mode[0] == "view" and not self.views_for(mode[1]):
                return False
        return True

    def views_for(self, want):
        """The views in scope a function's view parameter WANT may be given."""
        return [v for v in self.ctx.views if v.kind == want.kind and v.rank == want.rank
                and all(a >= b for a, b in zip(v.extents, want.extents))]

    def call(self, func, d):
        args = []
        for name, kind, mode in func.params:
            if mode == "val":
                args.append(self.expr(kind, d))
            elif isinstance(mode, tuple) and mode[0] == "rptr":
                args.append(self.pointer_arg(kind, mode[1], writable=False))
            elif isinstance(mode, tuple) and mode[0] in ("struct", "cref"):
                args.append(self.struct_value(mode[1], d))
            elif isinstance(mode, tuple) and mode[0] == "view":
                args.append(self.rng.choice(self.views_for(mode[1])).name)
            else:
                raise ValueError(mode)
        name = func.name
        if func.template_arg and self.rng.random() < 0.7:
            name += "<%s>" % func.template_arg
        elif func.template_arg:
            # Deduced: both arguments must have the type exactly.
            args = ["(%s)(%s)" % (func.template_arg, a) for a in args]
        return "%s(%s)" % (name, ", ".join(args))

    def pointer_arg(self, kind, n, writable):
        """Something that points at N values of KIND (the callee reads
        p[0..n)): a local array, a pointer, or a tile_static array."""
        cands = self.ctx.scope.find(lambda v: v.kind == kind and v.array_len()
                                    and v.array_len() >= n and (v.mutable or not writable))
        if not cands:
            return None
        v = self.rng.choice(cands)
        extra = v.array_len() - n
        if extra and self.rng.random() < 0.5:
            return "&%s[%d]" % (v.name, self.rng.randint(0, extra))
        return v.name

    def struct_value(self, sdef, d, fresh=False):
        vars_ = self.ctx.scope.find(lambda v: isinstance(v.shape, tuple) and v.shape[0] == "struct"
                                    and v.shape[1] is sdef)
        if vars_ and not fresh and self.rng.random() < 0.6:
            return self.rng.choice(vars_).name
        return "%s{%s}" % (sdef.name, ", ".join(self.expr(k, d) for _, k in sdef.fields))

    def _int(self, d):
        e, rng = self.expr, self.rng
        table = [
            (6, lambda: "r_%s(%s, %s)" % (rng.choice(["add", "sub", "mul", "div", "mod", "shl", "shr"]),
                                          e("int", d), e("int", d))),
            (3, lambda: "(%s %s %s)" % (e("int", d), rng.choice("&|^"), e("int", d))),
            (1, lambda: "(~%s)" % e("int", d)),
            (1, lambda: "r_neg(%s)" % e("int", d)),
            (2, lambda: "(int)%s" % self.cond(d)),
            (1, lambda: "(int)(%s && %s)" % (self.cond(d), self.cond(d))),
            (0.5, lambda: "(int)(!%s)" % e("int", d)),
        ]
        return self._pick(table + self._common("int", d))

    def _uint(self, d):
        e, rng = self.expr, self.rng
        table = [
            (5, lambda: "(%s %s %s)" % (e("uint", d), rng.choice("+-*"), e("uint", d))),
            (2, lambda: "r_u%s(%s, %s)" % (rng.choice(["div", "mod"]), e("uint", d), e("uint", d))),
            (2, lambda: "(%s %s (%s & 31u))" % (e("uint", d), rng.choice(["<<", ">>"]), e("uint", d))),
            (3, lambda: "(%s %s %s)" % (e("uint", d), rng.choice("&|^"), e("uint", d))),
            (1, lambda: "(~%s)" % e("uint", d)),
            (1, lambda: "(unsigned)%s" % self.cond(d)),
        ]
        return self._pick(table + self._common("uint", d))

    def _exact_float(self, kind, d):
        e, rng = self.expr, self.rng
        f = "f" if kind == "fx" else "d"
        suffix = "f" if kind == "fx" else ""
        table = [
            (6, lambda: "rx_%s%s(%s, %s)" % (f, rng.choice(["add", "sub", "mul"]), e(kind, d), e(kind, d))),
            (1, lambda: "(-%s)" % e(kind, d)),
        ]
        if "math" in self.ctx.features:
            ns = (lambda fn: math_ns(self.ctx, fn)) if kind == "fx" else (lambda fn: "precise_math")
            call = lambda fn, *a: "%s::%s(%s)" % (ns(fn), fn, ", ".join(a))
            table += [
                (1, lambda: call("fabs", e(kind, d))),
                (1, lambda: call(rng.choice(["fmin", "fmax"]), e(kind, d), e(kind, d))),
                (1, lambda: call(rng.choice(["floor", "ceil", "trunc"]), "%s * 0.5%s" % (e(kind, d), suffix))),
            ]
        return self._pick(table + self._common(kind, d))

    def _fx(self, d):
        return self._exact_float("fx", d)

    def _dx(self, d):
        return self._exact_float("dx", d)

    def _approx(self, kind, d):
        e, rng = self.expr, self.rng
        clamp = "ra_f" if kind == "fa" else "ra_d"
        s = "f" if kind == "fa" else ""
        if kind == "fa":
            ns = lambda fn: math_ns(self.ctx, fn)
        else:
            ns = lambda fn: "precise_math"
        call = lambda fn, *a: "%s::%s(%s)" % (ns(fn), fn, ", ".join(a))
        table = [
            (4, lambda: "%s(%s %s %s)" % (clamp, e(kind, d), rng.choice("+*/"), e(kind, d))),
        ]
        if "math" in self.ctx.features:
            # Each keeps a relative error within about its size (condition
            # number at most one), so errors add up along a chain of them
            # instead of multiplying: hence the small arguments of exp, sin
            # and cos, and exponents of pow below one.
            unary = [
                lambda a: call("sqrt", a),
                lambda a: call("cbrt", a),
                lambda a: call("exp", call("fmin", a, "1.0" + s)),
                lambda a: call("exp2", call("fmin", a, "1.0" + s)),
                lambda a: call("log", "%s + 2.0%s" % (a, s)),
                lambda a: call("log2", "%s + 2.0%s" % (a, s)),
                lambda a: call("log10", "%s + 2.0%s" % (a, s)),
                lambda a: "(%s + 1.5%s)" % (call("sin", call("fmin", a, "1.0" + s)), s),
                lambda a: "(%s + 1.5%s)" % (call("cos", call("fmin", a, "1.0" + s)), s),
                lambda a: "(%s + 0.25%s)" % (call("atan", a), s),
                lambda a: "(%s + 0.25%s)" % (call("tanh", a), s),
                lambda a: call("pow", a, rng.choice(["0.5", "0.75", "0.25"]) + s),
            ]
            binary = [
                lambda a, b: call("hypot", a, b),
                lambda a, b: call("fmin", a, b),
                lambda a, b: call("fmax", a, b),
            ]
            table += [
                (3, lambda: "%s(%s)" % (clamp, rng.choice(unary)(e(kind, d)))),
                (1, lambda: "%s(%s)" % (clamp, rng.choice(binary)(e(kind, d), e(kind, d)))),
                (1, lambda: "%s(%s)" % (clamp, call("fma", e(kind, d), e(kind, d), e(kind, d)))),
            ]
            exact = "fx" if kind == "fa" else "dx"
            if exact in self.ctx.features:
                table.append((1, lambda: "%s(precise_math::fabs(%s) + 1.0%s)" % (clamp, e(exact, d), s)))
        return self._pick(table + self._common(kind, d))

    def _fa(self, d):
        return self._approx("fa", d)

    def _da(self, d):
        return self._approx("da", d)
