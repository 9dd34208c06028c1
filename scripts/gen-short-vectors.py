#!/usr/bin/env python3
"""Writes include/amp_short_vectors.h: C++ AMP's short vector types (spec §10.8).

The header is generated because its bulk is mechanical: 18 vector classes,
each with one getter/setter pair and two property names (xyzw and rgba
spellings) per swizzle of distinct components, and the same operator set.
Run it from anywhere after changing this file; the output is checked in so
that building ampcc needs no Python.

    python3 scripts/gen-short-vectors.py
"""
import itertools
import os

XYZW = "xyzw"
RGBA = "rgba"

# name, C++ scalar, integer?, has unary minus?, normalized?
SCALARS = [
    ("int", "int", True, True, False),
    ("uint", "unsigned int", True, False, False),
    ("float", "float", False, True, False),
    ("double", "double", False, True, False),
    ("norm", "norm", False, True, True),
    ("unorm", "unorm", False, False, True),
]
SIZES = [2, 3, 4]
R = "restrict(cpu, amp)"


def vname(s, n):
    return "%s_%d" % (s, n)


def member(i):
    return "_M_" + XYZW[i]


def swizzles(n):
    """Every ordered choice of 2..n distinct components, as index tuples."""
    for k in range(2, n + 1):
        for p in itertools.permutations(range(n), k):
            yield p


def emit_class(out, s, scalar, is_int, has_neg, normalized, n):
    T = vname(s, n)
    comps = [member(i) for i in range(n)]
    o = out.append
    o("class %s {" % T)
    o("public:")
    o("  typedef %s value_type;" % scalar)
    o("  static const int size = %d;" % n)
    o("")
    o("private:")
    o("  %s %s;" % (scalar, ", ".join(comps)))
    o("")
    o("public:")
    # Constructors. The copy constructor and assignment stay implicit so
    # the class is trivially copyable, as kernel captures and array
    # elements need.
    # Zeroes the components (norm and unorm zero themselves); see
    # AMPCC_ZEROING_INITS_ in ampcc/norm.h for why the device pass differs.
    if normalized:
        o("  %s() %s {}" % (T, R))
    else:
        o("  %s() %s AMPCC_ZEROING_INITS_(%s) {}" %
          (T, R, ", ".join("%s(0)" % c for c in comps)))
    params = ", ".join("%s _V%d" % (scalar, i) for i in range(n))
    inits = ", ".join("%s(_V%d)" % (c, i) for i, c in enumerate(comps))
    o("  %s(%s) %s : %s {}" % (T, params, R, inits))
    if normalized:
        # Spec: per-component float (and, for norm, unorm) constructors
        # clamp; broadcasting a float is explicit.
        others = ["float"] + (["unorm"] if s == "norm" else [])
        for src in others:
            params = ", ".join("%s _V%d" % (src, i) for i in range(n))
            inits = ", ".join("%s(_V%d)" % (c, i) for i, c in enumerate(comps))
            o("  %s(%s) %s : %s {}" % (T, params, R, inits))
        o("  %s(%s _V) %s : %s {}" % (T, scalar, R, ", ".join("%s(_V)" % c for c in comps)))
        o("  explicit %s(float _V) %s : %s {}" % (T, R, ", ".join("%s(_V)" % c for c in comps)))
    else:
        o("  %s(%s _V) %s : %s {}" % (T, scalar, R, ", ".join("%s(_V)" % c for c in comps)))
    for other, *_ in SCALARS:
        if other != s:
            o("  explicit inline %s(const %s &_Other) %s;" % (T, vname(other, n), R))
    o("")
    # Components: value getters, setters and references.
    for i in range(n):
        c, cx, cr = member(i), XYZW[i], RGBA[i]
        o("  %s get_%s() const %s { return %s; }" % (scalar, cx, R, c))
        o("  void set_%s(%s _Value) %s { %s = _Value; }" % (cx, scalar, R, c))
        o("  %s &ref_%s() %s { return %s; }" % (scalar, cx, R, c))
        o("  %s &ref_%s() %s { return %s; }" % (scalar, cr, R, c))
        o("  __declspec(property(get = get_%s, put = set_%s)) %s %s;" % (cx, cx, scalar, cx))
        o("  __declspec(property(get = get_%s, put = set_%s)) %s %s;" % (cx, cx, scalar, cr))
    # Swizzles: getters build a vector of the chosen components; setters
    # store one (every component named once, so each swizzle is writable).
    for p in swizzles(n):
        V = vname(s, len(p))
        sx = "".join(XYZW[i] for i in p)
        sr = "".join(RGBA[i] for i in p)
        o("  %s get_%s() const %s { return %s(%s); }" %
          (V, sx, R, V, ", ".join(member(i) for i in p)))
        o("  void set_%s(const %s &_Value) %s { %s }" %
          (sx, V, R, " ".join("%s = _Value.get_%s();" % (member(i), XYZW[j])
                              for j, i in enumerate(p))))
        o("  __declspec(property(get = get_%s, put = set_%s)) %s %s;" % (sx, sx, V, sx))
        o("  __declspec(property(get = get_%s, put = set_%s)) %s %s;" % (sx, sx, V, sr))
    o("")
    # Member operators.
    ops = ["+", "-", "*", "/"] + (["%", "&", "|", "^", "<<", ">>"] if is_int else [])
    for op in ops:
        o("  %s &operator%s=(const %s &_Other) %s {" % (T, op, T, R))
        if op == "<<" and scalar == "int":
            # A negative int shifted left is undefined before C++20; Visual
            # C++, C++20 and OpenCL C shift its two's complement bits.
            o("    " + " ".join(
                "%s = static_cast<int>(static_cast<unsigned int>(%s) << _Other.%s);" %
                (c, c, c) for c in comps))
        else:
            o("    " + " ".join("%s %s= _Other.%s;" % (c, op, c) for c in comps))
        o("    return *this;")
        o("  }")
    for op in ["++", "--"]:
        o("  %s &operator%s() %s {" % (T, op, R))
        o("    " + " ".join("%s%s;" % (op, c) for c in comps))
        o("    return *this;")
        o("  }")
        o("  %s operator%s(int) %s {" % (T, op, R))
        o("    %s _Result = *this;" % T)
        o("    " + " ".join("%s%s;" % (op, c) for c in comps))
        o("    return _Result;")
        o("  }")
    if has_neg:
        o("  %s operator-() const %s { return %s(%s); }" %
          (T, R, T, ", ".join("-" + c for c in comps)))
    if is_int:
        o("  %s operator~() const %s { return %s(%s); }" %
          (T, R, T, ", ".join("~" + c for c in comps)))
    o("};")
    o("")


