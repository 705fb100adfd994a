# SPDX-License-Identifier: MIT
"""The ONNX operators of neural-network layers as torch operators: products (Gemm, Einsum), convolutions, pooling,
normalisations, softmax, attention and losses. The same contract as ops_onnx.OPS (onnx_torch merges both tables)."""
import math

from .ops_onnx import NoTorchForm, _is_shp, _operand

def _gelu(torch, args, attrs, opset, node):
    approximate = attrs.get("approximate", b"none")
    approximate = approximate.decode() if isinstance(approximate, bytes) else approximate
    return [torch.nn.functional.gelu(args[0], approximate=approximate)]


def _softmax(log):
    def op(torch, args, attrs, opset, node):
        axis = attrs.get("axis", -1)
        return [(torch.log_softmax if log else torch.softmax)(args[0], dim=axis)]
    return op


def _gemm(torch, args, attrs, opset, node):
    a, b = args[0], args[1]
    c = args[2] if len(args) > 2 else None
    if attrs.get("transA", 0):
        a = a.t()
    if attrs.get("transB", 0):
        b = b.t()
    alpha, beta = attrs.get("alpha", 1.0), attrs.get("beta", 1.0)
    if c is not None and not _is_shp(c) and alpha == 1.0 and beta == 1.0:
        return [torch.addmm(c, a, b)]  # as nn.Linear runs it
    y = torch.mm(a, b)
    if alpha != 1.0:
        y = y * alpha
    if c is not None:
        c = _operand(c)
        y = y + (c * beta if beta != 1.0 else c)
    return [y]


def _pads_for(torch, x, attrs, spatial, kernel, strides, dilations):
    """Per spatial dimension (begin, end) from pads or auto_pad."""
    auto = attrs.get("auto_pad", b"NOTSET")
    auto = auto.decode() if isinstance(auto, bytes) else auto
    if auto in ("NOTSET", "VALID"):
        pads = list(attrs.get("pads", [0] * (2 * spatial))) if auto == "NOTSET" else [0] * (2 * spatial)
        return [(pads[i], pads[i + spatial]) for i in range(spatial)]
    out = []
    for i in range(spatial):
        size = x.shape[2 + i]
        total = max(0, (math.ceil(size / strides[i]) - 1) * strides[i] + (kernel[i] - 1) * dilations[i] + 1 - size)
        small = total // 2
        out.append((small, total - small) if auto == "SAME_UPPER" else (total - small, small))
    return out


def _padded(torch, x, pads, value=0.0):
    if all(b == e for b, e in pads):
        return x, [b for b, _ in pads]
    flat = []
    for b, e in reversed(pads):
        flat += [b, e]
    return torch.nn.functional.pad(x, flat, value=value), [0] * len(pads)


def _conv(transposed):
    def op(torch, args, attrs, opset, node):
        x, w = args[0], args[1]
        bias = args[2] if len(args) > 2 else None
        spatial = x.dim() - 2
        if spatial not in (1, 2, 3):
            raise NoTorchForm()
        kernel = list(attrs.get("kernel_shape", w.shape[2:]))
        strides = list(attrs.get("strides", [1] * spatial))
        dilations = list(attrs.get("dilations", [1] * spatial))
        group = attrs.get("group", 1)
        functional = torch.nn.functional
        if transposed:
            if attrs.get("output_shape") or attrs.get("auto_pad", b"NOTSET") not in (b"NOTSET", "NOTSET"):
                raise NoTorchForm()
            pads = list(attrs.get("pads", [0] * (2 * spatial)))
            if any(pads[i] != pads[i + spatial] for i in range(spatial)):
                raise NoTorchForm()
            f = [functional.conv_transpose1d, functional.conv_transpose2d, functional.conv_transpose3d][spatial - 1]
            return [f(x, w, bias, stride=strides, padding=pads[:spatial], output_padding=list(attrs.get("output_padding", [0] * spatial)),
                      groups=group, dilation=dilations)]
        x, padding = _padded(torch, x, _pads_for(torch, x, attrs, spatial, kernel, strides, dilations))
        f = [functional.conv1d, functional.conv2d, functional.conv3d][spatial - 1]
        return [f(x, w, bias, stride=strides, padding=padding, dilation=dilations, groups=group)]
    return op


def _pool(kind):
    def op(torch, args, attrs, opset, node):
        x = args[0]
        spatial = x.dim() - 2
        if spatial not in (1, 2, 3) or attrs.get("storage_order", 0):
            raise NoTorchForm()
        kernel = list(attrs["kernel_shape"])
        strides = list(attrs.get("strides", [1] * spatial))
        dilations = list(attrs.get("dilations", [1] * spatial))
        ceil = bool(attrs.get("ceil_mode", 0))
        pads = _pads_for(torch, x, attrs, spatial, kernel, strides, dilations)
        functional = torch.nn.functional
        if kind == "max":
            x, padding = _padded(torch, x, pads, value=float("-inf"))
            if any(2 * p > k for p, k in zip(padding, kernel)):
                raise NoTorchForm()
            f = [functional.max_pool1d, functional.max_pool2d, functional.max_pool3d][spatial - 1]
            return [f(x, kernel, strides, padding, dilations, ceil_mode=ceil)]
        if any(d != 1 for d in dilations):
            raise NoTorchForm()
        include = bool(attrs.get("count_include_pad", 0))
        if any(b != e for b, e in pads) and not include:
            raise NoTorchForm()
        x, padding = _padded(torch, x, pads)
        f = [functional.avg_pool1d, functional.avg_pool2d, functional.avg_pool3d][spatial - 1]
        return [f(x, kernel, strides, padding, ceil_mode=ceil, count_include_pad=include)]
    return op


