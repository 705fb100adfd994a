# SPDX-License-Identifier: MIT
"""SOLAR Studio's PyTorch tracer: runs a model's forward pass on fake (meta) tensors and records every ATen op.
(Real tensors only on request, at reduced sizes, for models with ops that have neither a fake nor a meta kernel.)

The file follows KernelBench's convention: a torch.nn.Module subclass (preferably `Model`), `get_inputs()` and
`get_init_inputs()`, and module-level integer size constants, which `sizes` overrides. No full-size tensor is
ever allocated: model and inputs live in a FakeTensorMode (or on the meta device). protocol.py dispatches to
trace(), reference() and build_model().
"""
import sys

from .source import UserError, UserCode as _UserCode, as_list as _as_list, caller_line as _caller_line  # noqa: F401
from .source import load_source as _load_source  # noqa: F401
from . import source
from .torch_symbols import Symbols
from .torch_compat import _NullContext, _fake_module_conversion, _no_mkldnn, _sdpa_math

_torch = None


def _import_torch():
    global _torch
    if _torch is None:
        import torch  # noqa: F401  (imported once per worker)
        _torch = torch
    return _torch


def _load(filename, sizes):
    torch = _import_torch()
    namespace, constants = _load_source(filename, sizes)
    model_class = namespace.get("Model")
    if not (isinstance(model_class, type) and issubclass(model_class, torch.nn.Module)):
        candidates = [v for v in namespace.values()
                      if isinstance(v, type) and issubclass(v, torch.nn.Module) and v.__module__ == "solar_traced_model"]
        if not candidates:
            raise UserError("model", "no torch.nn.Module subclass (expected 'class Model(nn.Module)')")
        model_class = candidates[-1]
    for fn in ("get_inputs", "get_init_inputs"):
        if not callable(namespace.get(fn)):
            raise UserError("model", "no %s() function" % fn)
    return namespace, model_class, constants


def _dtype_name(dtype):
    return str(dtype).replace("torch.", "")


class _Recorder:
    """Names tensors and serialises op arguments."""

    def __init__(self, filename):
        self.filename = filename
        self.names = {}      # id(tensor) -> name
        self.keep = []       # keeps traced tensors alive so their ids stay unique
        self.tensors = {}    # name -> description
        self.ops = []
        self.modules = []    # the module path stack while forward() runs ("encoder.layers.3.attn")
        self.symbolic = None  # a Symbols while tracing with symbolic sizes
        self.origin = {}     # id(host tensor) -> the narrower integer dtype its values came from
        self.host_ids = set()  # ids of tensors computed on the host from the workload's values (kept alive)

    def module(self):
        return self.modules[-1] if self.modules else ""

    def note_host_result(self, torch, args, kwargs, out):
        """Results of host-side index arithmetic hold the workload's values too; an integer one keeps the narrowest
        integer type it came from (kv_indices sliced and cast to int64 is still the workload's int32 array in
        memory): its bytes are counted at that type."""
        from torch.utils._pytree import tree_flatten
        for o in out if isinstance(out, (list, tuple)) else [out]:
            if isinstance(o, torch.Tensor):
                self.host_ids.add(id(o))
                self.keep.append(o)
        sources = [x for x in tree_flatten((args, kwargs))[0] if isinstance(x, torch.Tensor)]
        if not sources or any(x.is_floating_point() or x.dtype == torch.bool for x in sources):
            return
        narrow = min((self.origin.get(id(x), x.dtype) for x in sources), key=lambda d: torch.empty(0, dtype=d).element_size())
        for o in out if isinstance(out, (list, tuple)) else [out]:
            wider = isinstance(o, torch.Tensor) and o.element_size() > torch.empty(0, dtype=narrow).element_size()
            if wider and not o.is_floating_point() and o.dtype != torch.bool:
                self.origin[id(o)] = narrow
                self.keep.append(o)

    def register(self, t, name=None, role="intermediate", source=None):
        key = id(t)
        if key in self.names:
            return self.names[key]
        if name is None:
            name = "t%d" % len(self.tensors)
        self.names[key] = name
        self.keep.append(t)
        size = self.size
        dtype = self.origin.get(key, t.dtype) if role == "constant" else t.dtype
        entry = {"shape": [size(d) for d in t.shape], "dtype": _dtype_name(dtype), "stride": [size(d) for d in t.stride()],
                 "role": role, "offset": size(t.storage_offset())}
        # A small real tensor created in forward (torch.tensor(0.5)) has known values: the lowering makes it a const.
        # Index arrays of a workload (real while the rest is fake) may be longer: a request's page list.
        limit = 4096 if t.is_floating_point() else 1 << 20
        if role == "constant" and t.numel() <= limit and t.device.type == "cpu" and type(t).__name__ == "Tensor":
            try:
                guard = _torch._C._DisableTorchDispatch()  # read the real values, not through the tracing modes
                try:
                    values = [float(v) for v in t.reshape(-1).tolist()]
                finally:
                    del guard
                if all(v == v and v not in (float("inf"), float("-inf")) for v in values):
                    entry["values"] = values
            except Exception:  # a fake or meta tensor has no values
                pass
        if source:
            entry["source"] = source
        self.tensors[name] = entry
        return name

    def size(self, v):
        """A size as recorded: an int, or (symbolic sizes) a reference to its expression, printed at the end."""
        if self.symbolic is not None and isinstance(v, (_torch.SymInt, _torch.SymFloat)):
            return self.symbolic.ref(v)
        return int(v)

    def value(self, v):
        torch = _torch
        if self.symbolic is not None and isinstance(v, (torch.SymInt, torch.SymFloat)):
            return self.symbolic.ref(v)
        if type(v).__name__ == "SymBool":  # torch 2.x; bool() records the guard the model's branch took
            return bool(v)
        if isinstance(v, torch.Tensor):
            known = id(v) in self.names
            name = self.register(v, role="constant")
            out = {"t": name}
            if not known:
                out["new"] = True
            return out
        if isinstance(v, (list, tuple)):
            return [self.value(x) for x in v]
        if isinstance(v, (bool, int, float, str)) or v is None:
            if isinstance(v, float) and (v != v or v in (float("inf"), float("-inf"))):
                return {"float": repr(v)}
            return v
        if isinstance(v, torch.dtype):
            return {"dtype": _dtype_name(v)}
        return {"repr": str(v)}


