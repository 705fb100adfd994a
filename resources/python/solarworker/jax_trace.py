# SPDX-License-Identifier: MIT
"""SOLAR Studio's JAX tracer (protocol.py dispatches sources that import jax here).

A JAX source defines get_inputs() (arrays or jax.ShapeDtypeStructs) and either forward(*inputs), a pure function,
or a Flax Linen module `Model` with get_init_inputs() (its constructor arguments), whose variables come from
Model(*init).init(jax.random.PRNGKey(0), *inputs) and are weights. Module-level integer constants are size
parameters, as for PyTorch.

`trace` runs jax.make_jaxpr on abstract inputs (nothing of full size is ever allocated) and reports the equations
in the PyTorch tracer's format: ops named "jax::<primitive>", tensors with shapes, dtypes and strides, the user's
source line of each equation. Nested jaxprs (jit, custom_jvp_call, custom_vjp_call, remat, closed_call) are
inlined. Layout primitives (reshape of a contiguous array, transpose, broadcast_in_dim, squeeze, expand_dims,
static slices) are views, as in the PyTorch trace: their strides point into the array they read, so the lowering
folds them into the reads. `reference` runs the function for real on the CPU at reduced sizes.
"""
import os

from .jax_values import Fixed, Offset, Scalar, Step, fold, scalar_value
from .source import UserError, UserCode as _UserCode, load_source as _load_source, as_list as _as_list

_jax = None


def _import_jax():
    global _jax
    if _jax is None:
        os.environ.setdefault("JAX_PLATFORMS", "cpu")
        import jax  # noqa: F401
        _jax = jax
    return _jax


def is_jax_source(source):
    """A Python source that imports jax or flax (and not torch): the JAX frontend's."""
    import ast
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            roots.add(node.module.split(".")[0])
    return bool(roots & {"jax", "flax"}) and "torch" not in roots


def _program(filename, sizes):
    """The source's function and its abstract arguments: (fn, args, arg_roles, arg_names, constants)."""
    jax = _import_jax()
    namespace, constants = _load_source(filename, sizes)
    if not callable(namespace.get("get_inputs")):
        raise UserError("model", "no get_inputs() function")
    model_class = namespace.get("Model")
    forward = namespace.get("forward")
    with _UserCode(filename, "get_inputs()") as user:
        inputs = jax.eval_shape(lambda: list(namespace["get_inputs"]()))
        if model_class is not None and hasattr(model_class, "init") and hasattr(model_class, "apply"):
            if not callable(namespace.get("get_init_inputs")):
                raise UserError("model", "a Flax Model needs get_init_inputs() (its constructor arguments)")
            user.step = "get_init_inputs()"
            init = namespace["get_init_inputs"]()
            user.step = "Model(...)"
            model = model_class(*init)
            user.step = "Model.init()"
            variables = jax.eval_shape(lambda *x: model.init(jax.random.PRNGKey(0), *x), *inputs)

            def fn(variables, *x):
                return model.apply(variables, *x)

            leaves = jax.tree_util.tree_flatten_with_path(variables)[0]
            names = [_path_name(path) for path, _ in leaves]
            return fn, [variables] + list(inputs), names, constants, len(leaves)
    if not callable(forward):
        raise UserError("model", "no forward(*inputs) function and no Flax Model (a JAX source defines one of them)")
    return forward, list(inputs), [], constants, 0


def _path_name(path):
    parts = []
    for key in path:
        for attr in ("key", "name", "idx"):
            if hasattr(key, attr):
                parts.append(str(getattr(key, attr)))
                break
    return ".".join(parts)


def _dtype(d):
    return str(d)


def _is_key(aval):
    """A PRNG key array (dtype key<impl>): stored as its uint32 key data."""
    try:
        return _import_jax().dtypes.issubdtype(aval.dtype, _jax.dtypes.prng_key)
    except Exception:
        return False


