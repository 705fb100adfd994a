# SPDX-License-Identifier: MIT
"""Fixed dimensions of an ONNX graph recovered as sizes, so a graph exported at fixed shapes is validated at reduced
sizes like one with symbolic dimensions (issue 50: GPT-2 small took 382 s validated at its full size).

Each distinct dimension of 16 or more of the graph's inputs becomes a size constant of the generated model file. At
another value the graph is rewritten without re-exporting it: the inputs' and outputs' dimensions of that value change;
in every integer constant of at most 8 numbers (shapes, slice bounds, split sizes: what an exporter folds a size into)
each number equal to it changes; every other constant or initializer is cut to the new length along each axis of that
length (position ids arange(S), an S x S causal mask). At the file's own values nothing is rewritten, so the program
traced there is the graph's own. At a reduced value the rewritten graph is what validation compares: the program
traced from it against onnxruntime running it. A value the rewrite cannot follow (a flattened size such as
512 * 7 * 7 folded into a Reshape) makes onnxruntime refuse that graph, and validation says so."""

MIN_RECOVERED = 16
SHAPE_LIKE_MAX = 8


def recoverable(graph_inputs):
    """[(value, name, input name, axis)] for each distinct fixed dimension >= 16 of the graph's inputs, in order, for a
    graph whose inputs have no symbolic dimension (dim_params are the sizes where there are any); the name
    ("input_ids_dim1") is made a Python identifier by the caller."""
    out, seen = [], set()
    inputs = list(graph_inputs)
    if any(d.HasField("dim_param") for i in inputs for d in i.type.tensor_type.shape.dim):
        return out
    for i in inputs:
        for axis, d in enumerate(i.type.tensor_type.shape.dim):
            if d.HasField("dim_value") and d.dim_value >= MIN_RECOVERED and d.dim_value not in seen:
                seen.add(d.dim_value)
                out.append((d.dim_value, "%s_dim%d" % (i.name, axis), i.name, axis))
    return out


def _convert(array, mapping):
    import numpy as np
    if array.dtype.kind in "iu" and array.ndim <= 1 and array.size <= SHAPE_LIKE_MAX:
        flat = array.reshape(-1).copy()
        for k, v in enumerate(flat):
            if int(v) in mapping:
                flat[k] = mapping[int(v)]
        return flat.reshape(array.shape)
    for axis, d in enumerate(array.shape):
        if d in mapping:
            array = np.take(array, range(mapping[d]), axis=axis)
    return array


def resized(model, mapping):
    """A copy of `model` with each recovered dimension (file value -> new value, never larger) changed."""
    import onnx
    from onnx import numpy_helper
    for old, new in mapping.items():
        if new > old:
            raise ValueError("a dimension fixed at %d in the file can be validated smaller only, not at %d" % (old, new))
    m = onnx.ModelProto()
    m.CopyFrom(model)
    for value in list(m.graph.input) + list(m.graph.output):
        for d in value.type.tensor_type.shape.dim:
            if d.HasField("dim_value") and d.dim_value in mapping:
                d.dim_value = mapping[d.dim_value]
    del m.graph.value_info[:]
    for k, t in enumerate(m.graph.initializer):
        m.graph.initializer[k].CopyFrom(numpy_helper.from_array(_convert(numpy_helper.to_array(t), mapping), t.name))
    for node in m.graph.node:
        if node.op_type != "Constant":
            continue
        for a in node.attribute:
            if a.name == "value" and a.type == onnx.AttributeProto.TENSOR:
                a.t.CopyFrom(numpy_helper.from_array(_convert(numpy_helper.to_array(a.t), mapping), a.t.name))
    try:
        m = onnx.shape_inference.infer_shapes(m)
    except Exception:  # as for the file itself: shapes of unknown ops only serve opaque outputs
        pass
    return m
