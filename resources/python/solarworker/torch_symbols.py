# SPDX-License-Identifier: MIT
"""Symbolic sizes for the PyTorch tracer (torch 2.x): the size constants as symbols of a ShapeEnv, every size the
forward pass computes kept as an expression over them, printed in ALIR syntax (torch_trace.py records with it)."""
from .source import UserError


class Symbols:
    """Symbolic sizes (torch 2.x): the model's inputs, parameters and buffers become fake tensors whose dimensions
    equal to a named size constant are symbols of a ShapeEnv, so every shape, stride and size argument the forward
    pass computes is an expression over the constants, exact by construction. Each recorded size keeps its sympy
    expression until the trace ends (later guards may still refine it); `finish` prints them in ALIR syntax."""

    def __init__(self, torch, constants, names):
        from torch._subclasses.fake_tensor import FakeTensorMode
        from torch.fx.experimental.symbolic_shapes import ShapeEnv
        self.torch = torch
        self.env = ShapeEnv(duck_shape=False)  # one symbol per dimension: equal values are not assumed equal sizes
        self.mode = FakeTensorMode(shape_env=self.env)
        self.constant_of = {}  # sympy symbol -> size constant
        self.by_value = {}
        for name in names:
            self.by_value.setdefault(constants[name], []).append(name)
        others = {v for k, v in constants.items() if k not in names}
        for value, owners in self.by_value.items():
            if len(owners) > 1 or value in others:
                raise UserError("symbolic", "size constants %s share the value %d" % (" and ".join(owners), value))
        self.refs = []

    def tensor(self, t):
        """A symbolic fake copy of `t` (a fake or meta tensor): dimensions equal to a named constant are symbols."""
        from torch.fx.experimental.symbolic_shapes import DimDynamic, StatelessSymbolicContext
        from torch._subclasses.fake_tensor import unset_fake_temporarily
        torch = self.torch
        dynamic = [DimDynamic.DYNAMIC if int(d) in self.by_value else DimDynamic.STATIC for d in t.shape]
        # A real tensor on the model's device (a meta one would make every factory in forward() a meta one):
        # the symbolic trace runs at reduced sizes, but a size that stays large is refused rather than allocated.
        if t.numel() > 64 * 1024 * 1024:
            raise UserError("symbolic", "a tensor of %d elements at the reduced sizes" % t.numel())
        with unset_fake_temporarily():
            real = torch.empty_strided(tuple(t.shape), tuple(t.stride()), dtype=t.dtype, device=t.device)
        copy = self.mode.from_tensor(real, symbolic_context=StatelessSymbolicContext(dynamic_sizes=dynamic))
        for d, size in zip(t.shape, copy.shape):
            if isinstance(size, torch.SymInt):
                self.constant_of[size.node.expr] = self.by_value[int(d)][0]
        if t.requires_grad and copy.is_floating_point():
            copy.requires_grad_(True)
        return copy

    def ref(self, v):
        self.refs.append(v)
        return _SymRef(v)

    def finish(self, reply):
        """Replaces every _SymRef in `reply` by {"int" | "float": its value here, "sym": its ALIR expression} and adds
        the guards (conditions on the sizes under which this trace holds) and the constants that are parameters."""
        import sympy
        env = self.env
        names = {s: sympy.Symbol(c, integer=True, positive=True) for s, c in self.constant_of.items()}

        def text(expr):
            return _alir_expr(env.simplify(expr).xreplace(names))

        backed = getattr(env, "backed_var_to_val", None)  # torch 2.13 renamed var_to_val
        hints = backed if backed is not None else env.var_to_val

        def convert(x):
            if isinstance(x, _SymRef):
                expr = x.value.node.expr
                hint = expr.xreplace(hints)
                is_float = isinstance(x.value, self.torch.SymFloat)
                out = {"float": float(hint)} if is_float else {"int": int(hint)}
                out["sym"] = text(expr)
                return out
            if isinstance(x, list):
                return [convert(i) for i in x]
            if isinstance(x, dict):
                return {k: convert(v) for k, v in x.items()}
            return x

        reply = convert(reply)
        guards = []
        for g in env.guards:
            e = env.simplify(g.expr).xreplace(names)
            if e is sympy.true or e == True:  # noqa: E712 (sympy's true)
                continue
            guards.append(_alir_expr(e))
        # A ShapeEnv takes every symbolic size to be at least 2 (0 and 1 would broadcast or vanish): a guard too.
        guards += ["%s >= 2" % name for name in sorted(set(self.constant_of.values()))]
        reply["guards"] = guards
        reply["symbols"] = sorted(set(self.constant_of.values()))
        return reply


class _SymRef:
    def __init__(self, value):
        self.value = value


def _alir_expr(e):
    """A sympy expression over the size constants (torch's symbolic-shape functions included) in ALIR syntax.
    Anything else (true division, transcendental functions of sizes) raises: such a trace is not symbolic."""
    import sympy
    from torch.utils._sympy import functions as F
    name = type(e).__name__

    def p(x):
        t = _alir_expr(x)
        return t if (x.is_Symbol or x.is_Integer and x >= 0) else "(" + t + ")"

    if e is sympy.true or e == True:  # noqa: E712
        return "1"
    if e is sympy.false or e == False:  # noqa: E712
        return "0"
    if e.is_Integer:
        return str(int(e))
    if e.is_Symbol:
        return e.name
    if isinstance(e, sympy.Add):
        terms = [_alir_expr(a) for a in e.args]
        return " + ".join(terms)
    if isinstance(e, sympy.Mul):
        return " * ".join(p(a) for a in e.args)
    if isinstance(e, sympy.Pow) and e.exp.is_Integer and int(e.exp) >= 1:
        return " * ".join([p(e.base)] * int(e.exp))
    if name in ("FloorDiv", "CleanDiv"):
        return "%s // %s" % (p(e.args[0]), p(e.args[1]))
    if name == "CeilDiv":
        a, b = e.args
        return "(%s + %s - 1) // %s" % (p(a), p(b), p(b))
    if name in ("Mod", "PythonMod"):
        return "%s %% %s" % (p(e.args[0]), p(e.args[1]))
    if name == "ModularIndexing":
        x, d, m = e.args
        return "(%s // %s) %% %s" % (p(x), p(d), p(m))
    if name in ("Max", "Min"):
        fn = name.lower()
        out = _alir_expr(e.args[0])
        for a in e.args[1:]:
            out = "%s(%s, %s)" % (fn, out, _alir_expr(a))
        return out
    relations = {"Equality": "==", "Unequality": "!=", "StrictLessThan": "<", "LessThan": "<=",
                 "StrictGreaterThan": ">", "GreaterThan": ">="}
    if name in relations:
        return "%s %s %s" % (p(e.lhs), relations[name], p(e.rhs))
    if isinstance(e, sympy.And):
        return " && ".join(p(a) for a in e.args)
    if isinstance(e, sympy.Or):
        return " || ".join(p(a) for a in e.args)
    if isinstance(e, sympy.Not):
        return "!" + p(e.args[0])
    raise UserError("symbolic", "no ALIR form for the size expression %s" % e)