def _trace(filename, sizes, real=False, symbols=None):
    """Fake tensors first; when an op has no fake implementation (torch 1.13 has gaps), the meta device. With
    `real` (asked for only at reduced sizes, after both failed), real CPU tensors: every op then runs for real.
    With `symbols` (size constants; torch 2.x only), fake tensors with symbolic sizes, and no fallback."""
    if real:
        return _trace_mode(filename, sizes, "real")
    if symbols:
        torch = _import_torch()
        if not hasattr(torch, "SymInt") or not hasattr(torch, "SymFloat"):
            raise UserError("symbolic", "torch %s has no symbolic sizes" % torch.__version__)
        return _trace_mode(filename, sizes, "symbolic", symbols)
    try:
        return _trace_mode(filename, sizes, "fake")
    except UserError as fake_error:
        # forward() without a fake kernel, or a constructor that reads a value (torch 2.x's fake tensors refuse
        # .item(), e.g. stochastic-depth rates from torch.linspace): the meta device builds the model for real.
        if fake_error.kind != "run" or not fake_error.message.startswith(("forward() failed", "Model(...) failed")):
            raise
        try:
            return _trace_mode(filename, sizes, "meta")
        except UserError:
            raise fake_error


def _trace_mode(filename, sizes, mode, symbols=None):
    torch = _import_torch()
    from torch.utils._python_dispatch import TorchDispatchMode
    from torch._subclasses.fake_tensor import FakeTensorMode

    recorder = _Recorder(filename)
    # > 0 while a composite op recorded as one op computes its result, and outside forward(): what get_inputs()
    # runs (a prefill that fills a KV cache) is not the model's work.
    muted = [1]

    # Attention is recorded as one op (its causal mask must stay visible to the lowering, and torch 1.13 has no
    # scaled_dot_product_attention at all); its result comes from the definition with recording muted.
    functional = torch.nn.functional
    original_sdpa = getattr(functional, "scaled_dot_product_attention", None)

    def traced_sdpa(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None, enable_gqa=False):
        if muted[0]:
            return _sdpa_math(torch, query, key, value, attn_mask, dropout_p, is_causal, scale, enable_gqa)
        entry = {"op": "solar::scaled_dot_product_attention", "overload": "",
                 "args": [recorder.value(query), recorder.value(key), recorder.value(value), recorder.value(attn_mask),
                          dropout_p, bool(is_causal), scale, bool(enable_gqa)],
                 "kwargs": {}, "line": _caller_line(filename), "module": recorder.module()}
        muted[0] += 1
        try:
            out = _sdpa_math(torch, query, key, value, attn_mask, dropout_p, is_causal, scale, enable_gqa)
        finally:
            muted[0] -= 1
        entry["outputs"] = [recorder.register(out)]
        recorder.ops.append(entry)
        return out

    # F.linear on an input of rank 3 or more is recorded as one op (solar::linear): torch would flatten the leading
    # dimensions through a view, an mm and a view back, whose merged index the lowering can only bound from below.
    original_linear = functional.linear

    def traced_linear(input, weight, bias=None):
        if muted[0] or not isinstance(input, torch.Tensor) or input.dim() < 3 or weight.dim() != 2:
            return original_linear(input, weight, bias)
        entry = {"op": "solar::linear", "overload": "",
                 "args": [recorder.value(input), recorder.value(weight), recorder.value(bias)],
                 "kwargs": {}, "line": _caller_line(filename), "module": recorder.module()}
        muted[0] += 1
        try:
            out = original_linear(input, weight, bias)
        finally:
            muted[0] -= 1
        entry["outputs"] = [recorder.register(out)]
        recorder.ops.append(entry)
        return out

    # Recurrent layers are recorded as one op each (solar::lstm, ...): the lowering makes them a loop over time
    # steps. Decomposed, a 6-layer bidirectional GRU over 512 steps is 117,000 ATen ops to trace and lower.
    vf = torch._VF
    recurrent = {kind: getattr(vf, kind) for kind in ("lstm", "gru", "rnn_tanh", "rnn_relu")}

    def traced_recurrent(kind, original):
        def run(*args, **kwargs):
            # Only the padded, input-first form without a projection or inter-layer dropout; the rest decomposes.
            if muted[0] or kwargs or len(args) != 9 or not isinstance(args[0], torch.Tensor) or args[0].dim() != 3:
                return original(*args, **kwargs)
            x, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first = args
            states = list(hx) if isinstance(hx, (list, tuple)) else [hx]
            directions = 2 if bidirectional else 1
            if (len(params) != (4 if has_biases else 2) * num_layers * directions
                    or (dropout and train and num_layers > 1)
                    or len(states) != (2 if kind == "lstm" else 1)
                    or any(s.size(-1) != states[0].size(-1) for s in states)):
                return original(*args, **kwargs)
            entry = {"op": "solar::" + kind, "overload": "",
                     "args": [recorder.value(x), recorder.value(states), recorder.value(list(params)), bool(has_biases),
                              int(num_layers), float(dropout), bool(train), bool(bidirectional), bool(batch_first)],
                     "kwargs": {}, "line": _caller_line(filename), "module": recorder.module()}
            muted[0] += 1
            try:
                if mode == "real":
                    outs = original(*args, **kwargs)
                else:  # shapes only: nothing of the cell needs to run on fake or meta tensors
                    steps, batch = (x.size(1), x.size(0)) if batch_first else (x.size(0), x.size(1))
                    hidden = states[0].size(-1)
                    shape = (batch, steps, directions * hidden) if batch_first else (steps, batch, directions * hidden)
                    outs = (x.new_empty(shape),) + tuple(s.new_empty(s.shape) for s in states)
            finally:
                muted[0] -= 1
            entry["outputs"] = [recorder.register(o) for o in outs]
            recorder.ops.append(entry)
            return outs
        return run

    # nn.MultiheadAttention's fast path (eval under no_grad, batch first) is one fused op; without a mask it is
    # traced as the math it stands for: F.multi_head_attention_forward on the sequence-first views.
    original_native_mha = getattr(torch, "_native_multi_head_attention", None)

    def traced_native_mha(query, key, value, embed_dim, num_head, qkv_weight, qkv_bias, proj_weight, proj_bias,
                          mask=None, need_weights=True, average_attn_weights=True, mask_type=None):
        if mask is not None or original_native_mha is None:
            return original_native_mha(query, key, value, embed_dim, num_head, qkv_weight, qkv_bias, proj_weight,
                                       proj_bias, mask, need_weights, average_attn_weights, mask_type)
        out, weights = functional.multi_head_attention_forward(
            query.transpose(0, 1), key.transpose(0, 1), value.transpose(0, 1), embed_dim, num_head, qkv_weight,
            qkv_bias, None, None, False, 0.0, proj_weight, proj_bias, training=False, need_weights=need_weights,
            average_attn_weights=average_attn_weights)
        return out.transpose(0, 1), weights

    # FlexAttention (torch >= 2.5) with a score_mod and no block mask computes every (query, key) pair: traced as that
    # math (the score_mod runs on broadcast index tensors, as its vmap would). A block mask skips blocks, so dense
    # maths would overcount: that form, and score_mods that need scalars, stay one op, named as not counted.
    flex_module = sys.modules.get("torch.nn.attention.flex_attention")
    if flex_module is None:
        try:
            import torch.nn.attention.flex_attention as flex_module
        except ImportError:
            flex_module = None
    original_flex = getattr(flex_module, "flex_attention", None)

    def traced_flex(query, key, value, score_mod=None, block_mask=None, scale=None, enable_gqa=False, return_lse=False,
                    *rest, **kwargs):
        if muted[0] and original_flex is not None:
            return original_flex(query, key, value, score_mod, block_mask, scale, enable_gqa, return_lse, *rest, **kwargs)
        if block_mask is not None or enable_gqa or return_lse or rest or kwargs or query.dim() != 4:
            # One op without a template: named in the coverage ledger as not counted (its output by shape only).
            entry = {"op": "solar::flex_attention", "overload": "",
                     "args": [recorder.value(query), recorder.value(key), recorder.value(value)], "kwargs": {},
                     "line": _caller_line(filename), "module": recorder.module()}
            muted[0] += 1
            try:
                out = query.new_zeros(tuple(query.shape[:-1]) + (value.size(-1),))
            finally:
                muted[0] -= 1
            entry["outputs"] = [recorder.register(out)]
            recorder.ops.append(entry)
            return out
        import math
        size = query.size(-1)
        factor = scale if scale is not None else (1.0 / math.sqrt(size) if isinstance(size, int) else size ** -0.5)
        scores = torch.matmul(query, key.transpose(-2, -1)) * factor
        if score_mod is not None:
            batch, heads, length, keys = scores.shape
            device = query.device
            scores = score_mod(scores, torch.arange(batch, device=device).view(batch, 1, 1, 1),
                               torch.arange(heads, device=device).view(1, heads, 1, 1),
                               torch.arange(length, device=device).view(1, 1, length, 1),
                               torch.arange(keys, device=device).view(1, 1, 1, keys))
        return torch.matmul(torch.softmax(scores, dim=-1), value)

    functional.scaled_dot_product_attention = traced_sdpa
    functional.linear = traced_linear
    if original_flex is not None:
        flex_module.flex_attention = traced_flex
    if original_native_mha is not None:
        torch._native_multi_head_attention = traced_native_mha
    for kind, original in recurrent.items():
        setattr(vf, kind, traced_recurrent(kind, original))

    # An operator of another framework's graph with no torch form (an ONNX op the interpreter lacks): recorded as
    # one op of that name, its outputs made with recording muted, so the lowering names it as not counted.
    def traced_opaque(name, inputs, compute):
        if muted[0]:
            return compute()
        entry = {"op": name, "overload": "", "args": [recorder.value(x) for x in inputs], "kwargs": {},
                 "line": _caller_line(filename), "module": recorder.module()}
        muted[0] += 1
        try:
            outs = compute()
        finally:
            muted[0] -= 1
        entry["outputs"] = [recorder.register(o) for o in outs]
        recorder.ops.append(entry)
        return outs

    source.OPAQUE_HOOK[0] = traced_opaque
    try:
        return _trace_with(filename, sizes, torch, TorchDispatchMode, FakeTensorMode, recorder, muted, mode, symbols)
    finally:
        source.OPAQUE_HOOK[0] = None
        for kind in recurrent:
            delattr(vf, kind)  # back to the module's own lookup
        if original_native_mha is not None:
            torch._native_multi_head_attention = original_native_mha
        if original_flex is not None:
            flex_module.flex_attention = original_flex
        functional.linear = original_linear
        if original_sdpa is None:
            del functional.scaled_dot_product_attention
        else:
            functional.scaled_dot_product_attention = original_sdpa


