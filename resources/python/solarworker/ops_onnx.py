# SPDX-License-Identifier: MIT
"""The ONNX operators of the common vision and transformer exports that compute elementwise, reduce or move data, as
torch operators (onnx_torch traces them; ops_onnx_nn has the layers). OPS maps an op_type to
fn(torch, args, attributes, opset, node) -> list of outputs. Values computed from shapes are Shp (Python integers, a
scalar or a 1-D list), so they stay exact (and symbolic) instead of becoming tensors the trace cannot read. An op
raises NoTorchForm for a variant it does not cover: it is then recorded as not counted.
"""
import math

from .source import UserError


class NoTorchForm(Exception):
    pass


class Shp(list):
    """A scalar or 1-D list of Python numbers computed at trace time: sizes from Shape, small constants and what is
    computed from them (a head size's square root). Kept out of tensors: a tensor made inside the traced forward
    would have no values the lowering can see; used with a tensor, a scalar enters the torch op as a number.
    A small constant of more dimensions (exporters reshape pads into pairs and reverse them) keeps its numpy array
    in `array`, its values flattened in the list; only constant_node evaluates nodes on it."""
    scalar = False
    array = None

    @staticmethod
    def of(array):
        if getattr(array, "ndim", 1) == 0:
            return Shp.make([array.item()], True)
        if getattr(array, "ndim", 1) > 1:
            s = Shp.make(array.reshape(-1).tolist())
            s.array = array
            return s
        return Shp.make(array.tolist())

    @staticmethod
    def make(values, scalar=False):
        s = Shp(values)
        s.scalar = scalar
        return s


def _is_shp(v):
    return isinstance(v, Shp)


def _dims(v):
    """The shape of a tensor or of a Shp (a list of numbers is 1-D, a scalar 0-D)."""
    if not _is_shp(v):
        return list(v.shape)
    if v.array is not None:
        return list(v.array.shape)
    return [] if v.scalar else [len(v)]


def _concrete(v):
    return v is None or _is_shp(v) and all(type(x) in (int, float, bool) for x in v)


def needs_constant_evaluation(args):
    """A node over a many-dimensional constant: only constant_node can evaluate it (the OPS see 1-D lists)."""
    return any(_is_shp(a) and a.array is not None for a in args)


def constant_node(node, args, max_elements=4096):
    """A node whose inputs are all numbers known at trace time (concrete, not symbolic sizes), evaluated by ONNX's
    reference implementation on numpy arrays; its outputs stay constants (Shp). NoTorchForm where it cannot."""
    if not all(_concrete(a) for a in args) or node.op_type.startswith("Random") or node.op_type in ("Bernoulli", "Multinomial"):
        raise NoTorchForm()  # symbolic sizes stay symbolic; random values are not constants
    import numpy
    try:
        from onnx import helper
        from onnx.reference import ReferenceEvaluator
    except ImportError:
        raise NoTorchForm()
    feeds, inputs = {}, []
    for i, a in enumerate(args):
        if a is None:
            inputs.append("")
            continue
        name = "i%d" % i
        value = a.array if a.array is not None else numpy.array(a[0] if a.scalar else list(a))
        if value.dtype == numpy.float64:
            value = value.astype(numpy.float32)  # ONNX graphs compute in float32; a Python float is a double
        feeds[name] = value
        inputs.append(name)
    outputs = ["o%d" % i for i in range(len(node.output))]
    single = helper.make_node(node.op_type, inputs, outputs, domain=node.domain, **{a.name: helper.get_attribute_value(a) for a in node.attribute})
    try:
        results = ReferenceEvaluator(single).run(None, feeds)
    except Exception:
        raise NoTorchForm()
    out = []
    for r in results:
        r = numpy.asarray(r)
        if r.size > max_elements:
            raise NoTorchForm()  # a large constant made at run time: a tensor without values in the trace
        out.append(Shp.of(r))
    return out


