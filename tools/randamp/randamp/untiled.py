"""An untiled unit: one parallel_for_each over an extent of rank 1-3 whose
kernel is a restrict(cpu, amp) lambda (or functor), made by a factory
function from the unit's views, arrays and scalars. The device launch gets
one set of them, the reference another (over the same data), and calls the
same kernel once per index on the host.

Race freedom: each work-item writes only its own element of each output
(its index, or its image under a fixed permutation of the extent), reads
only inputs and its own output elements, and updates atomic buffers only
with one commutative operation each."""

from . import atomics
from .data import StructBuffer, compare_all, declare_all, extent_of, index_of, make_buffers, own_view
from .elements import combine, element_leaves, indexed, read_part, set_parts, vec_def, write_part
from .expr import Ctx, ExprGen
from .kinds import CTYPE, literal
from .scope import Scope, Var, View
from .stmt import StmtGen, indent


def pick_extent(rng, rank):
    if rank == 1:
        return [rng.choice([1, 2, 3, 7, 16, 31, 64, 100, 127, 256, 1000])]
    if rank == 2:
        return [rng.randint(1, 24), rng.randint(1, 24)]
    if rank == 3:
        return [rng.randint(1, 8), rng.randint(1, 8), rng.randint(1, 8)]
    return [rng.randint(1, 9 - rank) for _ in range(rank)]