def _contiguous(shape):
    strides = [1] * len(shape)
    for i in range(len(shape) - 2, -1, -1):
        strides[i] = strides[i + 1] * max(int(shape[i + 1]), 1)
    return strides


def _param(v):
    """An equation parameter as JSON: numbers, lists, dtypes; named tuples (dimension numbers) as lists."""
    import numpy as np
    import enum
    if isinstance(v, float) and (v != v or v in (float("inf"), float("-inf"))):
        return {"float": repr(v)}  # JSON has no NaN: the lowering reads {"float": "nan"}
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    if isinstance(v, enum.Enum):  # GatherScatterMode.FILL_OR_DROP -> "FILL_OR_DROP"
        return v.name
    if isinstance(v, (np.integer,)):
        return int(v)
    if isinstance(v, (np.floating,)):
        return _param(float(v))
    if isinstance(v, np.dtype) or type(v).__name__ in ("dtype", "DType"):
        return {"dtype": str(v)}
    if hasattr(v, "_asdict"):  # Conv/Gather/ScatterDimensionNumbers: fields in order
        return [_param(x) for x in v]
    if isinstance(v, (list, tuple)):
        return [_param(x) for x in v]
    if hasattr(v, "dtype") and hasattr(v, "shape") and getattr(v, "shape", None) == ():
        return float(v)
    return {"repr": str(v)}