def as_tensor(torch, v, like=None):
    if _is_shp(v):
        t = torch.tensor(v[0] if v.scalar else list(v))
        return t if like is None else t.to(like.dtype)
    return v


def _operand(v):
    """A tensor as it is; a Shp of one number as that number (torch ops take it as a scalar argument)."""
    if not _is_shp(v):
        return v
    if len(v) == 1:
        return v[0]
    raise NoTorchForm()  # a list of numbers against a tensor: it would become a tensor without values


def _ints(v, what):
    if v is None:
        return None
    if _is_shp(v):
        return [int(x) for x in v]
    raise NoTorchForm()  # a data-dependent size (a tensor computed at run time)


def _elementwise(fn):
    """Shp op Shp in Python (broadcast as ONNX does for a scalar against a list), else torch."""
    def op(torch, args, attrs, opset, node):
        if all(_is_shp(a) for a in args):
            n = max(len(a) for a in args)
            rows = [[a[0]] * n if len(a) == 1 else list(a) for a in args]
            return [Shp.make([fn(*vals) for vals in zip(*rows)], all(a.scalar for a in args))]
        a, b = _operand(args[0]), _operand(args[1])
        return [TORCH_BINARY[node.op_type](torch, a, b)]
    return op


def _int_div(a, b):
    if isinstance(a, float) or isinstance(b, float):
        return a / b
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q  # ONNX integer Div truncates


def _div(torch, a, b):
    integral = all(not (isinstance(x, float) or (hasattr(x, "is_floating_point") and x.is_floating_point())) for x in (a, b))
    if integral:
        if not hasattr(a, "dim"):
            raise NoTorchForm()
        return torch.div(a, b, rounding_mode="trunc")
    return a / b


def _tensor_first(f):
    def op(torch, a, b):
        if not hasattr(a, "dim") and not hasattr(b, "dim"):
            raise NoTorchForm()
        return f(torch, a, b)
    return op


TORCH_BINARY = {
    "Add": lambda torch, a, b: a + b,
    "Sub": lambda torch, a, b: a - b,
    "Mul": lambda torch, a, b: a * b,
    "Div": _div,
    "Pow": lambda torch, a, b: a ** b,
    "Equal": lambda torch, a, b: a == b,
    "Less": lambda torch, a, b: a < b,
    "LessOrEqual": lambda torch, a, b: a <= b,
    "Greater": lambda torch, a, b: a > b,
    "GreaterOrEqual": lambda torch, a, b: a >= b,
    "And": _tensor_first(lambda torch, a, b: torch.logical_and(a, b) if hasattr(a, "dim") else torch.logical_and(b, a)),
    "Or": _tensor_first(lambda torch, a, b: torch.logical_or(a, b) if hasattr(a, "dim") else torch.logical_or(b, a)),
    "Mod": _tensor_first(lambda torch, a, b: torch.remainder(a, b) if hasattr(a, "dim") else _no_form()),
}


def _no_form():
    raise NoTorchForm()


_PYTHON_BINARY = {
    "Add": lambda a, b: a + b, "Sub": lambda a, b: a - b, "Mul": lambda a, b: a * b, "Div": _int_div,
    "Pow": lambda a, b: a ** b, "Equal": lambda a, b: int(a == b), "Less": lambda a, b: int(a < b),
    "LessOrEqual": lambda a, b: int(a <= b), "Greater": lambda a, b: int(a > b),
    "GreaterOrEqual": lambda a, b: int(a >= b), "And": lambda a, b: int(bool(a) and bool(b)),
    "Or": lambda a, b: int(bool(a) or bool(b)), "Mod": lambda a, b: a % b,
}

_PYTHON_UNARY = {
    "sqrt": math.sqrt, "neg": lambda v: -v, "abs": abs, "reciprocal": lambda v: 1.0 / v, "exp": math.exp,
    "log": math.log, "floor": math.floor, "ceil": math.ceil, "sin": math.sin, "cos": math.cos,
}


