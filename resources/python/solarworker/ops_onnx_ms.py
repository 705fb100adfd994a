# SPDX-License-Identifier: MIT
"""onnxruntime's fused transformer operators (domain com.microsoft), as its transformers optimizer writes them into
BERT and GPT-2 graphs, run as the torch operators they fuse (onnx_torch.py looks them up for that domain): the
ATen ops recorded are what the lowering counts, and onnxruntime's own kernels are the validation reference.

  Gelu(X)                                     erf GELU
  BiasGelu(A, B)                              erf GELU of A + B
  FastGelu(X, bias?)                          tanh GELU of X (+ bias)
  SkipLayerNormalization(x, skip, gamma, beta?, bias?)        layer norm of x + skip (+ bias) over the last axis
  SimplifiedLayerNormalization(x, scale)                       RMS norm over the last axis
  SkipSimplifiedLayerNormalization(x, skip, gamma, bias?)      RMS norm of x + skip (+ bias)
  Attention(input, weights, bias?, mask?)     a packed QKV projection, then scaled dot-product attention
  MultiHeadAttention(query, key, value, bias?, key_padding_mask?)   scaled dot-product attention

The skip variants' optional outputs: the sum x + skip (+ bias) is given where asked for; the mean and inverse
standard deviation are not (the node is then not counted, never guessed)."""
from .ops_onnx import NoTorchForm, _is_shp


def _tensors(args, count):
    present = list(args[:count])
    if any(_is_shp(a) for a in present if a is not None):
        raise NoTorchForm()
    return present + [None] * (count - len(present))


def _gelu(approximate, with_bias):
    def op(torch, args, attrs, opset, node):
        x, bias = _tensors(args, 2)
        if bias is not None and not with_bias:
            raise NoTorchForm()
        return [torch.nn.functional.gelu(x if bias is None else x + bias, approximate=approximate)]
    return op


def _rms(torch, x, scale, eps):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * scale


def _skip_norm(simplified):
    def op(torch, args, attrs, opset, node):
        if simplified:
            x, skip, gamma, bias = _tensors(args, 4)
            beta = None
        else:
            x, skip, gamma, beta, bias = _tensors(args, 5)
        outputs = list(node.output)
        if any(outputs[1:3]):
            raise NoTorchForm()  # mean and inverse standard deviation
        s = x + skip if bias is None else x + skip + bias
        eps = attrs.get("epsilon", 1e-12)
        y = _rms(torch, s, gamma, eps) if simplified else torch.nn.functional.layer_norm(s, [s.shape[-1]], gamma, beta, eps)
        out = [y] + [None] * (len(outputs) - 1)
        if len(outputs) > 3 and outputs[3]:
            out[3] = s
        return out
    return op


def _simplified(torch, args, attrs, opset, node):
    x, scale = _tensors(args, 2)
    if attrs.get("axis", -1) not in (-1, x.dim() - 1) or any(list(node.output)[1:]):
        raise NoTorchForm()
    return [_rms(torch, x, scale, attrs.get("epsilon", 1e-5))]


OPS = {
    "Gelu": _gelu("none", False),
    "BiasGelu": _gelu("none", True),
    "FastGelu": _gelu("tanh", True),
    "SkipLayerNormalization": _skip_norm(False),
    "SkipSimplifiedLayerNormalization": _skip_norm(True),
    "SimplifiedLayerNormalization": _simplified,
}


def _heads(x, heads):
    """[B, S, H] -> [B, heads, S, H / heads]."""
    b, s, h = x.shape
    return x.reshape(b, s, heads, h // heads).transpose(1, 2)


def _attend(torch, q, k, v, heads, scale, causal, key_mask, mask_value):
    """Scaled dot-product attention over [B, S, H] projections, with a [B, L] key mask of 1 (kept) and 0 (masked:
    `mask_value` added, as onnxruntime does) or a causal triangle (SDPA's is_causal, whose masked half the lowering
    does not count); [B, S, H] out."""
    if causal and key_mask is not None:
        raise NoTorchForm()
    qh, kh, vh = _heads(q, heads), _heads(k, heads), _heads(v, heads)
    bias = None
    if key_mask is not None:
        bias = ((1 - key_mask.to(q.dtype)) * mask_value)[:, None, None, :]
    out = torch.nn.functional.scaled_dot_product_attention(qh, kh, vh, attn_mask=bias, is_causal=causal, scale=scale)
    b, n, s, d = out.shape
    return out.transpose(1, 2).reshape(b, s, n * d)


def _attention(torch, args, attrs, opset, node):
    """Attention(input, weights, bias?, mask_index?): one packed QKV projection, then attention. Only without a past
    state, extra attention bias or unequal Q/K/V widths, and with no mask or a [batch, sequence] 0/1 key mask."""
    x, weights, bias, mask = _tensors(args, 4)
    if len(args) > 4 and any(a is not None for a in args[4:]) or attrs.get("qkv_hidden_sizes") or len([o for o in node.output if o]) > 1:
        raise NoTorchForm()
    if mask is not None and (mask.dim() != 2 or mask.shape[0] != x.shape[0]):
        raise NoTorchForm()  # mask_index as end positions, or a 3-D or 4-D mask
    heads = attrs.get("num_heads")
    qkv = torch.matmul(x, weights) if bias is None else torch.matmul(x, weights) + bias
    q, k, v = qkv.chunk(3, dim=-1)
    scale = attrs.get("scale", 0.0) or (q.shape[-1] // heads) ** -0.5
    return [_attend(torch, q, k, v, heads, scale, bool(attrs.get("unidirectional", 0)), mask, attrs.get("mask_filter_value", -10000.0))]


def _multi_head_attention(torch, args, attrs, opset, node):
    """MultiHeadAttention(query, key, value, bias?, key_padding_mask?): 3-D query, key and value; the same limits."""
    q, k, v, bias, mask = _tensors(args, 5)
    if len(args) > 5 and any(a is not None for a in args[5:]) or k is None or v is None or k.dim() != 3 or v.dim() != 3:
        raise NoTorchForm()
    if len([o for o in node.output if o]) > 1 or (mask is not None and mask.dim() != 2):
        raise NoTorchForm()
    if bias is not None:
        bq, bk, bv = bias.chunk(3)
        q, k, v = q + bq, k + bk, v + bv
    heads = attrs.get("num_heads")
    scale = attrs.get("scale", 0.0) or (q.shape[-1] // heads) ** -0.5
    return [_attend(torch, q, k, v, heads, scale, bool(attrs.get("unidirectional", 0)), mask, attrs.get("mask_filter_value", -10000.0))]


OPS["Attention"] = _attention
OPS["MultiHeadAttention"] = _multi_head_attention