class _Tracer:
    """Walks a jaxpr, inlining nested ones, naming arrays and views."""

    _INLINE = {"jit": "jaxpr", "pjit": "jaxpr", "closed_call": "call_jaxpr", "core_call": "call_jaxpr",
               "custom_jvp_call": "call_jaxpr", "custom_vjp_call": "call_jaxpr", "custom_vjp_call_jaxpr": "fun_jaxpr",
               "remat": "jaxpr", "checkpoint": "jaxpr", "remat2": "jaxpr"}

    def __init__(self, filename):
        self.filename = filename
        self.tensors = {}
        self.ops = []
        self.view = {}  # name -> (root, strides, offset) for views
        self.caller_line = 0  # while inlining: the line of the equation being inlined
        self.loops = 0  # scan loops so far (their step variables are _s0, _s1, ...)
        self.stepped_targets = []  # per enclosing scan: body result var -> (stacked array, step) it is written to
        self.placed = {}  # step view name -> (stacked array, step text) it stands for

    def new(self, aval, role="intermediate", name=None, root=None, strides=None, offset=0, shape=None):
        if name is None:
            name = "t%d" % len(self.tensors)
        shape = [int(d) for d in (aval.shape if shape is None else shape)]
        dtype = _dtype(aval.dtype)
        if _is_key(aval):
            shape += [int(d) for d in getattr(getattr(aval.dtype, "_impl", None), "key_shape", (2,))]
            dtype = "uint32"
        offset = offset if isinstance(offset, Offset) else Offset(offset)
        self.tensors[name] = {"shape": shape, "dtype": dtype,
                              "stride": strides if strides is not None else _contiguous(shape),
                              "offset": offset.const, "role": role}
        if offset.moving:
            self.tensors[name]["steps"] = offset.step_terms()
        if root is not None:
            self.view[name] = (root, strides, offset)
        return name

    def step_view(self, var, root, step):
        """One step's slice of a stacked array `root` ([steps, ...] or a view of one): a view at `step`."""
        base, strides, offset = self.layout(root)
        name = self.new(var.aval, root=base, strides=list(strides[1:]), offset=offset + step.scaled(strides[0]))
        self.ops.append({"op": "jax::view_step", "overload": "", "args": [{"t": root}], "kwargs": {}, "outputs": [name],
                         "line": self.caller_line, "module": ""})
        return name

    def layout(self, name):
        """(root, strides, offset) of an array: its own storage, or the one it views."""
        if name in self.view:
            return self.view[name]
        return name, self.tensors[name]["stride"], Offset(0)

    def line(self, eqn):
        """The user's line of an equation; inside an inlined jaxpr traced elsewhere (jax.nn.relu's jit is traced
        once and cached), the line of the call that inlined it."""
        try:
            from jax._src import source_info_util
            for frame in source_info_util.user_frames(eqn.source_info.traceback):
                if frame.file_name == self.filename:
                    return frame.start_line
        except Exception:  # jax internals move between versions: a missing line is not an error
            pass
        return self.caller_line

    def module(self, eqn):
        try:
            return str(eqn.source_info.name_stack)
        except Exception:
            return ""

    def value(self, env, v):
        from jax.extend import core as jcore
        if isinstance(v, jcore.Literal):
            x = v.val
            try:
                import numpy as np
                if np.ndim(x) == 0:
                    x = x.item() if hasattr(x, "item") else x
                    if isinstance(x, float) and (x != x or x in (float("inf"), float("-inf"))):
                        return {"float": repr(x)}
                    return x
            except Exception:
                pass
            return {"repr": str(x)}
        entry = env[v]
        if isinstance(entry, Scalar):
            return entry.value
        return {"t": entry}

    def run(self, jaxpr, env, consts=()):
        for var, c in zip(jaxpr.constvars, consts):
            # A captured scalar (a Python float closed over, e.g. leaky_relu's slope) is a literal, as in PyTorch's
            # trace: not an array the program reads.
            scalar = scalar_value(c)
            env[var] = Scalar(scalar) if scalar is not None else self.constant(var, c)
        for eqn in jaxpr.eqns:
            self.equation(eqn, env)
        return env

    def constant(self, var, c):
        name = self.new(var.aval, "constant")
        try:
            import numpy as np
            values = np.asarray(c).reshape(-1)
            if values.size <= 4096:
                self.tensors[name]["values"] = [float(x) for x in values]
        except Exception:
            pass
        return name

    def equation(self, eqn, env):
        prim = eqn.primitive.name
        if prim == "scan":
            p = eqn.params
            return self.loop(eqn, env, p["jaxpr"], int(p["length"]), bool(p.get("reverse", False)), int(p["num_consts"]),
                             int(p["num_carry"]), eqn.invars)
        if prim == "while":
            trips = self.trip_count(eqn, env)
            if trips is not None:  # a counted loop (fori_loop with traced bounds, `while i < n: i += 1`)
                p = eqn.params
                nc, nb = int(p["cond_nconsts"]), int(p["body_nconsts"])
                return self.loop(eqn, env, p["body_jaxpr"], trips, False, nb, len(eqn.invars) - nc - nb, eqn.invars[nc:])
        if prim == "cond":
            return self.cond(eqn, env)
        key = self._INLINE.get(prim)
        if key is not None and key in eqn.params and self.is_draw(eqn):
            # jax.random.normal(key, shape) and friends: a function of a key (and scalars) that returns arrays is
            # a random draw, counted as one write per element; its bit twiddling (ALIR has no bitwise operators)
            # and its values are not modelled.
            outputs = []
            for var in eqn.outvars:
                env[var] = self.stepped_output(var) if self.stepped_targets else self.new(var.aval)
                outputs.append(env[var])
            self.ops.append({"op": "jax::random_draw", "overload": "", "args": [], "kwargs": {"function": str(eqn.params.get("name", prim))},
                             "outputs": outputs, "line": self.line(eqn), "module": self.module(eqn)})
            return
        if key is not None and key in eqn.params:
            outer_line, self.caller_line = self.caller_line, self.line(eqn)
            try:
                self.inline(eqn.params[key], eqn.invars, eqn.outvars, env)
            finally:
                self.caller_line = outer_line
            return
        args = [self.value(env, v) for v in eqn.invars]
        folded = fold(prim, eqn, args)
        if folded is not None:  # scalar arithmetic on literals (a weak-typed slope's conversion): no array, no op
            env[eqn.outvars[0]] = Scalar(folded)
            return
        params = {k: _param(v) for k, v in eqn.params.items() if not k.endswith("jaxpr") and k not in ("jvp", "bwd", "fwd")}
        outputs = []
        view = self.view_of(prim, eqn, args)
        for i, var in enumerate(eqn.outvars):
            if view is not None and i == 0:
                root, strides, offset = view
                name = self.new(var.aval, root=root, strides=strides, offset=offset)
            elif self.stepped_targets:
                name = self.stepped_output(var)
            else:
                name = self.new(var.aval)
            env[var] = name
            outputs.append(name)
        op = "jax::" + prim
        if view is not None:
            op = "jax::view_" + prim
        elif prim in ("dot_general", "conv_general_dilated") and "HIGHEST" in str(eqn.params.get("precision")):
            op += "_highest"  # fp32 on any GPU; at DEFAULT precision XLA may use TF32 tensor cores
        self.ops.append({"op": op, "overload": "", "args": args, "kwargs": params, "outputs": outputs,
                         "line": self.line(eqn), "module": self.module(eqn)})

    @staticmethod
    def is_draw(eqn):
        """A call that takes a PRNG key and otherwise only scalars, and returns arrays that are not keys."""
        avals = [v.aval for v in eqn.invars]
        return (any(_is_key(a) for a in avals) and all(_is_key(a) or getattr(a, "shape", ()) == () for a in avals)
                and not any(_is_key(v.aval) for v in eqn.outvars))

    def trip_count(self, eqn, env):
        """The trip count of a while loop that counts: its condition is `carry_k < n` (n a literal), carry k starts
        at a literal and the body adds 1 to it. None for any other loop (data-dependent: not counted)."""
        from jax.extend import core as jcore
        p = eqn.params
        cond, body = p["cond_jaxpr"].jaxpr, p["body_jaxpr"].jaxpr
        nc, nb = int(p["cond_nconsts"]), int(p["body_nconsts"])
        if len(cond.eqns) != 1 or cond.eqns[0].primitive.name != "lt":
            return None
        lhs, rhs = cond.eqns[0].invars
        carries = cond.invars[nc:]
        if lhs not in carries or not isinstance(rhs, jcore.Literal):
            return None
        k = carries.index(lhs)
        start = self.value(env, eqn.invars[nc + nb + k])
        bound = scalar_value(rhs.val)
        if not isinstance(start, int) or isinstance(start, bool) or not isinstance(bound, int):
            return None
        counter_in, counter_out = body.invars[nb + k], body.outvars[k]
        step = [e for e in body.eqns if counter_out in e.outvars]
        if len(step) != 1 or step[0].primitive.name != "add":
            return None
        a, b = step[0].invars
        one = b if a is counter_in else a if b is counter_in else None
        if not isinstance(one, jcore.Literal) or scalar_value(one.val) != 1:
            return None
        return max(0, bound - start)

    def cond(self, eqn, env):
        """lax.cond / lax.switch: each branch inside `if (index == k)` (the index clamped, as lax.switch does),
        writing the cond's results. A literal index picks its branch; a computed one makes every branch
        data-dependent control, which the bounds do not count (named in the coverage ledger)."""
        branches = eqn.params["branches"]
        which = self.value(env, eqn.invars[0])
        operands = eqn.invars[1:]
        line = self.line(eqn)
        outer_line, self.caller_line = self.caller_line, line
        try:
            if isinstance(which, (int, float)):
                k = min(max(int(which), 0), len(branches) - 1)
                return self.inline(branches[k], operands, eqn.outvars, env)
            results = []
            for var in eqn.outvars:
                results.append(self.stepped_output(var) if self.stepped_targets else self.new(var.aval))
                env[var] = results[-1]
            for k, branch in enumerate(branches):
                self.ops.append({"op": "jax::branch_begin", "overload": "", "args": [which, k, len(branches)], "kwargs": {},
                                 "outputs": [], "line": line, "module": self.module(eqn)})
                sub = {}
                self.inline(branch, operands, branch.jaxpr.outvars, env, sub)
                for var, dest in zip(branch.jaxpr.outvars, results):
                    self.ops.append({"op": "jax::copy", "overload": "", "args": [self.value(sub, var)], "kwargs": {},
                                     "outputs": [dest], "line": line, "module": self.module(eqn)})
                self.ops.append({"op": "jax::branch_end", "overload": "", "args": [], "kwargs": {}, "outputs": [],
                                 "line": line, "module": self.module(eqn)})
        finally:
            self.caller_line = outer_line

    def inline(self, closed, invars, outvars, env, sub=None):
        """Runs a closed jaxpr on the values of `invars` (in `env`); its results become `outvars` in `env` (or
        stay in `sub` when `outvars` are the jaxpr's own)."""
        jaxpr = getattr(closed, "jaxpr", closed)
        consts = getattr(closed, "consts", ())
        sub = {} if sub is None else sub
        for outer, var in zip(invars, jaxpr.invars):
            value = self.value(env, outer)
            if isinstance(value, dict) and "t" in value:
                sub[var] = value["t"]
            else:
                sub[var] = Scalar(value) if isinstance(value, (int, float)) else self.literal_array(var, value)
        self.run(jaxpr, sub, consts)
        if outvars is jaxpr.outvars:
            return
        for outer, var in zip(outvars, jaxpr.outvars):
            value = self.value(sub, var)
            if isinstance(value, dict) and "t" in value:
                env[outer] = value["t"]
            else:
                env[outer] = Scalar(value) if isinstance(value, (int, float)) else self.literal_array(outer, value)

    def loop(self, eqn, env, closed, length, reverse, nc, ncarry, invars):
        """lax.scan (and a counted while loop) as a loop: `for _sK in 0..length` around the body's equations,
        emitted once. Each body array is a slice of a stacked array written at the step's index; the carry lives
        in a [length + 1, ...] array (slice 0 the initial value, slice s + 1 what step s computes); xs are read
        and ys written at the step's index (from the end when `reverse`). The scan's ys are the stacked arrays
        themselves."""
        body = closed.jaxpr
        var_name = "_s%d" % self.loops
        self.loops += 1
        step = Step(var_name, length, reverse)
        line = self.line(eqn)
        outer_line, self.caller_line = self.caller_line, line
        try:
            args = [self.value(env, v) for v in invars]
            names = [a["t"] if isinstance(a, dict) and "t" in a else self.literal_array(v, a) for v, a in zip(invars, args)]
            sub = {}
            for var, name in zip(body.invars[:nc], names[:nc]):
                sub[var] = name
            carries = []
            for k, (var, init) in enumerate(zip(body.invars[nc:nc + ncarry], names[nc:nc + ncarry])):
                stacked = self.new(var.aval, shape=[length + 1] + list(var.aval.shape))
                first = self.step_view(var, stacked, Fixed(0))
                self.ops.append({"op": "jax::copy", "overload": "", "args": [{"t": init}], "kwargs": {}, "outputs": [first],
                                 "line": line, "module": self.module(eqn)})
                carries.append(stacked)
            self.ops.append({"op": "jax::loop_begin", "overload": "", "args": [var_name, length], "kwargs": {},
                             "outputs": [], "line": line, "module": self.module(eqn)})
            for var, stacked in zip(body.invars[nc:nc + ncarry], carries):
                sub[var] = self.step_view(var, stacked, Step(var_name, length, False))
            for var, xs in zip(body.invars[nc + ncarry:], names[nc + ncarry:]):
                sub[var] = self.step_view(var, xs, step)
            # Where each body result goes: a carry's next slice, or its own stacked array (ys). A result that is
            # two of them (`return h, h`) is computed into the first and copied into the other below.
            places = [(carries[k], Step(var_name, length, False, shift=1)) for k in range(ncarry)]
            ys = []
            for var in body.outvars[ncarry:]:
                stacked = self.new(var.aval, shape=[length] + list(var.aval.shape))
                places.append((stacked, step))
                ys.append(stacked)
            target = {}
            for var, place in zip(body.outvars, places):
                target.setdefault(var, place)
            self.stepped_targets.append(target)
            try:
                self.run(body, sub, closed.consts)
            finally:
                self.stepped_targets.pop()
            # A result that no equation of the body produced (a passthrough) is copied into place.
            for var, (stacked, where) in zip(body.outvars, places):
                value = self.value(sub, var)
                if isinstance(value, dict) and "t" in value and self.placed.get(value["t"]) == (stacked, where.text()):
                    continue
                dest = self.step_view(var, stacked, where)
                self.ops.append({"op": "jax::copy", "overload": "", "args": [value], "kwargs": {}, "outputs": [dest],
                                 "line": line, "module": self.module(eqn)})
            self.ops.append({"op": "jax::loop_end", "overload": "", "args": [var_name], "kwargs": {}, "outputs": [],
                             "line": line, "module": self.module(eqn)})
            # The final carry is copied out of its stacked array: were it a view, returning it would make the
            # whole [length + 1] array an output, charging every step's carry as external traffic.
            for var, stacked in zip(eqn.outvars[:ncarry], carries):
                final = self.new(var.aval)
                self.ops.append({"op": "jax::copy", "overload": "", "args": [{"t": self.step_view(var, stacked, Fixed(length))}],
                                 "kwargs": {}, "outputs": [final], "line": line, "module": self.module(eqn)})
                env[var] = final
            for var, stacked in zip(eqn.outvars[ncarry:], ys):
                env[var] = stacked
        finally:
            self.caller_line = outer_line

    def stepped_output(self, var):
        """An equation's result inside a scan body: a slice of the stacked array it belongs to (a carry's next
        slice, a ys array's slice) or of a new [length, ...] array of its own."""
        target = self.stepped_targets[-1]
        if var in target:
            stacked, where = target[var]
        else:
            some = next(iter(target.values()), None)
            loop = some[1] if some else None
            stacked = self.new(var.aval, shape=[loop.length] + list(var.aval.shape))
            where = Step(loop.var, loop.length, False)
        name = self.step_view(var, stacked, where)
        self.placed[name] = (stacked, where.text())
        return name

    def literal_array(self, var, value):
        """A literal passed into an inlined jaxpr: a constant array of its value."""
        name = self.new(var.aval, "constant")
        if isinstance(value, (int, float, bool)):
            self.tensors[name]["values"] = [float(value)]
        return name

    def view_of(self, prim, eqn, args):
        """(root, strides, offset) when the equation only re-indexes its operand, else None."""
        if not args or not isinstance(args[0], dict) or "t" not in args[0]:
            return None
        src = args[0]["t"]
        root, strides, offset = self.layout(src)
        in_shape = self.tensors[src]["shape"]
        out_shape = [int(d) for d in eqn.outvars[0].aval.shape]
        p = eqn.params
        if prim == "transpose":
            perm = list(p["permutation"])
            return root, [strides[i] for i in perm], offset
        if prim == "broadcast_in_dim" and len(eqn.invars) == 1:
            out = [0] * len(out_shape)
            for i, d in enumerate(p["broadcast_dimensions"]):
                out[d] = strides[i] if in_shape[i] == out_shape[d] else 0
            return root, out, offset
        if prim == "squeeze":
            drop = {d % len(in_shape) for d in p["dimensions"]}
            return root, [s for i, s in enumerate(strides) if i not in drop], offset
        if prim == "expand_dims":
            out = list(strides)
            for d in sorted(x % len(out_shape) for x in p["dimensions"]):
                out.insert(d, 0)
            return root, out, offset
        if prim == "slice":
            steps = p.get("strides") or [1] * len(in_shape)
            off = offset + sum(int(s) * int(st) for s, st in zip(p["start_indices"], strides))
            return root, [int(st) * int(k) for st, k in zip(strides, steps)], off
        if prim in ("reshape",) and p.get("dimensions") is None:
            # Only a row-major view can be re-shaped by strides alone (a transposed one needs a copy first).
            if strides == _contiguous(in_shape) or all(d == 1 for d in in_shape):
                return root, _contiguous(out_shape), offset
        if prim in ("stop_gradient", "copy", "copy_p", "optimization_barrier", "random_wrap", "random_unwrap") and len(eqn.invars) == 1:
            return root, strides, offset
        return None