def _unary(name):
    def op(torch, args, attrs, opset, node):
        x = args[0]
        if _is_shp(x):
            if name not in _PYTHON_UNARY:
                raise NoTorchForm()
            return [Shp.make([_PYTHON_UNARY[name](v) for v in x], x.scalar)]
        return [getattr(torch, name)(x)]
    return op


def _variadic(name):
    def op(torch, args, attrs, opset, node):
        if any(_is_shp(a) for a in args):
            raise NoTorchForm()
        out = args[0]
        for a in args[1:]:
            out = getattr(torch, name)(out, a)
        return [out]
    return op


def _clip(torch, args, attrs, opset, node):
    x = args[0]
    lo = args[1] if len(args) > 1 and args[1] is not None else None
    hi = args[2] if len(args) > 2 and args[2] is not None else None
    if lo is not None and not _is_shp(lo) or hi is not None and not _is_shp(hi):
        raise NoTorchForm()  # bounds computed at run time
    return [torch.clamp(x, _operand(lo) if lo is not None else None, _operand(hi) if hi is not None else None)]


# ONNX TensorProto element types and the torch dtypes they are (the graph's inputs and Cast).
DTYPES = {1: "float32", 2: "uint8", 3: "int8", 5: "int16", 6: "int32", 7: "int64", 9: "bool", 10: "float16",
          11: "float64", 16: "bfloat16", 17: "float8_e4m3fn", 19: "float8_e5m2"}


def torch_dtype(torch, elem_type, what):
    name = DTYPES.get(elem_type)
    if name is None or not hasattr(torch, name):
        raise UserError("onnx", "%s: ONNX element type %d has no torch dtype here" % (what, elem_type))
    return getattr(torch, name)


def _cast(torch, args, attrs, opset, node):
    dtype = torch_dtype(torch, attrs["to"], "Cast")
    x = args[0]
    if _is_shp(x):
        convert = float if dtype.is_floating_point else (lambda v: int(bool(v))) if dtype == torch.bool else int
        return [Shp.make([convert(v) for v in x], x.scalar)]
    return [x.to(dtype)]


def _where(torch, args, attrs, opset, node):
    if all(_is_shp(a) for a in args):
        n = max(len(a) for a in args)
        rows = [[a[0]] * n if len(a) == 1 else list(a) for a in args]
        return [Shp.make([x if c else y for c, x, y in zip(*rows)], all(a.scalar for a in args))]
    if _is_shp(args[0]):
        raise NoTorchForm()
    return [torch.where(args[0].bool(), _operand(args[1]), _operand(args[2]))]


def _axes(args, attrs, opset, input_from):
    if "axes" in attrs:
        return list(attrs["axes"])
    if opset >= input_from and len(args) > 1 and args[1] is not None:
        return _ints(args[1], "axes")
    return None


def _reduce(kind, axes_input_from=18):
    def op(torch, args, attrs, opset, node):
        x = args[0]
        axes = _axes(args, attrs, opset, axes_input_from)
        keep = bool(attrs.get("keepdims", 1))
        if not axes:
            if attrs.get("noop_with_empty_axes", 0):
                return [x]
            axes = list(range(x.dim()))
        if kind == "mean":
            return [torch.mean(x, dim=axes, keepdim=keep)]
        if kind == "sum":
            return [torch.sum(x, dim=axes, keepdim=keep)]
        if kind == "max":
            return [torch.amax(x, dim=axes, keepdim=keep)]
        if kind == "min":
            return [torch.amin(x, dim=axes, keepdim=keep)]
        if kind == "l2":  # a vector norm, as torch.linalg.vector_norm computes it (one reduction of squares)
            return [torch.linalg.vector_norm(x, 2, dim=axes, keepdim=keep)]
        raise NoTorchForm()
    return op


