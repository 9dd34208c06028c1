"""The data of a unit: host vectors and the arrays and array_views a
kernel sees them through (plain, a section, a projection, view_as, an
array, a section of an array), declared twice: once for the device launch
(suffix _d) and once for the host reference (suffix _h, arrays on the CPU
accelerator, where the host may index them)."""

from .kinds import CTYPE, compare_mode

FILL = {"int": "fill_int", "uint": "fill_uint", "fx": "fill_fx", "dx": "fill_dx",
        "fa": "fill_fa", "da": "fill_da"}


def ext_args(extents):
    return ", ".join(str(e) for e in extents)


def index_of(rank, comps):
    """An index<RANK> of COMPS (texts): above rank 3, prelude.h's ix4/ix5."""
    comps = ", ".join(str(c) for c in comps)
    return "index<%d>(%s)" % (rank, comps) if rank <= 3 else "ix%d(%s)" % (rank, comps)


def extent_of(rank, dims):
    """An extent<RANK> of DIMS: above rank 3, prelude.h's ex4/ex5."""
    dims = ", ".join(str(e) for e in dims)
    return "extent<%d>(%s)" % (rank, dims) if rank <= 3 else "ex%d(%s)" % (rank, dims)


def dims(rank, extents):
    """A view constructor's leading arguments: the extents themselves up to
    rank 3 (C++ AMP's (e0, e1, e2, data) forms), an extent above."""
    return ext_args(extents) if rank <= 3 else extent_of(rank, extents)


def product(xs):
    p = 1
    for x in xs:
        p *= x
    return p


class Buffer:
    """NAME of KIND seen by the kernel with EXTENTS; ROLE "in" (read),
    "out" (each work-item writes its own element) or "atom" (atomics)."""

    def __init__(self, rng, name, kind, extents, role, presentation=None):
        self.name = name
        self.kind = kind
        self.extents = list(extents)
        self.role = role
        self.seed = rng.randrange(1 << 30)
        self.fill_mode = rng.randrange(2)
        rank = len(extents)
        choices = ["view", "view", "section", "array", "array_section"]
        if rank <= 2:
            choices.append("projection")
        if rank >= 2:
            choices.append("view_as")
        if role == "atom":
            choices = ["view", "array"]
        self.presentation = presentation or rng.choice(choices)
        # Where a section or a projection sits in its storage.
        self.margin = [(rng.randint(0, 2), rng.randint(0, 2)) for _ in extents]
        self.plane = rng.randint(1, 3)
        self.plane_at = rng.randrange(self.plane)
        self.section_form = rng.randrange(3)
        self.sync_form = rng.randrange(3)

    @property
    def rank(self):
        return len(self.extents)

    @property
    def is_array(self):
        return self.presentation == "array"

    @property
    def const(self):
        return self.role == "in"

    def ctype(self):
        return CTYPE[self.kind]

    def fill(self, v):
        """Lines that fill vector V from the buffer's seed."""
        return ["%s(%s, %uu, %d);" % (FILL[self.kind], v, self.seed, self.fill_mode)]

    def param_type(self):
        t = self.ctype()
        if self.is_array:
            return "%sarray<%s, %d> &" % ("const " if self.const else "", t, self.rank)
        return "array_view<%s%s, %d> " % ("const " if self.const else "", t, self.rank)

    def storage_extents(self):
        p = self.presentation
        if p in ("section", "array_section"):
            return [e + a + b for e, (a, b) in zip(self.extents, self.margin)]
        if p == "projection":
            return [self.plane] + self.extents
        if p == "view_as":
            return [product(self.extents)]
        return self.extents

    def size(self):
        return product(self.storage_extents())

    def declare(self, side):
        """Lines that make vector NAME_side and the object NAME_side_v the
        kernel is given (host side: arrays on the CPU accelerator)."""
        t = self.ctype()
        v = "%s_%s" % (self.name, side)
        obj = v + "_v"
        st = self.storage_extents()
        lines = ["std::vector<%s> %s(%d);" % (t, v, self.size())] + self.fill(v)
        const = "const " if self.const else ""
        where = ", cpu_view" if side == "h" else ""
        p = self.presentation
        if p == "view":
            lines.append("array_view<%s%s, %d> %s(%s, %s);" % (const, t, self.rank, obj,
                                                               dims(self.rank, st), v))
        elif p == "section":
            lines.append("array_view<%s%s, %d> %s_all(%s, %s);" % (const, t, self.rank, obj,
                                                                   dims(self.rank, st), v))
            lines.append("array_view<%s%s, %d> %s = %s;" % (const, t, self.rank, obj,
                                                            self.section(obj + "_all")))
        elif p == "projection":
            lines.append("array_view<%s%s, %d> %s_all(%s, %s);" % (const, t, self.rank + 1, obj,
                                                                   ext_args(st), v))
            lines.append("array_view<%s%s, %d> %s = %s_all[%d];" % (const, t, self.rank, obj, obj,
                                                                    self.plane_at))
        elif p == "view_as":
            lines.append("array_view<%s%s, 1> %s_all(%d, %s);" % (const, t, obj, st[0], v))
            lines.append("array_view<%s%s, %d> %s = %s_all.view_as(%s);" % (
                const, t, self.rank, obj, obj, extent_of(self.rank, self.extents)))
        elif p == "array":
            lines.append("array<%s, %d> %s(%s, %s.begin(), %s.end()%s);" % (
                t, self.rank, obj, extent_of(self.rank, st), v, v, where))
        elif p == "array_section":
            lines.append("array<%s, %d> %s_all(%s, %s.begin(), %s.end()%s);" % (
                t, self.rank, obj, extent_of(self.rank, st), v, v, where))
            lines.append("array_view<%s%s, %d> %s = %s;" % (const, t, self.rank, obj,
                                                            self.section(obj + "_all")))
        return lines

    def section(self, whole):
        origin = index_of(self.rank, [a for a, _ in self.margin])
        ext = extent_of(self.rank, self.extents)
        if self.section_form == 1 and all(b == 0 for _, b in self.margin):
            return "%s.section(%s)" % (whole, origin)
        if self.section_form == 2 and all(a == 0 for a, _ in self.margin):
            return "%s.section(%s)" % (whole, ext)
        return "%s.section(%s, %s)" % (whole, origin, ext)

    def collect(self, side):
        """Lines that bring NAME_side up to date after the kernel (written
        buffers only); returns (lines, vector name)."""
        v = "%s_%s" % (self.name, side)
        obj = v + "_v"
        p = self.presentation
        if p in ("array", "array_section"):
            whole = obj if p == "array" else obj + "_all"
            if self.sync_form == 0:
                return ["%s = std::vector<%s>(%s);" % (v, self.ctype(), whole)], v
            return ["copy(%s, %s.begin());" % (whole, v)], v
        if p == "view" or self.sync_form == 0:
            return ["%s.synchronize();" % obj], v
        return ["%s_all.synchronize();" % obj if p != "view" else "%s.synchronize();" % obj], v