def _trace_with(filename, sizes, torch, TorchDispatchMode, FakeTensorMode, recorder, muted, mode, symbols=None):
    namespace, model_class, constants = _load(filename, sizes)

    class Tracer(TorchDispatchMode):
        # Higher-order operators (torch 2.x: flex_attention with a block mask, cond, ...) are recorded as one op:
        # without a template they are named as not counted, where the trace would otherwise fail.
        supports_higher_order_operators = True

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            kwargs = kwargs or {}
            if hasattr(func, "overloadpacket"):
                name = str(func.overloadpacket._qualified_op_name)
            elif callable(getattr(func, "name", None)):  # a higher-order operator
                name = "hop::" + func.name()
            else:
                name = str(func)
            if name.startswith("prim::") or muted[0]:  # metadata queries (prim::device), or inside a recorded op
                return func(*args, **kwargs)
            host = _host_operands(torch, recorder, args, kwargs) if mode == "fake" else None
            if host == "host":
                # Every tensor operand holds the workload's own values (an index array made real: a definition whose
                # reference reads its inputs' values, .item() or slice bounds): host-side index arithmetic, run for
                # real and not recorded. Its results reach the recorded ops as constants with values.
                from torch.utils._python_dispatch import _disable_current_modes
                with _disable_current_modes():
                    out = func(*args, **kwargs)
                recorder.note_host_result(torch, args, kwargs, out)
                return out
            inplace_view = _INPLACE_VIEWS.get(name)  # reshapes its own tensor: recorded as the view it makes
            entry = {"op": inplace_view or name,
                     "overload": getattr(func, "_overloadname", ""),
                     "args": [recorder.value(a) for a in args],
                     "kwargs": {k: recorder.value(v) for k, v in kwargs.items()},
                     "line": _caller_line(filename),
                     "module": recorder.module()}
            if host == "mixed":  # a gather through real indices: the fake data's op sees fake copies of them
                args, kwargs = _as_fake(torch, recorder, fake, args, kwargs)
            out = func(*args, **kwargs)
            outs = out if isinstance(out, (list, tuple)) else [out]
            if inplace_view:
                for o in outs:  # the same tensor object with a new shape: a new name from here on
                    recorder.names.pop(id(o), None)
            entry["outputs"] = [recorder.register(o) if isinstance(o, torch.Tensor) else recorder.value(o) for o in outs]
            recorder.ops.append(entry)
            return out

    fake = FakeTensorMode()
    with _UserCode(filename, "get_init_inputs()") as user:
        if mode == "meta":
            # Construction on the meta device where torch can (2.x: torch.device as a context), so no parameter is
            # allocated at full size (a 47B-parameter model in fp32 would take 187 GB); a constructor that reads a
            # value (.item(), .tolist()) cannot run there and is built for real, then moved. On the meta device ops
            # compute shapes only. Inputs come from fake tensors, so none is allocated at full size.
            init = namespace["get_init_inputs"]()
            user.step = "Model(...)"
            model = None
            if hasattr(torch.device("meta"), "__enter__"):
                try:
                    with torch.device("meta"):
                        model = model_class(*init)
                except Exception:
                    model = None
            if model is None:
                model = model_class(*init)
            model = model.to("meta")
            user.step = "get_inputs()"
            with fake:
                fake_inputs = namespace["get_inputs"]()
            inputs = [torch.empty(x.shape, dtype=x.dtype, device="meta") if isinstance(x, torch.Tensor) else x
                      for x in fake_inputs]
            context = _NullContext()
        elif mode == "real":
            context = _NullContext()  # real CPU tensors: only ever asked for at reduced sizes
        else:
            context = fake
        with context:
            if mode != "meta":
                init = namespace["get_init_inputs"]()
                user.step = "Model(...)"
                with _fake_module_conversion(torch, mode != "real"):
                    model = model_class(*init)
                user.step = "get_inputs()"
                inputs = namespace["get_inputs"]()
            state = None
            if mode == "symbolic":
                # The same model, its tensors swapped for symbolic copies (torch.func.functional_call runs it so).
                symbolic = Symbols(torch, constants, [n for n in symbols if n in constants])
                recorder.symbolic = symbolic
                context = symbolic.mode
                inputs = [symbolic.tensor(x) if isinstance(x, torch.Tensor) else x for x in inputs]
                state = {n: symbolic.tensor(t) for n, t in list(model.named_parameters()) + list(model.named_buffers())}
            for i, x in enumerate(inputs):
                if isinstance(x, torch.Tensor):
                    recorder.register(x, "input%d" % i, "input")
            for pname, p in model.named_parameters():
                recorder.register(p if state is None else state[pname], pname, "parameter")
            for bname, b in model.named_buffers():
                recorder.register(b if state is None else state[bname], bname, "buffer")
            # Each op records the module it ran in (its qualified name in the model), through forward hooks.
            # A hook's return value replaces the module's input or output: these return None.
            def enter(qualified):
                def hook(module, args):
                    recorder.modules.append(qualified)
                return hook

            def leave(module, args, output):
                if recorder.modules:
                    recorder.modules.pop()

            hooks = []
            for qualified, sub in model.named_modules():
                if qualified:
                    hooks.append(sub.register_forward_pre_hook(enter(qualified)))
                    hooks.append(sub.register_forward_hook(leave))
            user.step = "forward()"
            muted[0] -= 1
            try:
                # oneDNN's fused CPU kernels (torch 2.x runs nn.LSTM as aten::mkldnn_rnn_layer) are this machine's
                # choice, not the model's: traced without them, a layer shows the ops every backend computes.
                if state is None:
                    with _no_mkldnn(torch), Tracer():
                        result = model(*inputs)
                else:
                    with context, _no_mkldnn(torch), Tracer():
                        result = torch.func.functional_call(model, state, tuple(inputs))
            finally:
                muted[0] += 1
                for h in hooks:
                    h.remove()
    outs = _as_list(result)
    outputs = []
    for o in outs:
        if isinstance(o, torch.Tensor):
            name = recorder.register(o)
            recorder.tensors[name]["role"] = "output" if recorder.tensors[name]["role"] == "intermediate" else recorder.tensors[name]["role"]
            outputs.append(name)
    reply = {"constants": constants, "tensors": recorder.tensors, "ops": recorder.ops, "outputs": outputs,
             "model": model_class.__name__, "training": bool(model.training), "mode": mode}
    return recorder.symbolic.finish(reply) if recorder.symbolic is not None else reply