def _argmax(torch, args, attrs, opset, node):
    if attrs.get("select_last_index", 0):
        raise NoTorchForm()
    return [torch.argmax(args[0], dim=attrs.get("axis", 0), keepdim=bool(attrs.get("keepdims", 1)))]


def _flatten(torch, args, attrs, opset, node):
    x = args[0]
    axis = attrs.get("axis", 1)
    axis = axis + x.dim() if axis < 0 else axis
    lead = 1
    for d in x.shape[:axis]:
        lead = lead * d
    return [x.reshape(lead, -1)]


def _reshape(torch, args, attrs, opset, node):
    x, shape = args[0], _ints(args[1], "shape")
    if not attrs.get("allowzero", 0):
        shape = [_dims(x)[i] if s == 0 else s for i, s in enumerate(shape)]
    if _is_shp(x):
        if len(shape) > 1:
            raise NoTorchForm()
        return [Shp.make(list(x), scalar=len(shape) == 0)]
    return [x.reshape(shape)]


def _transpose(torch, args, attrs, opset, node):
    x = args[0]
    perm = list(attrs.get("perm", reversed(range(x.dim()))))
    return [x.permute(perm)]


def _concat(torch, args, attrs, opset, node):
    if all(_is_shp(a) for a in args):
        return [Shp.make([v for a in args for v in a])]
    if any(_is_shp(a) for a in args):
        raise NoTorchForm()
    return [torch.cat(list(args), dim=attrs["axis"])]


def _slice(torch, args, attrs, opset, node):
    x = args[0]
    starts, ends = _ints(args[1], "starts"), _ints(args[2], "ends")
    rank = 1 if _is_shp(x) else x.dim()
    axes = _ints(args[3], "axes") if len(args) > 3 and args[3] is not None else list(range(len(starts)))
    steps = _ints(args[4], "steps") if len(args) > 4 and args[4] is not None else [1] * len(starts)
    if _is_shp(x):
        if len(starts) != 1:
            raise NoTorchForm()
        e = ends[0]
        return [Shp.make(list(x)[slice(starts[0], None if e < -len(x) and steps[0] < 0 else e, steps[0])])]
    index, flips = [slice(None)] * rank, []
    for a, s, e, st in zip(axes, starts, ends, steps):
        a = a + rank if a < 0 else a
        if st > 0:
            index[a] = slice(s, min(e, 2 ** 62) if e > 0 else e, st)
            continue
        # A negative step (torch.flip exports as Slice from the end with step -1): the range reversed, then flipped.
        n = x.shape[a]
        first = min(s + n if s < 0 else s, n - 1)
        last = -1 if e < -n else (e + n if e < 0 else min(e, n))  # exclusive, walking down
        if st != -1 or type(n) is not int:
            raise NoTorchForm()
        if first <= last:
            index[a] = slice(0, 0)
            continue
        index[a] = slice(last + 1, first + 1)
        flips.append(a)
    y = x[tuple(index)]
    return [torch.flip(y, flips) if flips else y]


def _gather(torch, args, attrs, opset, node):
    data, indices = args[0], args[1]
    axis = attrs.get("axis", 0)
    if _is_shp(data) and _is_shp(indices):
        picked = [data[int(i)] for i in indices]
        return [Shp.make(picked, indices.scalar)]
    if _is_shp(data):
        raise NoTorchForm()
    if _is_shp(indices):
        if indices.scalar:
            return [data.select(axis, int(indices[0]))]
        raise NoTorchForm()  # a constant index list: a tensor without values
    idx = indices
    axis = axis + data.dim() if axis < 0 else axis
    if axis == 0 and data.dim() == 2 and idx.dim() >= 1:
        return [torch.nn.functional.embedding(idx, data)]
    flat = torch.index_select(data, axis, idx.reshape(-1))
    return [flat.reshape(list(data.shape[:axis]) + list(idx.shape) + list(data.shape[axis + 1:]))]