class StructBuffer(Buffer):
    """A buffer whose elements are one of the program's structs (SDEF):
    filled field by field from the scalar fills, compared field by field
    (format 13). Plain views, sections and arrays."""

    def __init__(self, rng, name, sdef, extents, role):
        super().__init__(rng, name, sdef.name, extents, role,
                         rng.choice(["view", "view", "section", "array"]))
        self.sdef = sdef

    def ctype(self):
        return self.sdef.name

    def fill(self, v):
        return ["{ std::vector<%s> f(%s.size()); %s(f, %uu, %d); for (size_t i = 0; i < f.size(); ++i) %s[i].%s = f[i]; }"
                % (CTYPE[k], v, FILL[k], (self.seed + 7919 * n) % (1 << 30), self.fill_mode, v, f)
                for n, (f, k) in enumerate(self.sdef.fields)]

    def compare(self):
        return ["{ std::vector<%s> d, h; for (const auto &e : %s_d) d.push_back(e.%s); for (const auto &e : %s_h) h.push_back(e.%s); check.compare(\"%s.%s\", d, h, %s); }"
                % (CTYPE[k], self.name, f, self.name, f, self.name, f, compare_mode(k))
                for f, k in self.sdef.fields]


def make_buffers(rng, unit, kinds, extents, features, pick_extent, inputs):
    """A unit's inputs (up to INPUTS, of random shapes), its outputs (the
    launch's EXTENTS) and, with atomics, its atomic counters."""
    ins = [Buffer(rng, "u%d_in%d" % (unit, i), rng.choice(kinds),
                  pick_extent(rng, rng.choice([1, 1, 2, 2, 3, 3, 4, 5])), "in")
           for i in range(rng.randint(0, inputs))]
    outs = [Buffer(rng, "u%d_out%d" % (unit, i), rng.choice(kinds), extents, "out")
            for i in range(rng.randint(1, 2))]
    atoms = []
    if "atomic" in features:
        atoms = [Buffer(rng, "u%d_at%d" % (unit, i), rng.choice(["int", "uint"]),
                        [rng.choice([1, 2, 5, 16])], "atom") for i in range(rng.randint(1, 2))]
    return ins, outs, atoms


def own_view(rng, buffers):
    """Sometimes (format 19) lines making `av`, an accelerator_view of the
    default accelerator's own, immediate or automatic, for a launch of
    BUFFERS (none of them arrays, which live on the default view), and the
    lines after the launch (a flush, a wait or nothing: `av` goes out of
    scope with the kernel perhaps still queued, and the outputs'
    synchronize must wait for it). ([], []) otherwise."""
    if any(b.is_array or b.presentation == "array_section" for b in buffers) or rng.random() < 0.8:
        return [], []
    mode = rng.choice(["queuing_mode_immediate", "queuing_mode_automatic"])
    after = rng.choice([[], ["av.flush();"], ["av.wait();"]])
    return ["accelerator_view av = accelerator().create_view(%s);" % mode], after


def declare_all(buffers):
    """The start of a unit's run function: both sides' data."""
    lines = ["accelerator_view cpu_view = accelerator(accelerator::cpu_accelerator).default_view;"]
    for b in buffers:
        lines += b.declare("d") + b.declare("h")
    return lines


def compare_all(buffers):
    """The end of a unit's run function: every written buffer compared."""
    lines = []
    for b in buffers:
        if b.role == "in":
            continue
        for side in ("d", "h"):
            lines += b.collect(side)[0]
        if isinstance(b, StructBuffer):
            lines += b.compare()
            continue
        lines.append('check.compare("%s", %s_d, %s_h, %s);' % (b.name, b.name, b.name,
                                                              compare_mode(b.kind)))
    return lines