def trace(filename, sizes):
    jax = _import_jax()
    fn, args, param_names, constants, num_params = _program(filename, sizes)
    with _UserCode(filename, "forward()"):
        closed = jax.make_jaxpr(fn)(*args)
    tracer = _Tracer(filename)
    env = {}
    jaxpr = closed.jaxpr
    for i, var in enumerate(jaxpr.invars):
        if i < num_params:
            env[var] = tracer.new(var.aval, "parameter", name=param_names[i])
        else:
            env[var] = tracer.new(var.aval, "input", name="input%d" % (i - num_params))
    tracer.run(jaxpr, env, closed.consts)
    outputs = []
    for var in jaxpr.outvars:
        value = tracer.value(env, var)
        if not (isinstance(value, dict) and "t" in value):
            continue
        name = value["t"]
        if tracer.tensors[name]["role"] == "intermediate":
            tracer.tensors[name]["role"] = "output"
        outputs.append(name)
    return {"constants": constants, "tensors": tracer.tensors, "ops": tracer.ops, "outputs": outputs,
            "model": "Model" if num_params else "forward", "training": False, "mode": "jax"}


def reference(filename, sizes, seed, max_elements, dump):
    """Runs the function for real on the CPU at `sizes`: inputs from get_inputs() (NumPy's generator seeded),
    Flax variables from init with PRNGKey(seed); the arrays it used and its outputs, named as in the trace."""
    jax = _import_jax()
    import numpy as np
    namespace, constants = _load_source(filename, sizes)
    model_class = namespace.get("Model")
    with _UserCode(filename, "get_inputs()") as user:
        np.random.seed(seed % (2 ** 32))
        inputs = list(namespace["get_inputs"]())
        inputs = [_concrete(jax, x, seed + 1 + i) for i, x in enumerate(inputs)]
        arrays = {"input%d" % i: np.asarray(x) for i, x in enumerate(inputs) if hasattr(x, "shape")}
        if model_class is not None and hasattr(model_class, "init") and hasattr(model_class, "apply"):
            user.step = "Model(...)"
            model = model_class(*namespace["get_init_inputs"]())
            user.step = "Model.init()"
            variables = model.init(jax.random.PRNGKey(seed), *inputs)
            for path, leaf in jax.tree_util.tree_flatten_with_path(variables)[0]:
                arrays[_path_name(path)] = np.asarray(leaf)
            run = lambda: model.apply(variables, *inputs)  # noqa: E731
        else:
            run = lambda: namespace["forward"](*inputs)  # noqa: E731
        total = sum(a.size for a in arrays.values())
        if total > max_elements:
            raise UserError("size", "%d input and parameter elements at these sizes, above the validation limit of %d"
                            % (total, max_elements))
        user.step = "forward()"
        outs = [np.asarray(o) for o in _as_list(run())]
    return {"constants": constants, "tensors": {k: dump(v) for k, v in arrays.items()},
            "outputs": [dump(o) for o in outs]}


def _concrete(jax, x, seed):
    """get_inputs() may return abstract arrays (jax.ShapeDtypeStruct): they get seeded values for the real run."""
    if isinstance(x, jax.ShapeDtypeStruct):
        import numpy as np
        rng = np.random.default_rng(seed)
        if np.issubdtype(x.dtype, np.floating):
            return jax.numpy.asarray(rng.standard_normal(x.shape), dtype=x.dtype)
        if x.dtype == bool:
            return jax.numpy.asarray(rng.random(x.shape) < 0.5)
        return jax.numpy.asarray(rng.integers(0, 8, x.shape), dtype=x.dtype)
    return x


def version():
    try:
        return _import_jax().__version__
    except Exception:
        return None