def _squeeze(torch, args, attrs, opset, node):
    x = args[0]
    axes = _axes(args, attrs, opset, 13)
    if _is_shp(x):
        return [Shp.make(list(x), scalar=True)] if len(x) == 1 else [x]
    if axes is None:
        return [torch.squeeze(x)]
    for a in sorted((a + x.dim() if a < 0 else a for a in axes), reverse=True):
        x = x.squeeze(a)
    return [x]


def _unsqueeze(torch, args, attrs, opset, node):
    x = args[0]
    axes = _axes(args, attrs, opset, 13)
    if _is_shp(x):
        if x.scalar and len(axes) == 1:
            return [Shp.make(list(x))]
        raise NoTorchForm()
    rank = x.dim() + len(axes)
    for a in sorted(a + rank if a < 0 else a for a in axes):
        x = x.unsqueeze(a)
    return [x]


def _shape(torch, args, attrs, opset, node):
    dims = _dims(args[0])
    return [Shp.make(dims[attrs.get("start", 0):attrs.get("end", len(dims))])]


def _size(torch, args, attrs, opset, node):
    n = 1
    for d in _dims(args[0]):
        n = n * d
    return [Shp.make([n], scalar=True)]


def _expand(torch, args, attrs, opset, node):
    x, shape = args[0], _ints(args[1], "shape")
    if _is_shp(x):
        if len(x) != 1:
            raise NoTorchForm()
        return [torch.full(shape, x[0])]
    return [x.expand(list(torch.broadcast_shapes(tuple(x.shape), tuple(shape))))]


