"""Random statements: declarations, assignments, control flow, local
arrays, structs, pointers, references, short vectors and calls.

Only a statement writes, and it writes one place named before it runs, so
nothing depends on the order of evaluation. Every loop has a bound known
when it is written (at most a few iterations), so every program ends.
"""

from .expr import ExprGen
from .kinds import APPROX, CTYPE, VEC_TYPE, literal
from .scope import Scope, Var


def indent(lines, by="  "):
    return [by + l if l else l for l in lines]


class StmtGen:
    """Statements over CTX (expr.Ctx). ctx.extra_stmts: [(weight,
    callable(gen, depth, in_loop) -> lines or None)] that a kernel adds (writes of
    its outputs, atomics, tile_static traffic)."""

    def __init__(self, ctx, budget):
        self.ctx = ctx
        self.rng = ctx.rng
        self.e = ExprGen(ctx)
        self.budget = budget
        if not hasattr(ctx, "extra_stmts"):
            ctx.extra_stmts = []

    # -- blocks ------------------------------------------------------------------

    def block(self, depth, loop=False, count=None):
        """A list of statements in a scope of their own."""
        ctx = self.ctx
        saved = ctx.scope
        ctx.scope = Scope(saved)
        lines = []
        n = count if count is not None else self.rng.randint(1, 4)
        for _ in range(n):
            if self.budget <= 0:
                break
            self.budget -= 1
            lines += self.stmt(depth, loop)
        ctx.scope = saved
        return lines

    def braced(self, depth, loop=False, count=None):
        return ["{"] + indent(self.block(depth, loop, count)) + ["}"]

    def stmt(self, depth, loop):
        rng = self.rng
        table = [
            (5, self.declare),
            (6, self.assign),
            (2, self.assign_element),
        ]
        if depth > 0:
            table += [(3, self.if_else), (2, self.for_loop), (0.7, self.while_loop),
                      (0.5, self.switch), (0.4, lambda d, l: self.braced(d - 1, l))]
        if loop:
            table.append((0.6, self.jump))
        table.append((1.5, self.declare_array))
        if "struct" in self.ctx.features and self.ctx.structs:
            table.append((1.2, self.struct_stmt))
        if "ptr" in self.ctx.features:
            table.append((1.2, self.pointer_or_reference))
        if "vec" in self.ctx.features:
            table.append((1.2, self.vector_stmt))
        if "func" in self.ctx.features and self.ctx.funcs:
            table.append((2, self.call_stmt))
        for w, f in self.ctx.extra_stmts:
            table.append((w, lambda d, l, f=f: f(self, d, l)))
        for _ in range(8):
            total = sum(w for w, _ in table)
            r = rng.random() * total
            for w, f in table:
                r -= w
                if r < 0:
                    break
            out = f(depth, loop)
            if out:
                return out
        return []

    # -- simple statements ---------------------------------------------------------

    def declare(self, depth, loop):
        kind = self.rng.choice(self.ctx.kinds())
        name = self.ctx.fresh("v")
        const = self.rng.random() < 0.15
        line = "%s%s %s = %s;" % ("const " if const else "", CTYPE[kind], name,
                                  self.e.expr(kind, 3))
        self.ctx.scope.add(Var(name, kind, mutable=not const))
        return [line]

    def assign(self, depth, loop):
        targets = self.ctx.scope.find(lambda v: v.mutable and v.is_scalar())
        if not targets:
            return None
        v = self.rng.choice(targets)
        return [self.update(v.name, v.kind)]

    def update(self, lhs, kind):
        """LHS = something of KIND, often computed from LHS itself."""
        e, rng = self.e.expr, self.rng
        r = rng.random()
        if r < 0.35:
            return "%s = %s;" % (lhs, e(kind, 3))
        if kind == "int":
            if r < 0.75:
                return "%s = r_%s(%s, %s);" % (lhs, rng.choice(["add", "sub", "mul", "div", "mod"]),
                                                lhs, e("int", 2))
            return "%s %s= %s;" % (lhs, rng.choice("&|^"), e("int", 2))
        if kind == "uint":
            if r < 0.5:
                return "%s %s= %s;" % (lhs, rng.choice("+-*&|^"), e("uint", 2))
            if r < 0.6:
                # A postfix operator binds tighter than `*`: `*(p + i)--`
                # would decrement the pointer sum, an rvalue.
                form = rng.choice(["++%s;", "%s++;", "--%s;", "%s--;"])
                if form.startswith("%s") and lhs.startswith("*"):
                    lhs = "(%s)" % lhs
                return form % lhs
            return "%s = r_udiv(%s, %s);" % (lhs, lhs, e("uint", 2))
        if kind in ("fx", "dx"):
            f = "f" if kind == "fx" else "d"
            return "%s = rx_%s%s(%s, %s);" % (lhs, f, rng.choice(["add", "sub", "mul"]), lhs, e(kind, 2))
        clamp = "ra_f" if kind == "fa" else "ra_d"
        return "%s = %s(%s %s %s);" % (lhs, clamp, lhs, rng.choice("+*/"), e(kind, 2))

    def assign_element(self, depth, loop):
        arrays = self.ctx.scope.find(lambda v: v.mutable and v.array_len())
        if not arrays:
            return None
        v = self.rng.choice(arrays)
        i = self.e.index(v.array_len(), 2)
        if v.shape[0] == "ptr" and self.rng.random() < 0.3:
            return [self.update("*(%s + %s)" % (v.name, i), v.kind)]
        return [self.update("%s[%s]" % (v.name, i), v.kind)]

    def declare_array(self, depth, loop):
        kind = self.rng.choice(self.ctx.kinds())
        n = self.rng.choice([2, 3, 4, 5, 8, 16])
        name = self.ctx.fresh("a")
        # Approximate kinds must never hold a zero: initialise every element.
        count = n if kind in APPROX else self.rng.randint(0, n)
        init = ", ".join(self.e.expr(kind, 2) for _ in range(count))
        self.ctx.scope.add(Var(name, kind, ("array", n)))
        return ["%s %s[%d] = {%s};" % (CTYPE[kind], name, n, init)]

    # -- control flow --------------------------------------------------------------

    def if_else(self, depth, loop):
        lines = ["if (%s) {" % self.e.cond(2)] + indent(self.block(depth - 1, loop))
        if self.rng.random() < 0.5:
            lines += ["} else {"] + indent(self.block(depth - 1, loop))
        return lines + ["}"]

    def for_loop(self, depth, loop):
        rng = self.rng
        i = self.ctx.fresh("i")
        n = rng.randint(1, 4)
        saved = self.ctx.scope
        self.ctx.scope = Scope(saved)
        r = rng.random()
        if r < 0.5:
            head = "for (int %s = 0; %s < %d; ++%s) {" % (i, i, n, i)
            bound = n
        elif r < 0.75:
            head = "for (int %s = %d; %s >= 0; --%s) {" % (i, n - 1, i, i)
            bound = n
        else:
            # The bound may change while the loop runs, but stays below 4.
            head = "for (int %s = 0; %s < (%s & 3); %s++) {" % (i, i, self.e.expr("int", 2), i)
            bound = 3
        self.ctx.scope.add(Var(i, "int", mutable=False, bound=bound))
        body = self.block(depth - 1, loop=True)
        self.ctx.scope = saved
        return [head] + indent(body) + ["}"]

    def while_loop(self, depth, loop):
        w = self.ctx.fresh("w")
        n = self.rng.randint(1, 4)
        saved = self.ctx.scope
        self.ctx.scope = Scope(saved)
        self.ctx.scope.add(Var(w, "int", mutable=False, bound=n + 1))
        body = self.block(depth - 1, loop=True)
        self.ctx.scope = saved
        if self.rng.random() < 0.5:
            # The counter moves first, so `continue` cannot skip it.
            return (["{", "  int %s = 0;" % w, "  while (%s < %d) {" % (w, n), "    ++%s;" % w]
                    + indent(body, "    ") + ["  }", "}"])
        return (["{", "  int %s = 0;" % w, "  do {", "    ++%s;" % w] + indent(body, "    ")
                + ["  } while (%s < %d);" % (w, n), "}"])

    def jump(self, depth, loop):
        return ["if (%s)" % self.e.cond(1), "  %s;" % self.rng.choice(["break", "continue"])]

    def switch(self, depth, loop):
        lines = ["switch (%s & 3) {" % self.e.expr("int", 2)]
        for case in sorted(self.rng.sample(range(4), self.rng.randint(1, 3))):
            lines += ["case %d: {" % case] + indent(self.block(depth - 1, loop, self.rng.randint(1, 2))) + ["}"]
            if self.rng.random() < 0.7:
                lines.append("  break;")
        lines += ["default:"] + indent(self.block(depth - 1, loop, 1)) + ["  break;", "}"]
        return lines

    # -- aggregates, pointers, calls -------------------------------------------------

    def struct_stmt(self, depth, loop):
        rng = self.rng
        structs = self.ctx.scope.find(lambda v: isinstance(v.shape, tuple) and v.shape[0] == "struct"
                                      and v.mutable)
        calls = [(v, m) for v in structs for m in v.shape[1].methods if not m[3]]
        if calls and rng.random() < 0.3:
            v, m = rng.choice(calls)
            return [self.e.method_call(v, m) + ";"]
        if structs and rng.random() < 0.6:
            v = rng.choice(structs)
            fname, kind = rng.choice(v.shape[1].fields)
            same = [s for s in structs if s.shape[1] is v.shape[1] and s is not v]
            if same and rng.random() < 0.2:
                return ["%s = %s;" % (v.name, rng.choice(same).name)]
            return [self.update("%s.%s" % (v.name, fname), kind)]
        sdef = rng.choice(self.ctx.structs)
        name = self.ctx.fresh("s")
        init = self.e.struct_value(sdef, 2)
        self.ctx.scope.add(Var(name, None, ("struct", sdef)))
        if init.startswith(sdef.name + "{"):
            return ["%s %s = %s;" % (sdef.name, name, init[len(sdef.name):])]
        return ["%s %s = %s;" % (sdef.name, name, init)]

    def pointer_or_reference(self, depth, loop):
        rng = self.rng
        scalars = self.ctx.scope.find(lambda v: v.mutable and v.is_scalar() and v.kind)
        arrays = self.ctx.scope.find(lambda v: v.mutable and v.shape != "scalar"
                                     and v.shape[0] == "array")
        r = rng.random()
        if arrays and r < 0.4:
            a = rng.choice(arrays)
            n = a.array_len()
            k = rng.randrange(n)
            name = self.ctx.fresh("p")
            self.ctx.scope.add(Var(name, a.kind, ("ptr", n - k)))
            start = rng.choice(["&%s[%d]" % (a.name, k), "%s + %d" % (a.name, k)])
            return ["%s *%s = %s;" % (CTYPE[a.kind], name, start)]
        if scalars and r < 0.7:
            v = rng.choice(scalars)
            name = self.ctx.fresh("p")
            self.ctx.scope.add(Var(name, v.kind, ("ptr", 1)))
            return ["%s *%s = &%s;" % (CTYPE[v.kind], name, v.name)]
        if arrays and r < 0.85:
            a = rng.choice(arrays)
            name = self.ctx.fresh("r")
            # The index before the reference is in scope: a reference read
            # in its own initializer is undefined (format 5).
            index = self.e.index(a.array_len(), 2)
            self.ctx.scope.add(Var(name, a.kind))
            return ["%s &%s = %s[%s];" % (CTYPE[a.kind], name, a.name, index)]
        if scalars:
            v = rng.choice(scalars)
            name = self.ctx.fresh("r")
            self.ctx.scope.add(Var(name, v.kind))
            return ["%s &%s = %s;" % (CTYPE[v.kind], name, v.name)]
        return None

    def vector_stmt(self, depth, loop):
        rng = self.rng
        vecs = self.ctx.scope.find(lambda v: isinstance(v.shape, tuple) and v.shape[0] == "vec")
        if vecs and rng.random() < 0.5:
            v = rng.choice(vecs)
            comp = rng.choice("xyzw"[:v.shape[1]])
            value = self.vector_component(v.kind)
            r = rng.random()
            if r < 0.4:
                return ["%s.%s = %s;" % (v.name, comp, value)]
            if r < 0.7:
                return ["%s.set_%s(%s);" % (v.name, comp, value)]
            if r < 0.85:
                return ["%s.ref_%s() = %s;" % (v.name, comp, value)]
            others = [w for w in vecs if w.kind == v.kind and w.shape == v.shape]
            return ["%s = %s;" % (v.name, self.vector_expr(v.kind, v.shape[1], others))]
        kind = rng.choice(self.ctx.kinds())
        n = rng.randint(2, 4)
        name = self.ctx.fresh("q")
        vtype = "%s_%d" % (VEC_TYPE[kind], n)
        others = [w for w in vecs if w.kind == kind and w.shape == ("vec", n)]
        init = self.vector_expr(kind, n, others)
        self.ctx.scope.add(Var(name, kind, ("vec", n)))
        return ["%s %s = %s;" % (vtype, name, init)]

    def vector_component(self, kind):
        """A value that keeps the invariant of KIND's vectors: ints and exact
        floats below 2^20 and at or above zero, so that a sum or difference of two
        vectors is still exact and never overflows."""
        e = self.e.expr(kind, 2)
        if kind == "int":
            return "(%s & 1048575)" % e
        if kind == "fx":
            return "rx_f(r_idx(%s, 1048576))" % self.e.expr("int", 2)
        if kind == "dx":
            return "rx_d(r_idx(%s, 1048576))" % self.e.expr("int", 2)
        return e

    def vector_expr(self, kind, n, others):
        vtype = "%s_%d" % (VEC_TYPE[kind], n)
        fresh = "%s(%s)" % (vtype, ", ".join(self.vector_component(kind) for _ in range(n)))
        if not others or self.rng.random() < 0.4:
            return fresh
        a = self.rng.choice(others).name
        if kind == "int":
            op = self.rng.choice("+-&|^")
            return "((%s %s %s) & %s(1048575))" % (a, op, fresh, vtype)
        if kind == "uint":
            return "(%s %s %s)" % (a, self.rng.choice(["+", "-", "*", "&", "|", "^"]), fresh)
        if kind in APPROX:
            # Positive and below 2^20 each: a sum stays in range, a product is
            # clamped when it is read back (vector_value).
            return "%s(%s)" % (vtype, ", ".join(
                "ra_%s(%s.get_%s() + %s)" % ("f" if kind == "fa" else "d", a, c,
                                              self.vector_component(kind))
                for c in "xyzw"[:n]))
        # Exact floats: a fresh vector of the invariant each time.
        return fresh

    def call_stmt(self, depth, loop):
        rng = self.rng
        funcs = [f for f in self.ctx.funcs if self.e.callable(f) and self._out_args_exist(f)]
        if not funcs:
            return None
        f = rng.choice(funcs)
        args = []
        for pname, kind, mode in f.params:
            if mode == "ref":
                cands = self.ctx.scope.find(lambda v: v.kind == kind and v.mutable and v.is_scalar())
                args.append(rng.choice(cands).name)
            elif isinstance(mode, tuple) and mode[0] == "wptr":
                args.append(self.e.pointer_arg(kind, mode[1], writable=True))
            else:
                args.append(None)
        # Arguments that are not out-parameters are ordinary expressions.
        filled = []
        for (pname, kind, mode), a in zip(f.params, args):
            if a is not None:
                filled.append(a)
            elif mode == "val":
                filled.append(self.e.expr(kind, 2))
            elif isinstance(mode, tuple) and mode[0] == "rptr":
                filled.append(self.e.pointer_arg(kind, mode[1], writable=False))
            elif isinstance(mode, tuple) and mode[0] == "view":
                filled.append(self.rng.choice(self.e.views_for(mode[1])).name)
            else:
                filled.append(self.e.struct_value(mode[1], 2))
        name = f.name + ("<%s>" % f.template_arg if f.template_arg else "")
        call = "%s(%s)" % (name, ", ".join(filled))
        if f.ret is None:
            return [call + ";"]
        targets = self.ctx.scope.find(lambda v: v.mutable and v.is_scalar() and v.kind == f.ret
                                      and v.name not in filled)
        if targets and rng.random() < 0.7:
            return ["%s = %s;" % (rng.choice(targets).name, call)]
        return [call + ";"]

    def _out_args_exist(self, f):
        for _, kind, mode in f.params:
            if mode == "ref" and not self.ctx.scope.find(
                    lambda v: v.kind == kind and v.mutable and v.is_scalar()):
                return False
        return True
