"""A tiled unit: a parallel_for_each over a tiled extent whose work-items
talk through tile_static memory between barriers.

tile_static is not allowed in cpu code, so the kernel itself is
restrict(amp); what runs between two barriers (a phase) is the same text
on both sides, either as restrict(cpu, amp) functions the kernel and the
reference call, or printed twice from one generated body. The reference
runs a tile as the device must be able to: each phase for every work-item
of the tile, then the next phase. Values a work-item keeps across barriers
are locals of the kernel and arrays over the tile's work-items in the
reference.

Race freedom, phase by phase, for each tile_static array: written (each
work-item its own slot, under a permutation of the tile that the phase
fixes, which it may also read), read anywhere, or updated only atomically
with one commutative operation; never two of these in one phase. Phase 0
writes every slot, unconditionally, so nothing is read before it is
written. A tile_static scalar is set by work-item 0 in phase 0, then read
or atomically updated."""

import re

from . import atomics
from .data import StructBuffer, compare_all, declare_all, ext_args, make_buffers, own_view, product
from .elements import element_leaves, fresh_value, indexed, owned_element, vec_def
from .expr import Ctx, ExprGen
from .kinds import CTYPE, literal
from .scope import Scope, Var, View
from .stmt import StmtGen, indent
from .untiled import pick_extent

TILES = {
    1: [[1], [2], [3], [4], [8], [16], [32], [64], [100], [128], [256]],
    2: [[1, 8], [2, 2], [2, 8], [4, 4], [3, 5], [8, 8], [16, 16], [4, 16], [1, 32], [8, 2]],
    3: [[1, 1, 4], [2, 2, 2], [2, 4, 8], [4, 4, 4], [1, 2, 16], [3, 1, 2]],
}
BARRIERS = ["wait", "wait", "wait_with_all_memory_fence", "wait_with_tile_static_memory_fence"]