# In-place view ops change their tensor's shape without a new object (torch 2.x's matmul of a vector squeezes its
# product with squeeze_): recorded as the out-of-place view, its result under a new name.
_INPLACE_VIEWS = {"aten::squeeze_": "aten::squeeze", "aten::unsqueeze_": "aten::unsqueeze", "aten::t_": "aten::t",
                  "aten::transpose_": "aten::transpose", "aten::swapdims_": "aten::swapdims",
                  "aten::swapaxes_": "aten::swapaxes", "aten::as_strided_": "aten::as_strided"}


def _is_host(recorder, x):
    """A tensor with the workload's own values: made by the harness's _solar_host, or computed from such tensors."""
    return getattr(x, "_solar_host", False) or id(x) in recorder.host_ids


def _host_operands(torch, recorder, args, kwargs):
    """"host" when every tensor operand holds the workload's values (none fake), "mixed" when some do, else None."""
    from torch.utils._pytree import tree_flatten
    tensors = [x for x in tree_flatten((args, kwargs))[0] if isinstance(x, torch.Tensor)]
    host = [x for x in tensors if _is_host(recorder, x)]
    if not host:
        return None
    return "host" if len(host) == len(tensors) else "mixed"


def _as_fake(torch, recorder, fake, args, kwargs):
    from torch.utils._pytree import tree_map
    convert = lambda x: fake.from_tensor(x) if isinstance(x, torch.Tensor) and _is_host(recorder, x) else x
    return tree_map(convert, args), tree_map(convert, kwargs)


