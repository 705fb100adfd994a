# SPDX-License-Identifier: MIT
"""The user's source file, whatever its framework: loading it with its module-level size constants overridden,
running its code in named steps whose failures name the user's line, and the NumPy reference for array sources
(the LLM frontend's NumPy programs). Imports neither torch nor jax."""
import ast
import os
import sys
import traceback
import types


class UserError(Exception):
    def __init__(self, kind, message, line=0, column=0):
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.line = line
        self.column = column


# Set by the PyTorch tracer while it traces: a function (name, inputs, compute) recording `compute()`'s outputs as
# one op of that name (an ONNX operator the interpreter has no torch form for); None otherwise.
OPAQUE_HOOK = [None]


def record_opaque(name, inputs, compute):
    """`compute()` (a list of tensors), recorded as one op `name` when a trace is running."""
    hook = OPAQUE_HOOK[0]
    return hook(name, inputs, compute) if hook is not None else compute()


def _caller_line(filename):
    """The line of the deepest active frame in the user's file: walking the frames outward, the first one there.
    (traceback.extract_stack() would build a summary of every frame and read source lines: a fifth of the tracing
    time of a long recurrent model.)"""
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_filename == filename:
            return frame.f_lineno
        frame = frame.f_back
    return 0


def _user_line(tb_or_stack, filename):
    """The deepest frame that belongs to the user's file."""
    line = 0
    for frame in tb_or_stack:
        if frame.filename == filename:
            line = frame.lineno
    return line


def _assigned_names(node):
    targets = []
    if isinstance(node, ast.Assign):
        for t in node.targets:
            targets.extend(t.elts if isinstance(t, ast.Tuple) else [t])
    elif isinstance(node, ast.AnnAssign):
        targets.append(node.target)
    return [t.id for t in targets if isinstance(t, ast.Name)]


def _size_constants(tree):
    """Names assigned at module level, in order (the integer ones become size constants)."""
    names = []
    for node in tree.body:
        for name in _assigned_names(node):
            if name not in names:
                names.append(name)
    return names


def _override(tree, sizes):
    """Re-assigns each overridden constant right after every module-level assignment of it, so that values
    derived from it later in the module (bias_shape = (out_channels, 1, 1)) follow the override."""
    body = []
    for node in tree.body:
        body.append(node)
        for name in _assigned_names(node):
            if name in sizes:
                body.append(ast.copy_location(
                    ast.Assign(targets=[ast.Name(id=name, ctx=ast.Store())], value=ast.Constant(value=int(sizes[name]))), node))
    tree.body = body
    ast.fix_missing_locations(tree)


def _load_source(filename, sizes):
    """Parses the file, overrides its module-level integer constants with `sizes`, runs the module body."""
    try:
        with open(filename, "r", encoding="utf-8") as f:
            source = f.read()
    except OSError as e:
        raise UserError("io", "cannot read %s: %s" % (filename, e.strerror))
    try:
        tree = ast.parse(source, filename)
    except SyntaxError as e:
        raise UserError("syntax", "syntax error: %s" % e.msg, e.lineno or 0, e.offset or 0)
    names = _size_constants(tree)
    # A model built by from_pretrained from a local config folder: the config's sizes are constants too.
    pretrained = "from_pretrained" in source
    constants = {}
    if pretrained:
        try:
            from . import hf_local
            hf_local.begin(filename, sizes, constants)
        except ImportError:
            pretrained = False  # without transformers the module body says what is missing
    for name in (sizes or {}):
        if name not in names and not (pretrained and name.startswith("config_")):
            raise UserError("sizes", "'%s' is not a module-level integer constant of %s" % (name, filename))
    if sizes:
        _override(tree, sizes)
    # A real module in sys.modules: torch.compile (and FlexAttention, which compiles) looks its globals up there.
    module = types.ModuleType("solar_traced_model")
    module.__file__ = filename
    sys.modules["solar_traced_model"] = module
    namespace = module.__dict__
    try:
        exec(compile(tree, filename, "exec"), namespace)
    except Exception as e:  # the module body itself failed
        raise UserError("module", "%s: %s" % (type(e).__name__, e), _user_line(traceback.extract_tb(e.__traceback__), filename))
    for name in names:
        value = namespace.get(name)
        if isinstance(value, int) and not isinstance(value, bool):
            constants[name] = value
    for name in (sizes or {}):
        if name not in constants and not (pretrained and name.startswith("config_")):
            raise UserError("sizes", "'%s' is not a module-level integer constant of %s" % (name, filename))
    return namespace, constants


