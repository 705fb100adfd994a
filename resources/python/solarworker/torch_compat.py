# SPDX-License-Identifier: MIT
"""What tracing needs torch to do differently from running: scaled_dot_product_attention by its definition (torch
1.13 has none; the tracer records it as one op and computes it so), module conversion on fake parameters (torch's
in-place swap refuses them), and oneDNN kept out of the way of fake tensors."""


def _sdpa_math(torch, query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None, enable_gqa=False):
    """scaled_dot_product_attention by its definition (torch >= 2.5 semantics, enable_gqa included), for torch 1.13
    and for tracing."""
    import math
    if enable_gqa and key.dim() >= 3 and key.size(-3) != query.size(-3):
        group = query.size(-3) // key.size(-3)  # query heads hk * G + g use key/value head hk
        key = key.repeat_interleave(group, dim=-3)
        value = value.repeat_interleave(group, dim=-3)
    L, S = query.size(-2), key.size(-2)
    size = query.size(-1)
    # math.sqrt would turn a symbolic size into a constant (torch 2.x specialises it); ** keeps it symbolic.
    factor = scale if scale is not None else (1.0 / math.sqrt(size) if isinstance(size, int) else size ** -0.5)
    scores = torch.matmul(query, key.transpose(-2, -1)) * factor
    if is_causal:
        mask = torch.ones(L, S, dtype=torch.bool, device=query.device).tril()
        scores = scores.masked_fill(~mask, float("-inf"))
    if attn_mask is not None:
        if attn_mask.dtype == torch.bool:
            scores = scores.masked_fill(~attn_mask, float("-inf"))
        else:
            scores = scores + attn_mask
    weights = torch.softmax(scores, dim=-1)
    if dropout_p > 0.0:
        weights = torch.nn.functional.dropout(weights, p=dropout_p)
    return torch.matmul(weights, value)


class _fake_module_conversion:
    """Module.to(dtype) / .half() / .cuda() on fake parameters: torch swaps each parameter in place, which fake
    tensors refuse (the fake mode holds a weak reference to them), so a model that converts itself in its
    constructor (`LlamaForCausalLM(cfg).to(torch.bfloat16)`) would fall back to the meta device and be built for
    real, every weight materialised. While the model is built, conversion assigns the converted tensors instead;
    a parameter shared by several modules (tied embeddings) stays one parameter."""

    def __init__(self, torch, active):
        self.torch, self.active, self.original = torch, active, None

    def __enter__(self):
        if not self.active:
            return self
        torch = self.torch
        module_class = torch.nn.Module
        self.original = module_class._apply

        def apply(module, fn, recurse=True, _memo=None):
            memo = {} if _memo is None else _memo
            if recurse:
                for child in module.children():
                    if type(child)._apply is module_class._apply:
                        apply(child, fn, True, memo)
                    else:  # a module with its own _apply (RNNs re-flatten their weights) runs it, then ours
                        child._apply(fn, recurse)
            for key, p in list(module._parameters.items()):
                if p is not None:
                    if id(p) not in memo:
                        with torch.no_grad():
                            memo[id(p)] = torch.nn.Parameter(fn(p), requires_grad=p.requires_grad)
                    module._parameters[key] = memo[id(p)]
            for key, b in list(module._buffers.items()):
                if b is not None:
                    if id(b) not in memo:
                        memo[id(b)] = fn(b)
                    module._buffers[key] = memo[id(b)]
            return module

        module_class._apply = apply
        return self

    def __exit__(self, *exc):
        if self.original is not None:
            self.torch.nn.Module._apply = self.original
        return False


def _no_mkldnn(torch):
    flags = getattr(getattr(torch.backends, "mkldnn", None), "flags", None)
    return flags(enabled=False) if flags is not None else _NullContext()


class _NullContext:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False