class TiledUnit:
    def __init__(self, rng, uid, features, funcs, structs):
        self.rng = rng
        self.uid = uid
        self.features = features
        self.funcs = funcs
        self.structs = structs
        self.rank = rng.randint(1, 3)
        self.tile = list(rng.choice(TILES[self.rank]))
        self.size = product(self.tile)
        while True:
            self.extents = [t * rng.randint(1, 3) for t in self.tile]
            if product(self.extents) <= 4096:
                break
        self.inline = rng.random() < 0.5
        self.summary = "tiled rank=%d ext=%s tile=%s phases=%s" % (
            self.rank, "x".join(map(str, self.extents)), "x".join(map(str, self.tile)),
            "inline" if self.inline else "functions")

    def generate(self):
        rng, u, n = self.rng, self.uid, self.size
        kinds = Ctx(rng, self.features, None).kinds()
        ins, outs, atoms = make_buffers(rng, u, kinds, self.extents, self.features, pick_extent, 2)
        scalars = [("c%d" % i, rng.choice(kinds)) for i in range(rng.randint(0, 2))]
        values = {c: literal(rng, k) for c, k in scalars}
        tarrays = [("ts%d" % i, rng.choice(kinds)) for i in range(rng.randint(1, 2))]
        etarrays = self.element_arrays(rng, kinds)
        sviews = self.struct_views(rng)
        tscalars = []
        if "atomic" in self.features:
            tscalars = [("tv%d" % i, rng.choice(["int", "uint"])) for i in range(rng.randint(0, 2))]
        states = [("st%d" % i, rng.choice(kinds)) for i in range(rng.randint(1, 3))]
        # One operation per atomic buffer for the whole kernel, not per
        # phase: barriers order the phases of one tile only, and other tiles
        # may run any phase at the same time (or and xor on one location
        # gave the GPU other results than the reference, seeds 5067, 5145).
        atom_ops = {b.name: atomics.pick_op(rng, b.kind) for b in atoms}
        ids = ["l%d" % d for d in range(self.rank)] + ["g%d" % d for d in range(self.rank)] + ["wi"]
        gpos = "index<%d>(%s)" % (self.rank, ", ".join("g%d" % d for d in range(self.rank)))

        # The schedule: phases, some in a loop the whole tile runs alike.
        count = rng.randint(2, 5)
        loop = None
        if count >= 3 and rng.random() < 0.4:
            a = rng.randint(1, count - 2)
            loop = (a, rng.randint(a, count - 2), rng.randint(1, 3))
        counter = [0]

        def base_ctx(in_loop):
            scope = Scope()
            for d in range(self.rank):
                scope.add(Var("l%d" % d, "int", mutable=False, bound=self.tile[d]))
                scope.add(Var("g%d" % d, "int", mutable=False, bound=self.extents[d]))
            scope.add(Var("wi", "int", mutable=False, bound=n))
            if in_loop:
                scope.add(Var("it", "int", mutable=False, bound=loop[2]))
            for c, k in scalars:
                scope.add(Var(c, k, mutable=False))
            for t, k, _ in tconsts:
                scope.add(Var(t, k, mutable=False))
            for s, k in states:
                scope.add(Var("@" + s, k))
            ctx = Ctx(rng, self.features, scope, views=[View(b.name, b.kind, b.extents) for b in ins],
                      funcs=self.funcs, structs=self.structs)
            ctx.counter = counter
            ctx.extra_stmts = []
            for b in outs:
                place = "%s[%s]" % (b.name, gpos)
                ctx.leaves.setdefault(b.kind, []).append(lambda c, place=place: place)
                ctx.extra_stmts.append((2, lambda g, d, l, b=b, place=place: [g.update(place, b.kind)]))
            if sviews:
                sin, sout = sviews
                element_leaves(rng, ctx, indexed(rng, sin.name, sin.extents[0]), sin.sdef)
                owned_element(rng, ctx, "%s[%s]" % (sout.name, gpos), sout.sdef)
            for b in atoms:
                op = atom_ops[b.name]
                ctx.extra_stmts.append((1.5, lambda g, d, l, b=b, op=op: [atomics.update(
                    g.e, op, b.kind, "%s[%s]" % (b.name, g.e.index(b.extents[0], 2)))]))
            return ctx

        # Values alike for the tile, declared before anything else a
        # work-item keeps (from the tile's number, the scalars and the
        # inputs): the host backend computes them once for the tile.
        tiles = [e // t for e, t in zip(self.extents, self.tile)]
        tconsts = []
        if rng.random() < 0.5:
            tscope = Scope()
            for d in range(self.rank):
                tscope.add(Var("tl%d" % d, "int", mutable=False, bound=tiles[d]))
            for c, k in scalars:
                tscope.add(Var(c, k, mutable=False))
            tctx = Ctx(rng, self.features, tscope, views=[View(b.name, b.kind, b.extents) for b in ins],
                       structs=self.structs)
            tctx.counter = counter
            for i in range(rng.randint(1, 2)):
                k = rng.choice(kinds)
                tconsts.append(("tc%d" % i, k, ExprGen(tctx).expr(k, 2)))
                tctx.scope.add(Var("tc%d" % i, k, mutable=False))

        # Initial values of what work-items keep across barriers.
        init_ctx = base_ctx(False)
        init_ctx.scope.vars = [v for v in init_ctx.scope.vars if not v.name.startswith("@")]
        init_ctx.extra_stmts = []
        inits = [(s, k, ExprGen(init_ctx).expr(k, 2)) for s, k in states]

        tsops = {name: atomics.pick_op(rng, k) for name, k in tarrays + tscalars if k in ("int", "uint")}
        phases = []
        for p in range(count):
            in_loop = loop is not None and loop[0] <= p <= loop[1]
            ctx = base_ctx(in_loop)
            head = []
            modes = {}
            owned = []
            for name, k in tarrays:
                mode = "W" if p == 0 else rng.choice(["W", "R", "R", "-"] + (["A"] if name in tsops else []))
                modes[name] = mode
                if mode == "W":
                    own = self.own_slot(rng)
                    place = "%s[%s]" % (name, own)
                    owned.append((place, k))
                    if p == 0:
                        head.append("%s = %s;" % (place, ExprGen(ctx).expr(k, 2)))
                    ctx.leaves.setdefault(k, []).append(lambda c, place=place: place)
                    ctx.extra_stmts.append((2, lambda g, d, l, place=place, k=k: [g.update(place, k)]))
                elif mode == "R":
                    ctx.scope.add(Var(name, k, ("array", n), mutable=False))
                elif mode == "A":
                    ctx.extra_stmts.append((2, lambda g, d, l, name=name, k=k: [atomics.update(
                        g.e, tsops[name], k, "%s[%s]" % (name, g.e.index(n, 2)))]))
            for name, sdef in etarrays:
                modes[name] = self.element_array_phase(rng, ctx, name, sdef, p, head, owned)
            for name, k in tscalars:
                mode = "I" if p == 0 else rng.choice(["R", "A", "A"])
                modes[name] = mode
                if mode == "I":
                    head.append("if (wi == 0)")
                    head.append("  %s = %s;" % (name, ExprGen(ctx).expr(k, 2)))
                elif mode == "R":
                    ctx.scope.add(Var(name, k, mutable=False))
                else:
                    ctx.extra_stmts.append((2, lambda g, d, l, name=name, k=k: [atomics.update(
                        g.e, tsops[name], k, name)]))
            self.add_choices(rng, ctx, [("@" + s, k) for s, k in states] + owned)
            gen = StmtGen(ctx, budget=rng.randint(3, 15))
            body = head + gen.block(depth=2, count=rng.randint(1, 5))
            if p == count - 1:
                body += [gen.update("%s[%s]" % (b.name, gpos), b.kind) for b in outs]
                if sviews:
                    body += [gen.update("%s[%s].%s" % (sviews[1].name, gpos, f), k)
                             for f, k in sviews[1].sdef.fields]
            if p > 0 and rng.random() < 0.3:
                other = gen.block(depth=2, count=rng.randint(1, 3)) if rng.random() < 0.5 else []
                body = self.guard(rng, body, other)
            phases.append((body, in_loop, modes))

        buffers = ins + outs + atoms + list(sviews or [])
        params = ["%s%s" % (b.param_type(), b.name) for b in buffers] + \
                 ["%s %s" % (CTYPE[k], c) for c, k in scalars]
        args = [b.name for b in buffers] + [c for c, _ in scalars]
        refs = [b.name for b in buffers if b.is_array]
        top = []

        def render(lines, state):
            return [re.sub(r"@(st\d+)", state, l) for l in lines]

        if not self.inline:
            for p, (body, in_loop, _) in enumerate(phases):
                fparams = (["%s *%s" % (CTYPE[k], t) for t, k in tarrays] +
                           ["%s *%s" % (sd.name, t) for t, sd in etarrays] +
                           ["%s &%s" % (CTYPE[k], t) for t, k in tscalars] +
                           ["%s &%s" % (CTYPE[k], s) for s, k in states] +
                           ["int %s" % i for i in ids] + (["int it"] if in_loop else []) +
                           ["%s %s" % (CTYPE[k], t) for t, k, _ in tconsts] + params)
                top.append("static void t%d_phase%d(%s) restrict(cpu, amp) {" % (u, p, ", ".join(fparams)))
                top += indent(render(body, r"\1")) + ["}", ""]

        def phase_code(p, host):
            body, in_loop, _ = phases[p]
            if self.inline:
                return ["{"] + indent(render(body, r"\1[wi]" if host else r"\1")) + ["}"]
            cargs = ([t for t, _ in tarrays] + [t for t, _ in etarrays] + [t for t, _ in tscalars] +
                     [s + ("[wi]" if host else "") for s, _ in states] + ids +
                     (["it"] if in_loop else []) + [t for t, _, _ in tconsts] + args)
            return ["t%d_phase%d(%s);" % (u, p, ", ".join(cargs))]

        def schedule(emit, barrier):
            lines, p = [], 0
            while p < count:
                if loop and p == loop[0]:
                    inner = []
                    for q in range(loop[0], loop[1] + 1):
                        inner += emit(q) + barrier()
                    lines += ["for (int it = 0; it < %d; ++it) {" % loop[2]] + indent(inner) + ["}"]
                    p = loop[1] + 1
                    continue
                lines += emit(p)
                if p < count - 1:
                    lines += barrier()
                p += 1
            return lines

        # The kernel.
        dev = ["tile_static %s %s[%d];" % (CTYPE[k], t, n) for t, k in tarrays]
        dev += ["tile_static %s %s[%d];" % (sd.name, t, n) for t, sd in etarrays]
        dev += ["tile_static %s %s;" % (CTYPE[k], t) for t, k in tscalars]
        for d in range(self.rank):
            dev.append("const int l%d = t.local[%d];" % (d, d))
            r = rng.random()
            g = ("t.global[%d]" % d if r < 0.5 else "t.tile[%d] * %d + l%d" % (d, self.tile[d], d)
                 if r < 0.75 else "t.tile_origin[%d] + t.local[%d]" % (d, d))
            dev.append("const int g%d = %s;" % (d, g))
        dev.append("const int wi = %s;" % self.linear("l"))
        if tconsts:
            dev += ["const int tl%d = t.tile[%d];" % (d, d) for d in range(self.rank)]
            dev += ["const %s %s = %s;" % (CTYPE[k], t, e) for t, k, e in tconsts]
        dev += ["%s %s = %s;" % (CTYPE[k], s, e) for s, k, e in inits]
        dev += schedule(lambda p: phase_code(p, False),
                        lambda: ["t.barrier.%s();" % rng.choice(BARRIERS)])
        capture = "[=, %s]" % ", ".join("&" + r for r in refs) if refs else "[=]"
        tdims = ext_args(self.tile)
        make_av, after_av = own_view(rng, buffers)
        top.append("static void t%d_device(%s) {" % (u, ", ".join(params)))
        top += indent(make_av)
        top.append("  parallel_for_each(%sextent<%d>(%s).tile<%s>(), %s(tiled_index<%s> t) restrict(amp) {"
                   % ("av, " if make_av else "", self.rank, ext_args(self.extents), tdims, capture, tdims))
        top += indent(dev, "    ") + ["  });"] + indent(after_av) + ["}", ""]

        # The reference.
        host = []
        if tconsts:
            host += ["const int tl%d = b%d / %d;" % (d, d, self.tile[d]) for d in range(self.rank)]
            host += ["const %s %s = %s;" % (CTYPE[k], t, e) for t, k, e in tconsts]
        host += ["%s %s[%d] = {};" % (CTYPE[k], t, n) for t, k in tarrays]
        host += ["%s %s[%d] = {};" % (sd.name, t, n) for t, sd in etarrays]
        host += ["%s %s = 0;" % (CTYPE[k], t) for t, k in tscalars]
        host += ["%s %s[%d];" % (CTYPE[k], s, n) for s, k, _ in inits]
        host += self.work_items(["%s[wi] = %s;" % (s, e) for s, _, e in inits])
        host += schedule(lambda p: self.work_items(phase_code(p, True)), lambda: [])
        top.append("static void t%d_host(%s) {" % (u, ", ".join(params)))
        for d in range(self.rank):
            top.append("  %sfor (int b%d = 0; b%d < %d; b%d += %d)" % ("  " * d, d, d, self.extents[d], d,
                                                                      self.tile[d]))
        top.append("  %s{" % ("  " * self.rank))
        top += indent(host, "  " * (self.rank + 2))
        top += ["  %s}" % ("  " * self.rank), "}", ""]

        run = declare_all(buffers)
        run.append("t%d_device(%s);" % (u, ", ".join(["%s_d_v" % b.name for b in buffers] +
                                                      [values[c] for c, _ in scalars])))
        run.append("t%d_host(%s);" % (u, ", ".join(["%s_h_v" % b.name for b in buffers] +
                                                  [values[c] for c, _ in scalars])))
        run += compare_all(buffers)
        return top, run

    def struct_views(self, rng):
        """With structs: sometimes (format 17) an input view or array of one
        of the program's structs (parts and const members read anywhere)
        and an output of one (each work-item's own element, at its global
        index, in any phase: parts, the whole element, non-const members),
        kept apart from the scalar buffers. (StructBuffer in, out) or None."""
        if "struct" not in self.features or not self.structs or rng.random() < 0.5:
            return None
        u = self.uid
        sin = StructBuffer(rng, "u%d_sin0" % u, rng.choice(self.structs), [pick_extent(rng, 1)[0]], "in")
        sout = StructBuffer(rng, "u%d_sout0" % u, rng.choice(self.structs), self.extents, "out")
        self.summary += " structs=%s,%s" % (sin.sdef.name, sout.sdef.name)
        return sin, sout

    def element_arrays(self, rng, kinds):
        """Sometimes a tile_static array of one of the program's structs or
        of a short vector type (format 16): [(name, StructDef)]."""
        types = []
        if "struct" in self.features and self.structs:
            types.append(lambda: rng.choice(self.structs))
        if "vec" in self.features:
            types.append(lambda: vec_def(rng.choice(kinds), rng.randint(2, 4)))
        if not types or rng.random() < 0.4:
            return []
        self.summary += " element-arrays"
        return [("te%d" % i, rng.choice(types)()) for i in range(rng.randint(1, 2))]

    def element_array_phase(self, rng, ctx, name, sdef, p, head, owned):
        """What phase P does with tile_static array NAME of SDEF: "W" (each
        work-item its own slot: parts updated, set or read, the whole
        element replaced, a struct's members called; phase 0 sets every
        part first), "R" (parts and const members read anywhere) or "-".
        Adds to CTX, HEAD (phase 0's first lines) and OWNED (the parts a
        choice may set)."""
        mode = "W" if p == 0 else rng.choice(["W", "R", "R", "-"])
        if mode == "W":
            slot = "%s[%s]" % (name, self.own_slot(rng))
            if p == 0:
                if rng.random() < 0.5:
                    head.append("%s = %s;" % (slot, fresh_value(ExprGen(ctx), sdef)))
                else:
                    head += ["%s.%s = %s;" % (slot, f, ExprGen(ctx).expr(k, 2)) for f, k in sdef.fields]
            owned += [("%s.%s" % (slot, f), k) for f, k in sdef.fields]
            owned_element(rng, ctx, slot, sdef)
        elif mode == "R":
            element_leaves(rng, ctx, indexed(rng, name, self.size), sdef)
        return mode

    def guard(self, rng, body, other):
        """BODY for the work-items whose id in the fastest dimension passes
        a comparison with a constant (from below the tile to past it), and
        OTHER (if any) for the rest: a phase some work-items skip, as a
        tree reduction's steps do; the host backend runs each side as loops
        over the work-items it admits. Never phase 0, which must write
        every slot."""
        lines = ["if (%s) {" % self.local_cond(rng)] + indent(body)
        if other:
            lines += ["} else {"] + indent(other)
        return lines + ["}"]

    def local_cond(self, rng):
        """The fastest local id compared with a constant, either way round."""
        fast = "l%d" % (self.rank - 1)
        op = rng.choice(["<", "<=", ">", ">=", "=="])
        k = rng.randint(-1, self.tile[-1] + 1)
        flipped = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "=="}
        return ("%s %s %d" % (fast, op, k) if rng.random() < 0.5
                else "%d %s %s" % (k, flipped[op], fast))

    def add_choices(self, rng, ctx, places):
        """A statement that sets one of PLACES (a kept value, the work-item's
        own slot of a tile_static array the phase writes) to one of two
        values by a comparison of the fastest local id (binomial's `next =
        j < step ? a : b`, which the host backend splits into loops of
        their own)."""
        if not places:
            return

        def choice(g, depth, in_loop):
            lhs, k = rng.choice(places)
            return ["%s = %s ? %s : %s;" % (lhs, self.local_cond(rng), g.e.expr(k, 2), g.e.expr(k, 2))]
        ctx.extra_stmts.append((1.5, choice))

    def linear(self, prefix):
        expr = "%s0" % prefix
        for d in range(1, self.rank):
            expr = "(%s) * %d + %s%d" % (expr, self.tile[d], prefix, d) if d > 1 else \
                "%s * %d + %s%d" % (expr, self.tile[d], prefix, d)
        return expr

    def work_items(self, body):
        """BODY once for every work-item of the tile at b0.., in order."""
        lines = []
        for d in range(self.rank):
            lines.append("%sfor (int l%d = 0; l%d < %d; ++l%d)" % ("  " * d, d, d, self.tile[d], d))
        pad = "  " * self.rank
        lines.append(pad + "{")
        inner = ["const int g%d = b%d + l%d;" % (d, d, d) for d in range(self.rank)]
        inner.append("const int wi = %s;" % self.linear("l"))
        lines += indent(inner + body, pad + "  ")
        lines.append(pad + "}")
        return lines

    def own_slot(self, rng):
        """A permutation of the tile's work-items, as the slot of wi."""
        n = self.size
        r = rng.random()
        if r < 0.35 or n == 1:
            return "wi"
        if r < 0.55:
            return "%d - wi" % (n - 1)
        if r < 0.75 and n & (n - 1) == 0:
            return "(wi ^ %d)" % rng.randrange(n)
        # Multiplying by a number prime to n permutes 0..n-1.
        while True:
            a = rng.randint(1, 2 * n + 1)
            if gcd(a, n) == 1:
                break
        return "(wi * %d + %d) %% %d" % (a, rng.randrange(n), n)


def gcd(a, b):
    while b:
        a, b = b, a % b
    return a