def _split(torch, args, attrs, opset, node):
    x = args[0]
    axis = attrs.get("axis", 0)
    sizes = list(attrs["split"]) if "split" in attrs else (_ints(args[1], "split") if len(args) > 1 and args[1] is not None else None)
    if sizes is None:
        n = attrs.get("num_outputs", len(node.output))
        length = x.shape[axis]
        chunk = -(-length // n)
        sizes = [chunk] * (n - 1) + [length - chunk * (n - 1)]
    return list(torch.split(x, sizes, dim=axis))


def _constant(torch, args, attrs, opset, node):
    for key in ("value_int", "value_ints"):
        if key in attrs:
            v = attrs[key]
            return [Shp.make([int(v)], True) if key == "value_int" else Shp.make([int(i) for i in v])]
    if "value_float" in attrs:
        return [Shp.make([float(attrs["value_float"])], True)]
    if "value_floats" in attrs and len(attrs["value_floats"]) == 1:
        return [Shp.make([float(attrs["value_floats"][0])])]
    if "value" not in attrs:
        raise NoTorchForm()
    from onnx import numpy_helper
    array = numpy_helper.to_array(attrs["value"])
    if is_small_constant(array):
        return [Shp.of(array.reshape(()) if array.size == 1 and array.ndim == 0 else array)]
    raise NoTorchForm()  # OnnxModule makes larger constants buffers before the trace


def is_small_constant(array):
    """Held as Python numbers (Shp): a scalar of any type, or a short 1-D list of integers."""
    return array.ndim == 0 or (array.ndim == 1 and array.size <= 64 and array.dtype.kind in "iub")


def _constant_of_shape(torch, args, attrs, opset, node):
    shape = _ints(args[0], "shape")
    value = 0.0
    dtype = torch.float32
    if "value" in attrs:
        from onnx import numpy_helper
        array = numpy_helper.to_array(attrs["value"])
        value = array.reshape(-1)[0].item()
        dtype = getattr(torch, str(array.dtype), torch.float32)
    if len(shape) == 1 and shape[0] <= 64 and not dtype.is_floating_point and all(type(d) is int for d in shape):
        return [Shp.make([value] * shape[0])]  # exporters build shapes and pads from these: keep them numbers
    return [torch.full(shape, value, dtype=dtype)]


def _range(torch, args, attrs, opset, node):
    if all(_is_shp(a) for a in args):
        return [torch.arange(args[0][0], args[1][0], args[2][0])]
    raise NoTorchForm()



def _trilu(torch, args, attrs, opset, node):
    k = _ints(args[1], "k")[0] if len(args) > 1 and args[1] is not None else 0
    return [torch.triu(args[0], k) if attrs.get("upper", 1) else torch.tril(args[0], k)]


def _cumsum(torch, args, attrs, opset, node):
    if attrs.get("exclusive", 0) or attrs.get("reverse", 0):
        raise NoTorchForm()
    return [torch.cumsum(args[0], dim=_ints(args[1], "axis")[0])]


def _tile(torch, args, attrs, opset, node):
    return [args[0].repeat(_ints(args[1], "repeats"))]


def _pad(torch, args, attrs, opset, node):
    mode = attrs.get("mode", b"constant")
    mode = mode.decode() if isinstance(mode, bytes) else mode
    x, pads = args[0], _ints(args[1], "pads")
    if mode != "constant" or (len(args) > 3 and args[3] is not None):
        raise NoTorchForm()
    value = 0.0
    if len(args) > 2 and args[2] is not None:
        value = args[2][0] if _is_shp(args[2]) else None
        if value is None:
            raise NoTorchForm()
    rank = x.dim()
    flat = []
    for i in reversed(range(rank)):
        flat += [pads[i], pads[i + rank]]
    return [torch.nn.functional.pad(x, flat, value=value)]


def _identity(torch, args, attrs, opset, node):
    return [args[0]]


OPS = {
    "Relu": _unary("relu"), "Sigmoid": _unary("sigmoid"), "Tanh": _unary("tanh"), "Exp": _unary("exp"),
    "Log": _unary("log"), "Sqrt": _unary("sqrt"), "Neg": _unary("neg"), "Abs": _unary("abs"),
    "Reciprocal": _unary("reciprocal"), "Erf": _unary("erf"), "Floor": _unary("floor"), "Ceil": _unary("ceil"),
    "Sin": _unary("sin"), "Cos": _unary("cos"), "Not": _unary("logical_not"), "Sign": _unary("sign"),
    "Softplus": lambda torch, a, at, o, n: [torch.nn.functional.softplus(a[0])],
    "LeakyRelu": lambda torch, a, at, o, n: [torch.nn.functional.leaky_relu(a[0], at.get("alpha", 0.01))],
    "HardSigmoid": lambda torch, a, at, o, n: [torch.clamp(a[0] * at.get("alpha", 0.2) + at.get("beta", 0.5), 0, 1)],
    "HardSwish": lambda torch, a, at, o, n: [torch.nn.functional.hardswish(a[0])],
    "Elu": lambda torch, a, at, o, n: [torch.nn.functional.elu(a[0], at.get("alpha", 1.0))],
    "Clip": _clip, "Cast": _cast, "Where": _where, "Identity": _identity,
    "Dropout": lambda torch, a, at, o, n: [a[0]] + ([None] if len(n.output) > 1 else []),
    "Max": _variadic("maximum"), "Min": _variadic("minimum"), "Sum": _variadic("add"),
    "ReduceMean": _reduce("mean"), "ReduceSum": _reduce("sum", 13), "ReduceMax": _reduce("max"),
    "ReduceMin": _reduce("min"), "ReduceL2": _reduce("l2"), "ArgMax": _argmax,
    "Flatten": _flatten, "Reshape": _reshape, "Transpose": _transpose, "Concat": _concat, "Slice": _slice,
    "Gather": _gather, "Squeeze": _squeeze, "Unsqueeze": _unsqueeze, "Shape": _shape, "Size": _size,
    "Expand": _expand, "Split": _split, "Constant": _constant, "ConstantOfShape": _constant_of_shape,
    "Range": _range, "Trilu": _trilu, "CumSum": _cumsum, "Tile": _tile, "Pad": _pad,
}
for _name in _PYTHON_BINARY:
    OPS[_name] = _elementwise(_PYTHON_BINARY[_name])
