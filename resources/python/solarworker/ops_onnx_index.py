# SPDX-License-Identifier: MIT
"""ONNX's element-indexed operators as torch operators (onnx_torch.py runs each node through OPS): GatherElements,
ScatterElements and ScatterND. Each becomes the one ATen op the PyTorch route lowers (gather, scatter/scatter_add,
index_put), so their bytes and work are counted by the same templates. ONNX also allows negative indices (counted
from the end of the axis); they are not wrapped here, since a wrapping pass would be a kernel of its own that the
graph does not run: a negative index fails validation (the interpreter's bounds check), it is never counted wrong."""
from .ops_onnx import NoTorchForm, _is_shp


def _reduction(attrs):
    r = attrs.get("reduction", b"none")
    return r.decode() if isinstance(r, bytes) else r


def _gather_elements(torch, args, attrs, opset, node):
    data, index = args[0], args[1]
    if _is_shp(data) or _is_shp(index):
        raise NoTorchForm()
    axis = attrs.get("axis", 0)
    axis = axis + data.dim() if axis < 0 else axis
    return [torch.gather(data, axis, index.long())]


def _scatter_elements(torch, args, attrs, opset, node):
    data, index, updates = args[0], args[1], args[2]
    if any(_is_shp(a) for a in (data, index, updates)):
        raise NoTorchForm()
    axis = attrs.get("axis", 0)
    axis = axis + data.dim() if axis < 0 else axis
    index = index.long()
    reduction = _reduction(attrs)
    if reduction == "none":
        return [torch.scatter(data, axis, index, updates)]
    if reduction == "add":
        return [torch.scatter_add(data, axis, index, updates)]
    raise NoTorchForm()  # mul, max, min: no ATen op the lowering has


def _scatter_nd(torch, args, attrs, opset, node):
    """data[indices[..., 0], ..., indices[..., k-1]] = updates: an index_put with one index tensor per leading axis."""
    data, indices, updates = args[0], args[1], args[2]
    if any(_is_shp(a) for a in (data, indices, updates)):
        raise NoTorchForm()
    reduction = _reduction(attrs)
    if reduction not in ("none", "add"):
        raise NoTorchForm()
    k = indices.shape[-1]
    if not isinstance(k, int) or k < 1 or k > data.dim():
        raise NoTorchForm()
    indices = indices.long()
    parts = tuple(indices[..., i] for i in range(k))
    return [torch.index_put(data, parts, updates, accumulate=reduction == "add")]


OPS = {"GatherElements": _gather_elements, "ScatterElements": _scatter_elements, "ScatterND": _scatter_nd}
