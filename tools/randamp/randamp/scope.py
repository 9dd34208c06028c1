"""What generated code can name: variables, views, functions, structs."""


class Var:
    """A variable in scope.

    shape is one of
      "scalar"                 NAME holds one value of KIND
      ("array", n)             NAME[n] of KIND
      ("struct", StructDef)    NAME is a struct
      ("vec", n)               NAME is a short vector of n components of KIND
      ("ptr", n)               NAME points at n consecutive values of KIND
    BOUND, for read-only ints, is a number the value is known to stay below
    (and at or above zero): such variables index without a wrapper.
    """

    def __init__(self, name, kind, shape="scalar", mutable=True, bound=None):
        self.name = name
        self.kind = kind
        self.shape = shape
        self.mutable = mutable
        self.bound = bound

    def is_scalar(self):
        return self.shape == "scalar"

    def array_len(self):
        if isinstance(self.shape, tuple) and self.shape[0] in ("array", "ptr"):
            return self.shape[1]
        return None


class View:
    """An array_view or array a kernel reads: NAME of KIND, rank and extents.
    CONST: read-only (a view of const, or an array that is only read)."""

    def __init__(self, name, kind, extents, const=True):
        self.name = name
        self.kind = kind
        self.extents = list(extents)
        self.const = const

    @property
    def rank(self):
        return len(self.extents)


class StructDef:
    def __init__(self, name, fields):
        self.name = name
        self.fields = fields  # [(name, kind)]
        # Member functions: (name, return kind or None, [(param, kind)], const).
        self.methods = []


class Func:
    """A helper function: NAME(params) -> RET kind (None: void).
    params: [(name, kind, mode)], mode "val" | "ref" (int& out) |
    ("rptr", n) (const T*, n readable) | ("wptr", n) (T*, n writable) |
    ("struct", StructDef) | ("cref", StructDef)."""

    def __init__(self, name, ret, params, writes_through=False, template_arg=None):
        self.name = name
        self.ret = ret
        self.params = params
        # A call writes through a reference or pointer: only as a statement.
        self.writes_through = writes_through
        # A function template's argument (the call may name it or not).
        self.template_arg = template_arg


class Scope:
    """Variables visible at a point: a block's own, then its parents'."""

    def __init__(self, parent=None):
        self.parent = parent
        self.vars = []

    def add(self, var):
        self.vars.append(var)
        return var

    def all(self):
        s, out = self, []
        while s:
            out.extend(reversed(s.vars))
            s = s.parent
        return out

    def find(self, pred):
        return [v for v in self.all() if pred(v)]