def _global_pool(kind):
    def op(torch, args, attrs, opset, node):
        x = args[0]
        dims = list(range(2, x.dim()))
        return [torch.mean(x, dim=dims, keepdim=True) if kind == "avg" else torch.amax(x, dim=dims, keepdim=True)]
    return op


def _batch_norm(torch, args, attrs, opset, node):
    if attrs.get("training_mode", 0):
        raise NoTorchForm()
    x, scale, bias, mean, var = args[:5]
    return [torch.nn.functional.batch_norm(x, mean, var, scale, bias, False, 0.0, attrs.get("epsilon", 1e-5))]


def _layer_norm(torch, args, attrs, opset, node):
    x, scale = args[0], args[1]
    bias = args[2] if len(args) > 2 else None
    axis = attrs.get("axis", -1)
    axis = axis + x.dim() if axis < 0 else axis
    return [torch.nn.functional.layer_norm(x, list(x.shape[axis:]), scale, bias, attrs.get("epsilon", 1e-5))]


def _instance_norm(torch, args, attrs, opset, node):
    return [torch.nn.functional.instance_norm(args[0], weight=args[1], bias=args[2], eps=attrs.get("epsilon", 1e-5))]


def _einsum(torch, args, attrs, opset, node):
    equation = attrs["equation"]
    return [torch.einsum(equation.decode() if isinstance(equation, bytes) else equation, *args)]


def _attention(torch, args, attrs, opset, node):
    """ONNX Attention (opset 23) on 4-D (batch, heads, sequence, head size) inputs, or 3-D with the head counts."""
    q, k, v = args[0], args[1], args[2]
    mask = args[3] if len(args) > 3 else None
    if len(args) > 4 and any(a is not None for a in args[4:]) or len(node.output) > 1 and any(node.output[1:]):
        raise NoTorchForm()  # past key/value and extra outputs
    if attrs.get("softcap", 0.0) or attrs.get("qk_matmul_output_mode", 0):
        raise NoTorchForm()
    three = q.dim() == 3
    if three:
        hq, hkv = attrs["q_num_heads"], attrs["kv_num_heads"]
        b = q.shape[0]
        q = q.reshape(b, q.shape[1], hq, -1).transpose(1, 2)
        k = k.reshape(b, k.shape[1], hkv, -1).transpose(1, 2)
        v = v.reshape(b, v.shape[1], hkv, -1).transpose(1, 2)
    gqa = q.shape[1] != k.shape[1]
    kwargs = {"attn_mask": mask, "is_causal": bool(attrs.get("is_causal", 0))}
    if "scale" in attrs:
        kwargs["scale"] = attrs["scale"]
    if gqa:
        kwargs["enable_gqa"] = True
    y = torch.nn.functional.scaled_dot_product_attention(q, k, v, **kwargs)
    if three:
        y = y.transpose(1, 2).reshape(y.shape[0], y.shape[2], -1)
    return [y]


def _reduction(attrs):
    r = attrs.get("reduction", b"mean")
    return r.decode() if isinstance(r, bytes) else r


def _cross_entropy(torch, args, attrs, opset, node):
    """SoftmaxCrossEntropyLoss (what F.cross_entropy exports as): log-softmax over axis 1, then the loss."""
    if len(args) > 2 and args[2] is not None or len(node.output) > 1 and node.output[1]:
        raise NoTorchForm()  # class weights, the log-probability output
    kwargs = {"reduction": _reduction(attrs)}
    if "ignore_index" in attrs:
        kwargs["ignore_index"] = attrs["ignore_index"]
    return [torch.nn.functional.cross_entropy(args[0], args[1], **kwargs)]


def _nll_loss(torch, args, attrs, opset, node):
    if len(args) > 2 and args[2] is not None:
        raise NoTorchForm()
    kwargs = {"reduction": _reduction(attrs)}
    if "ignore_index" in attrs:
        kwargs["ignore_index"] = attrs["ignore_index"]
    return [torch.nn.functional.nll_loss(args[0], args[1], **kwargs)]


OPS = {
    "Gelu": _gelu, "Softmax": _softmax(False), "LogSoftmax": _softmax(True),
    "MatMul": lambda torch, a, at, o, n: [torch.matmul(a[0], a[1])], "Gemm": _gemm, "Einsum": _einsum,
    "Conv": _conv(False), "ConvTranspose": _conv(True),
    "MaxPool": _pool("max"), "AveragePool": _pool("avg"),
    "GlobalAveragePool": _global_pool("avg"), "GlobalMaxPool": _global_pool("max"),
    "BatchNormalization": _batch_norm, "LayerNormalization": _layer_norm, "InstanceNormalization": _instance_norm,
    "Attention": _attention, "SoftmaxCrossEntropyLoss": _cross_entropy, "NegativeLogLikelihoodLoss": _nll_loss,
}