def _run_failure(e, stage, filename):
    """The error for an exception in the user's code: what was running, and the deepest line in their file."""
    line = _user_line(traceback.extract_tb(e.__traceback__), filename)
    return UserError("run", "%s failed: %s: %s" % (stage, type(e).__name__, e), line)


class _UserCode:
    """Runs the user's code in named steps (get_init_inputs(), Model(...), get_inputs(), forward()): an exception
    becomes an error naming the step that failed and the deepest line of their file; our own errors pass through."""

    def __init__(self, filename, step):
        self.filename = filename
        self.step = step

    def __enter__(self):
        return self

    def __exit__(self, kind, error, tb):
        if error is None or isinstance(error, UserError) or not isinstance(error, Exception):
            return False
        raise _run_failure(error, self.step, self.filename) from error


def _as_list(result):
    """A forward() result as a list of its outputs."""
    return list(result) if isinstance(result, (list, tuple)) else [result]


def _reference_arrays(filename, sizes, seed, max_elements, directory, signed=False):
    """A NumPy or JAX source for the LLM frontend's validation: module-level size constants, get_inputs() returning
    arrays, and forward(*inputs) returning an array or a tuple of them. NumPy's global generator is seeded before
    get_inputs(); the inputs and outputs are written like the PyTorch reference's."""
    import numpy as np
    namespace, constants = _load_source(filename, sizes)
    for fn in ("get_inputs", "forward"):
        if not callable(namespace.get(fn)):
            raise UserError("model", "no %s() function (array sources define get_inputs() and forward(*inputs))" % fn)
    with _UserCode(filename, "get_inputs()") as user:
        np.random.seed(seed % (2 ** 32))
        inputs = list(namespace["get_inputs"]())
        if signed:  # as torch_trace._signed_like: normal, scaled to the input's magnitude, 1 in 64 eight times larger
            rng = np.random.default_rng(seed + 3)
            for i, x in enumerate(inputs):
                a = np.asarray(x) if hasattr(x, "shape") else None
                if a is not None and np.issubdtype(a.dtype, np.floating):
                    y = rng.standard_normal(a.shape) * max(1.0, float(np.abs(a).max()) if a.size else 1.0)
                    flat = y.reshape(-1)
                    if flat.size:
                        flat[rng.permutation(flat.size)[:max(1, flat.size // 64)]] *= 8
                    inputs[i] = y.astype(a.dtype)
        arrays = {}
        for i, x in enumerate(inputs):
            if hasattr(x, "shape"):
                arrays["input%d" % i] = np.asarray(x)
        total = sum(a.size for a in arrays.values())
        if total > max_elements:
            raise UserError("size", "%d input elements at these sizes, above the validation limit of %d" % (total, max_elements))
        user.step = "forward()"
        result = namespace["forward"](*inputs)
    outs = _as_list(result)
    if signed and not all(np.isfinite(np.asarray(o)).all() for o in outs
                          if hasattr(o, "shape") and np.issubdtype(np.asarray(o).dtype, np.floating)):
        raise UserError("nonfinite", "the source's outputs are not finite on signed inputs")
    dump = _array_dumper(directory)
    return {"constants": constants, "tensors": {k: dump(v) for k, v in arrays.items()},
            "outputs": [dump(o) for o in outs if hasattr(o, "shape")], "signed_inputs": signed}


def _array_dumper(directory):
    """Writes arrays (NumPy, JAX) like _dump writes tensors: raw little-endian float64 files in `directory`."""
    import numpy as np
    counter = [0]

    def dump(a):
        a = np.asarray(a)
        path = os.path.join(directory, "t%d.f64" % counter[0])
        counter[0] += 1
        np.ascontiguousarray(a, dtype="<f8").tofile(path)
        return {"shape": list(a.shape), "dtype": str(a.dtype), "file": path}

    return dump


# The names the framework modules use.
caller_line = _caller_line
user_line = _user_line
load_source = _load_source
UserCode = _UserCode
as_list = _as_list
array_dumper = _array_dumper
reference_arrays = _reference_arrays
