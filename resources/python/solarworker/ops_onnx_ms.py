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