def emit_conversions(out, s, n):
    T = vname(s, n)
    scalar = dict((x[0], x[1]) for x in SCALARS)[s]
    for other, *_ in SCALARS:
        if other == s:
            continue
        inits = ", ".join("%s(static_cast<%s>(_Other.get_%s()))" % (member(i), scalar, XYZW[i])
                          for i in range(n))
        out.append("inline %s::%s(const %s &_Other) %s : %s {}" %
                   (T, T, vname(other, n), R, inits))
    out.append("")


def emit_free_operators(out, s, is_int, n):
    T = vname(s, n)
    o = out.append
    ops = ["+", "-", "*", "/"] + (["%", "&", "|", "^", "<<", ">>"] if is_int else [])
    for op in ops:
        o("inline %s operator%s(const %s &_Lhs, const %s &_Rhs) %s {" % (T, op, T, T, R))
        o("  %s _Result = _Lhs;" % T)
        o("  _Result %s= _Rhs;" % op)
        o("  return _Result;")
        o("}")
    eq = " && ".join("_Lhs.get_%s() == _Rhs.get_%s()" % (XYZW[i], XYZW[i]) for i in range(n))
    o("inline bool operator==(const %s &_Lhs, const %s &_Rhs) %s {" % (T, T, R))
    o("  return %s;" % eq)
    o("}")
    o("inline bool operator!=(const %s &_Lhs, const %s &_Rhs) %s {" % (T, T, R))
    o("  return !(_Lhs == _Rhs);")
    o("}")
    o("")