def _dump(t, directory, counter):
    """A tensor's values, row-major, as raw little-endian float64 in a file of `directory` (JSON would be far
    too slow for millions of values)."""
    torch = _torch
    import os
    path = os.path.join(directory, "t%d.f64" % counter[0])
    counter[0] += 1
    if _packed(torch, t):
        t = t.view(torch.uint8)  # ALIR holds packed formats as their bytes (u8)
    t.detach().to(torch.float64).contiguous().numpy().astype("<f8").tofile(path)
    return {"shape": list(t.shape), "dtype": _dtype_name(t.dtype), "file": path}


def _ensure_sdpa(torch):
    """torch 1.13 has no F.scaled_dot_product_attention: models that call it run its math (as they are traced)."""
    functional = torch.nn.functional
    if getattr(functional, "scaled_dot_product_attention", None) is None:
        functional.scaled_dot_product_attention = lambda *a, **k: _sdpa_math(torch, *a, **k)


def _build_model(filename, sizes, seed):
    """The model and its inputs as validation and measurement build them: `seed` before the constructor (weights),
    `seed + 1` before get_inputs()."""
    torch = _import_torch()
    namespace, model_class, constants = _load(filename, sizes)
    with _UserCode(filename, "get_init_inputs()") as user:
        torch.manual_seed(seed)
        init = namespace["get_init_inputs"]()
        user.step = "Model(...)"
        model = model_class(*init)
        user.step = "get_inputs()"
        torch.manual_seed(seed + 1)
        inputs = namespace["get_inputs"]()
    return constants, model, inputs


