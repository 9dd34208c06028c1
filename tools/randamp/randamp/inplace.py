"""An in-place unit: a 1-D tiled kernel that updates tile_static memory in
steps, as binomial pricing does: each work-item computes values for its
elements from the array into a private array, waits, and writes them back
(under a guard on its position, either way round), waits again. The host
backend runs such a pair of phases as one loop where the order of its
work-items keeps what the barrier kept (WorkItemFusion.cpp) and as two
otherwise; the offsets read and written, the guards and where the private
array lives are random, so both sides of that decision run. Arithmetic is
unsigned (it wraps, as C++ defines). The reference runs each phase for
every work-item of the tile, then the next."""

from .data import Buffer, compare_all, declare_all


class InPlaceUnit:
    def __init__(self, rng, uid):
        self.rng = rng
        self.uid = uid
        self.tile = rng.choice([4, 8, 16, 32, 64, 128, 256])
        self.per = rng.randint(1, 4)
        self.tiles = rng.randint(1, 3)
        self.steps = rng.randint(1, 6)
        self.summary = "inplace tile=%d per=%d tiles=%d steps=%d" % (
            self.tile, self.per, self.tiles, self.steps)

    def value(self, depth):
        """An unsigned expression of the array near j, the position and
        constants."""
        rng = self.rng
        if depth == 0 or rng.random() < 0.3:
            r = rng.random()
            if r < 0.6:
                return "ip[j + %d]" % (2 + rng.randint(-2, 2))
            if r < 0.8:
                return "%du" % rng.randrange(1 << 16)
            return "(unsigned)%s" % rng.choice(["l0", "i", "s", "j"])
        op = rng.choice(["+", "-", "*", "^", "|", "&", ">>"])
        if op == ">>":
            return "(%s >> %d)" % (self.value(depth - 1), rng.randint(0, 7))
        return "(%s %s %s)" % (self.value(depth - 1), op, self.value(depth - 1))

    def guard(self):
        rng = self.rng
        c = rng.randint(-2, 2)
        return rng.choice(["j < s", "s > j", "j <= s - 1", "j + %d < s" % c, "j < s + %d" % c])

    def generate(self):
        rng, u, t, per = self.rng, self.uid, self.tile, self.per
        n = t * per
        ins = Buffer(rng, "u%d_in0" % u, "uint", [n * self.tiles], "in")
        out = Buffer(rng, "u%d_out0" % u, "uint", [n * self.tiles], "out")
        pads = ["%du" % rng.randrange(1 << 16) for _ in range(4)]

        # The first phase: a value for every element, or a choice by a
        # guard, or a value where the guard holds only (the second phase
        # then reads it there alone).
        ga = self.guard()
        gb = ga if rng.random() < 0.7 else self.guard()
        form_a = rng.choice(["all", "choice", "choice", "guarded"])
        value, other = self.value(rng.randint(1, 3)), self.value(rng.randint(0, 2))
        if form_a == "all":
            stmt_a = "nx[i] = %s;" % value
        elif form_a == "choice":
            stmt_a = "nx[i] = %s ? %s : %s;" % (ga, value, other)
        else:
            stmt_a = "if (%s) nx[i] = %s;" % (ga, value)
        # The second: the value written back at an offset of j, under the
        # guard or not, added or assigned.
        cb = 2 + rng.randint(-2, 2)
        op = rng.choice(["=", "=", "+=", "^="])
        write = "ip[j + %d] %s nx[i];" % (cb, op)
        form_b = rng.choice(["all", "guarded", "guarded", "else"])
        if form_a == "guarded":
            form_b, gb = "guarded", ga
        if form_b == "all":
            stmt_b = write
        elif form_b == "guarded":
            stmt_b = "if (%s) %s" % (gb, write)
        else:
            # The other work-items' slot from their own value alone: reading
            # the array here would race with the writes.
            stmt_b = "if (%s) %s else ip[j + %d] = nx[i] * %du + %du;" % (
                gb, write, cb, rng.randrange(1 << 16), rng.randrange(1 << 16))
        outside = rng.random() < 0.5
        read_after = outside and form_a != "guarded" and rng.random() < 0.6
        counter_b = rng.choice(["i", "i", "k"])
        if counter_b == "k" and rng.random() < 0.5:
            # A local of the second phase named as the first phase's
            # counter (format 14): the host backend prints the fused loop's
            # counter with the first's name, which this would shadow.
            stmt_b = "int i = j & 3; " + stmt_b.replace("%s nx[i];" % op, "%s nx[i] + (unsigned)i;" % op, 1)

        def phase_b(c):
            return stmt_b.replace("nx[i]", "nx[%s]" % c) if c != "i" else stmt_b

        dev = ["tile_static unsigned ip[%d];" % (n + 4),
               "const int l0 = t.local[0];",
               "const int b = t.tile[0] * %d;" % n,
               "for (int i = 0; i < %d; ++i)" % per,
               "  ip[l0 + %d * i + 2] = %s[b + l0 + %d * i];" % (t, ins.name, t),
               "if (l0 == 0) {",
               "  ip[0] = %s; ip[1] = %s; ip[%d] = %s; ip[%d] = %s;" % (pads[0], pads[1], n + 2,
                                                                     pads[2], n + 3, pads[3]),
               "}",
               "t.barrier.wait();"]
        if outside:
            dev.append("unsigned nx[%d] = {};" % per if form_a == "guarded" else "unsigned nx[%d];" % per)
        dev.append("for (int s = %d; s > %d; --s) {" % (n, n - self.steps))
        if not outside:
            dev.append("  unsigned nx[%d];" % per)
        dev += ["  for (int i = 0; i < %d; ++i) {" % per,
                "    int j = l0 + %d * i;" % t,
                "    " + stmt_a,
                "  }",
                "  t.barrier.wait();",
                "  for (int %s = 0; %s < %d; ++%s) {" % (counter_b, counter_b, per, counter_b),
                "    int j = l0 + %d * %s;" % (t, counter_b),
                "    " + phase_b(counter_b),
                "  }",
                "  t.barrier.wait();",
                "}"]
        tail = " + nx[i]" if read_after else ""
        dev += ["for (int i = 0; i < %d; ++i)" % per,
                "  %s[b + l0 + %d * i] = ip[l0 + %d * i + 2]%s;" % (out.name, t, t, tail)]

        params = ["%s%s" % (x.param_type(), x.name) for x in (ins, out)]
        refs = "".join(", &" + x.name for x in (ins, out) if x.is_array)
        top = ["static void t%d_device(%s) {" % (u, ", ".join(params)),
               "  parallel_for_each(extent<1>(%d).tile<%d>(), [=%s](tiled_index<%d> t) restrict(amp) {"
               % (t * self.tiles, t, refs, t)]
        top += ["    " + l for l in dev] + ["  });", "}", ""]

        # The reference: phases for every work-item in turn.
        def items(body, c="i"):
            return (["for (int l0 = 0; l0 < %d; ++l0)" % t,
                     "  for (int %s = 0; %s < %d; ++%s) {" % (c, c, per, c),
                     "    int j = l0 + %d * %s;" % (t, c)] +
                    ["    " + l for l in body] + ["  }"])

        host = ["unsigned ip[%d] = {};" % (n + 4),
                "unsigned nxs[%d][%d] = {};" % (t, per),
                "for (int l0 = 0; l0 < %d; ++l0)" % t,
                "  for (int i = 0; i < %d; ++i)" % per,
                "    ip[l0 + %d * i + 2] = %s[b + l0 + %d * i];" % (t, ins.name, t),
                "ip[0] = %s; ip[1] = %s; ip[%d] = %s; ip[%d] = %s;" % (pads[0], pads[1], n + 2,
                                                                    pads[2], n + 3, pads[3]),
                "for (int s = %d; s > %d; --s) {" % (n, n - self.steps)]
        host += ["  " + l for l in items(["unsigned *nx = nxs[l0];", stmt_a])]
        host += ["  " + l for l in items(["unsigned *nx = nxs[l0];", phase_b(counter_b)], counter_b)]
        host += ["}",
                 "for (int l0 = 0; l0 < %d; ++l0)" % t,
                 "  for (int i = 0; i < %d; ++i) {" % per,
                 "    unsigned *nx = nxs[l0];",
                 "    (void)nx;",
                 "    %s[b + l0 + %d * i] = ip[l0 + %d * i + 2]%s;" % (out.name, t, t, tail),
                 "  }"]
        top.append("static void t%d_host(%s) {" % (u, ", ".join(params)))
        top.append("  for (int b = 0; b < %d; b += %d) {" % (n * self.tiles, n))
        top += ["    " + l for l in host] + ["  }", "}", ""]

        run = declare_all([ins, out])
        run.append("t%d_device(%s_d_v, %s_d_v);" % (u, ins.name, out.name))
        run.append("t%d_host(%s_h_v, %s_h_v);" % (u, ins.name, out.name))
        run += compare_all([ins, out])
        return top, run