class UntiledUnit:
    def __init__(self, rng, uid, features, funcs, structs):
        self.rng = rng
        self.uid = uid
        self.features = features
        self.funcs = funcs
        self.structs = structs
        # Ranks 4 and 5 since format 18: index<N> and extent<N> built from
        # arrays, views of them projected and sectioned.
        self.rank = rng.randint(1, 3) if rng.random() < 0.85 else rng.randint(4, 5)
        self.extents = pick_extent(rng, self.rank)
        self.form = "lambda" if rng.random() < 0.8 else "functor"
        self.summary = "untiled rank=%d ext=%s form=%s" % (
            self.rank, "x".join(map(str, self.extents)), self.form)

    def permutation(self, idx):
        """A fixed bijection of the extent, as an index<N> expression."""
        rng = self.rng
        if rng.random() < 0.5:
            return idx
        comps = []
        for d, e in enumerate(self.extents):
            r = rng.random()
            if r < 0.4:
                comps.append("%s[%d]" % (idx, d))
            elif r < 0.7:
                comps.append("%d - %s[%d]" % (e - 1, idx, d))
            else:
                comps.append("(%s[%d] + %d) %% %d" % (idx, d, rng.randint(1, 7), e))
        return index_of(self.rank, comps)

    def element_views(self, ctx, ins, outs, prefix, din, dout):
        """An input view of DIN elements (structs or short vectors) and an
        output of DOUT, each work-item's own element under the unit's
        permutation, named u<unit>_<PREFIX>in0 and ..out0 and appended to
        INS and OUTS; the input's parts and const members become leaves of
        CTX. Returns (the work-item's output element, a function of a
        context giving an input element)."""
        rng, u = self.rng, self.uid
        n_in = pick_extent(rng, 1)[0]
        bin_ = StructBuffer(rng, "u%d_%sin0" % (u, prefix), din, [n_in], "in")
        bout = StructBuffer(rng, "u%d_%sout0" % (u, prefix), dout, self.extents, "out")
        ins.append(bin_)
        outs.append(bout)
        place = "%s[%s]" % (bout.name, self.permutation("idx"))
        element = indexed(rng, bin_.name, n_in)
        element_leaves(rng, ctx, element, din)
        return place, element

    def struct_buffers(self, ctx, ins, outs):
        """With structs: sometimes an input view of one of the program's
        structs (its fields and const members read at in-range places) and
        an output of one (each work-item its own element, fields updated,
        or the whole element copied from the input), appended to INS and
        OUTS (format 13). Returns [(output place, struct)]."""
        rng = self.rng
        if "struct" not in self.features or not self.structs or rng.random() < 0.5:
            return []
        sd_in, sd_out = rng.choice(self.structs), rng.choice(self.structs)
        place, element = self.element_views(ctx, ins, outs, "s", sd_in, sd_out)
        for f, k in sd_out.fields:
            ctx.leaves.setdefault(k, []).append(lambda c, f=f: "%s.%s" % (place, f))
            ctx.extra_stmts.append((2, lambda g, d, l, f=f, k=k: [g.update("%s.%s" % (place, f), k)]))
        if sd_in is sd_out:
            ctx.extra_stmts.append((1, lambda g, d, l: ["%s = %s;" % (place, element(g.ctx))]))
        self.summary += " structs=%s,%s" % (sd_in.name, sd_out.name)
        return [(place, sd_out)]

    def vec_buffers(self, ctx, ins, outs):
        """With short vectors: sometimes an input view of int_3, float_2, ...
        (components read at in-range places, by name, getter or swizzle)
        and an output of one (each work-item its own element: components
        set by name, reference, setter or swizzle, the whole element copied
        or combined from the input's), appended to INS and OUTS (format
        16). Returns [(output place, vector type)]."""
        rng = self.rng
        if "vec" not in self.features or rng.random() < 0.5:
            return []
        kinds = ctx.kinds()
        vin = vec_def(rng.choice(kinds), rng.randint(2, 4))
        vout = vin if rng.random() < 0.5 else vec_def(rng.choice(kinds), rng.randint(2, 4))
        place, element = self.element_views(ctx, ins, outs, "v", vin, vout)
        for f, k in vout.fields:
            ctx.leaves.setdefault(k, []).append(lambda c, f=f: place + read_part(rng, vout, f))
            ctx.extra_stmts.append((1.5, lambda g, d, l, f=f, k=k: [
                g.update(write_part(rng, vout, place, f), k)]))
        ctx.extra_stmts.append((1, lambda g, d, l: set_parts(g, vout, place)))
        if vin.name == vout.name:
            ctx.extra_stmts.append((1, lambda g, d, l: ["%s = %s;" % (
                place, combine(rng, vout, place, element(g.ctx)) or element(g.ctx))]))
        self.summary += " vectors=%s,%s" % (vin.name, vout.name)
        return [(place, vout)]

    def generate(self):
        """(top-level lines, lines of the unit's run function)."""
        rng, u = self.rng, self.uid
        kinds = Ctx(rng, self.features, None).kinds()
        ins, outs, atoms = make_buffers(rng, u, kinds, self.extents, self.features, pick_extent, 3)
        if self.form == "functor" and any(b.is_array for b in ins + outs + atoms):
            self.form = "lambda"
            self.summary = self.summary.replace("form=functor", "form=lambda")
        scalars = [("c%d" % i, rng.choice(kinds)) for i in range(rng.randint(0, 3))]
        values = {n: literal(rng, k) for n, k in scalars}

        scope = Scope()
        for d, e in enumerate(self.extents):
            scope.add(Var("idx[%d]" % d, "int", mutable=False, bound=e))
        for name, kind in scalars:
            scope.add(Var(name, kind, mutable=False))
        views = [View(b.name, b.kind, b.extents) for b in ins]
        ctx = Ctx(rng, self.features, scope, views=views, funcs=self.funcs, structs=self.structs)
        ctx.extra_stmts = []
        places = [(b, "%s[%s]" % (b.name, self.permutation("idx"))) for b in outs]
        for b, place in places:
            ctx.leaves.setdefault(b.kind, []).append(lambda c, place=place: place)
            ctx.extra_stmts.append((3, lambda g, d, l, b=b, place=place: [g.update(place, b.kind)]))
        for b in atoms:
            op = atomics.pick_op(rng, b.kind)
            ctx.extra_stmts.append((2, lambda g, d, l, b=b, op=op: [atomics.update(
                g.e, op, b.kind, "%s[%s]" % (b.name, g.e.index(b.extents[0], 2)))]))
        struct_places = self.struct_buffers(ctx, ins, outs) + self.vec_buffers(ctx, ins, outs)
        if self.form == "functor" and any(b.is_array for b in ins + outs):
            self.form = "lambda"
            self.summary = self.summary.replace("form=functor", "form=lambda")
        gen = StmtGen(ctx, budget=rng.randint(8, 40))
        body = gen.block(depth=3, count=rng.randint(3, 8))
        # Every output is written at least once, at the end, unconditionally.
        body += [gen.update(place, b.kind) for b, place in places]
        body += [gen.update("%s.%s" % (place, f), k) for place, sd in struct_places
                 for f, k in sd.fields]

        buffers = ins + outs + atoms
        params = ["%s%s" % (b.param_type(), b.name) for b in buffers] + \
                 ["%s %s" % (CTYPE[k], n) for n, k in scalars]
        refs = [b.name for b in buffers if b.is_array]
        top = []
        kname = "k%d" % u
        ktype = "index<%d>" % self.rank
        if self.form == "lambda":
            if refs and rng.random() < 0.5:
                capture = "[=, %s]" % ", ".join("&" + r for r in refs)
            else:
                capture = "[%s]" % ", ".join(
                    [("&" if b.is_array else "") + b.name for b in buffers] + [n for n, _ in scalars])
            top.append("static auto %s(%s) {" % (kname, ", ".join(params)))
            top.append("  return %s(%s idx) restrict(cpu, amp) {" % (capture, ktype))
            top += indent(body, "    ")
            top += ["  };", "}", ""]
            make = lambda side: "%s(%s)" % (kname, ", ".join(
                ["%s_%s_v" % (b.name, side) for b in buffers] + [values[n] for n, _ in scalars]))
        else:
            top.append("struct K%d {" % u)
            top += ["  %s;" % p for p in params]
            top.append("  void operator()(%s idx) const restrict(cpu, amp) {" % ktype)
            top += indent(body, "    ")
            top += ["  }", "};", ""]
            make = lambda side: "K%d{%s}" % (u, ", ".join(
                ["%s_%s_v" % (b.name, side) for b in buffers] + [values[n] for n, _ in scalars]))

        run = declare_all(buffers)
        ext = extent_of(self.rank, self.extents)
        r = rng.random()
        make_av, after_av = own_view(rng, buffers)
        if make_av:
            run += ["{"] + indent(make_av + ["parallel_for_each(av, %s, %s);" % (ext, make("d"))] +
                                  after_av) + ["}"]
        elif rng.random() < 0.125:
            # The launch in a generic lambda that a library template calls,
            # its extent depending on the lambda's parameter (0): resolved
            # only in the lambda's specialization, which walks of the
            # lambda expression do not reach (format 8; bug 5 of
            # docs/reliability.md).
            dims = ["%d + z" % self.extents[0]] + [str(e) for e in self.extents[1:]]
            run.append("{")
            run.append("  const int zero[1] = {0};")
            run.append("  std::for_each(zero, zero + 1, [&](auto z) {")
            run.append("    parallel_for_each(%s, %s);" % (extent_of(self.rank, dims), make("d")))
            run.append("  });")
            run.append("}")
        elif r < 0.5:
            run.append("parallel_for_each(%s, %s);" % (ext, make("d")))
        elif r < 0.75:
            run.append("parallel_for_each(%s_d_v.extent, %s);" % (outs[0].name, make("d")))
        else:
            run.append("parallel_for_each(accelerator().default_view, %s, %s);" % (ext, make("d")))
        run.append("{")
        run.append("  auto kernel = %s;" % make("h"))
        for d, e in enumerate(self.extents):
            run.append("  %sfor (int x%d = 0; x%d < %d; ++x%d)" % ("  " * d, d, d, e, d))
        run.append("  %skernel(%s);" % ("  " * self.rank, index_of(
            self.rank, ["x%d" % d for d in range(self.rank)])))
        run.append("}")
        run += compare_all(buffers)
        return top, run