def _packed(torch, t):
    """Formats torch stores but cannot convert (two e2m1 values per byte, an e8m0 scale): handled as their bytes."""
    return str(t.dtype).replace("torch.", "") in ("float4_e2m1fn_x2", "float8_e8m0fnu")


def _signed_like(torch, x, generator):
    """Signed, non-uniform values in place of an input: normal, scaled to the input's own largest magnitude (at
    least 1), one element in 64 eight times larger. get_inputs() often draws torch.rand (all non-negative), where a
    max-pool padded with 0 instead of -inf, or a ReLU dropped, gives the same outputs."""
    scale = max(1.0, float(x.detach().abs().max())) if x.numel() else 1.0
    y = torch.randn(x.shape, generator=generator, dtype=torch.float64) * scale
    flat = y.view(-1)
    if flat.numel():
        picked = torch.randperm(flat.numel(), generator=generator)[:max(1, flat.numel() // 64)]
        flat[picked] *= 8
    return y.to(x.dtype)


def _reference(filename, sizes, seed, max_elements, directory, signed=False):
    """Runs the model for real on the CPU at the given sizes: the inputs, parameters and buffers it used (buffers
    as they were before the forward pass) and its outputs, for output comparison with the ALIR interpreter.
    `signed`: floating-point inputs replaced by signed ones (_signed_like); a model whose outputs are then not
    finite (a log, a square root) fails with kind "nonfinite", and the caller uses get_inputs()' own."""
    torch = _import_torch()
    _ensure_sdpa(torch)
    constants, model, inputs = _build_model(filename, sizes, seed)
    if signed:
        generator = torch.Generator().manual_seed(seed + 3)
        inputs = [_signed_like(torch, x, generator) if isinstance(x, torch.Tensor) and x.is_floating_point()
                  and not _packed(torch, x) else x for x in inputs]
    with _UserCode(filename, "forward()"):
        tensors = {}
        for i, x in enumerate(inputs):
            if isinstance(x, torch.Tensor):
                tensors["input%d" % i] = x
        for name, p in model.named_parameters():
            tensors[name] = p.detach()
        for name, b in model.named_buffers():
            tensors[name] = b.detach().clone()
        total = sum(t.numel() for t in tensors.values())
        if total > max_elements:
            raise UserError("size", "%d input and parameter elements at these sizes, above the validation limit of %d"
                            % (total, max_elements))
        torch.manual_seed(seed + 2)
        with torch.no_grad():
            result = model(*inputs)
    outs = _as_list(result)
    if signed and not all(bool(torch.isfinite(o).all()) for o in outs if isinstance(o, torch.Tensor) and o.is_floating_point()):
        raise UserError("nonfinite", "the model's outputs are not finite on signed inputs")
    counter = [0]
    return {"constants": constants, "tensors": {k: _dump(v, directory, counter) for k, v in tensors.items()},
            "outputs": [_dump(o, directory, counter) for o in outs if isinstance(o, torch.Tensor)], "signed_inputs": signed}


# The names protocol.py and torch_measure.py use.
import_torch = _import_torch
trace = _trace
reference = _reference
build_model = _build_model
ensure_sdpa = _ensure_sdpa