def emit_traits(out):
    o = out.append
    o("// short_vector<T, N>::type names the vector of N T's (T itself for N = 1);")
    o("// short_vector_traits<V> gives a scalar or vector type's element type and")
    o("// size. Other arguments are incomplete types: using them is an error.")
    o("template <typename _Scalar_type, int _Size> struct short_vector;")
    o("template <typename _Type> struct short_vector_traits;")
    o("")
    for s, scalar, *_ in SCALARS:
        o("template <> struct short_vector<%s, 1> { typedef %s type; };" % (scalar, scalar))
        o("template <> struct short_vector_traits<%s> {" % scalar)
        o("  typedef %s value_type;" % scalar)
        o("  static const int size = 1;")
        o("};")
        for n in SIZES:
            o("template <> struct short_vector<%s, %d> { typedef %s type; };" %
              (scalar, n, vname(s, n)))
            o("template <> struct short_vector_traits<%s> {" % vname(s, n))
            o("  typedef %s value_type;" % scalar)
            o("  static const int size = %d;" % n)
            o("};")
    o("")


def emit_direct3d_names(out):
    # Visual C++ also names the vectors as HLSL does, in
    # concurrency::graphics::direct3d (float4 for float_4, ...). Here that
    # namespace is an alias of concurrency::direct3d, which holds the names:
    # two namespaces named direct3d would make `direct3d::mad` ambiguous in
    # a program using both concurrency and concurrency::graphics.
    o = out.append
    o("} // namespace graphics")
    o("")
    o("namespace direct3d {")
    for n in SIZES:
        for s, *_ in SCALARS:
            o("typedef graphics::%s %s%d;" % (vname(s, n), s, n))
    o("} // namespace direct3d")
    o("")
    o("namespace graphics {")
    o("namespace direct3d = Concurrency::direct3d;")
    o("")


HEADER = """\
// <amp_short_vectors.h> - C++ AMP short vector types (spec v1.2 §10.8).
//
// GENERATED by scripts/gen-short-vectors.py from the tables in that script;
// edit the script, not this file. The hand-written parts (norm, unorm) are in
// ampcc/norm.h.
//
// Namespace Concurrency::graphics: int_N, uint_N, float_N, double_N, norm_N
// and unorm_N for N = 2, 3, 4, also named as in HLSL (float4, ...) in
// Concurrency::graphics::direct3d (an alias of Concurrency::direct3d). Every member is restrict(cpu, amp) and
// plain C++, which ampcc lowers to OpenCL C structs and functions like any user
// class. Components are properties (x y z w and r g b a), as are all
// swizzles of distinct components (xy, zyx, bgra, ...); each has a getter
// get_<xyzw>() and a setter set_<xyzw>(), and single components also have
// ref_<x|r>() returning a reference. Conversions between vector types are
// explicit and convert component by component (to norm/unorm: clamping).
#ifndef AMPCC_AMP_SHORT_VECTORS_H
#define AMPCC_AMP_SHORT_VECTORS_H

#include "amp.h"
#include "ampcc/norm.h"

namespace Concurrency {
namespace graphics {

"""

FOOTER = """\
} // namespace graphics
} // namespace Concurrency

#endif // AMPCC_AMP_SHORT_VECTORS_H
"""


def main():
    out = ["class %s;" % vname(s, n) for n in SIZES for s, *_ in SCALARS]
    out.append("")
    for n in SIZES:
        for s, scalar, is_int, has_neg, normalized in SCALARS:
            emit_class(out, s, scalar, is_int, has_neg, normalized, n)
    for n in SIZES:
        for s, scalar, is_int, *_ in SCALARS:
            emit_conversions(out, s, n)
            emit_free_operators(out, s, is_int, n)
    emit_traits(out)
    emit_direct3d_names(out)
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    path = os.path.join(root, "include", "amp_short_vectors.h")
    with open(path, "w") as f:
        f.write(HEADER + "\n".join(out) + "\n" + FOOTER)


if __name__ == "__main__":
    main()
