# SPDX-License-Identifier: MIT
"""SOLAR Studio's Python worker protocol. A long-lived worker: one JSON request per line on stdin, one JSON reply
per line on stdout, so torch is imported once for a whole sweep. Requests:
  {"id": 1, "cmd": "ping"}
  {"id": 2, "cmd": "warm"}     (imports torch: {"ok": true, "torch": version or "", "jax": version or ""})
  {"id": 2, "cmd": "trace", "file": "model.py", "sizes": {"batch_size": 2}}       ("real": true for real tensors)
  {"id": 3, "cmd": "constants", "file": "model.py"}                               (the module's size constants)
  {"id": 4, "cmd": "reference", "file": "model.py", "sizes": {...}, "seed": 0, "max_elements": N, "dir": D}
  {"id": 5, "cmd": "reference_arrays", ...}     (the same for NumPy/JAX sources: get_inputs() and forward(*inputs))
  {"id": 7, "cmd": "onnx_source", "file": "m.onnx"}   (the model file an ONNX graph is traced as: onnx_torch.py)
  {"id": 6, "cmd": "cuda_calibrate"}  (a CUDA device's ceilings and floors; SOLAR_FAKE_CUDA=spec.json fakes the device)
Replies carry the same id and "ok"; failures say what went wrong and, where the user's file is to blame, its line.

Each framework is a module of this package: torch_trace (PyTorch), jax_trace (JAX and Flax), torch_measure (timing
PyTorch models); source holds what they share. This module imports them, none of them imports it: no circle.
"""
import json
import os
import sys

from . import source, torch_trace
from .source import UserError


def _is_jax_file(filename, framework=None):
    if framework in ("jax", "torch"):  # the user's choice of frontend
        return framework == "jax"
    try:
        with open(filename, "r", encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return False
    from . import jax_trace
    return jax_trace.is_jax_source(text)


def _measured(run, what):
    """A measurement's reply: its result, or why it could not be taken (no torch, or the device refused)."""
    try:
        reply = run()
        reply["ok"] = True
        return reply
    except ImportError as e:
        return {"ok": False, "kind": "import", "error": "%s needs torch in this Python (%s)" % (what, e)}
    except RuntimeError as e:
        return {"ok": False, "kind": "measure", "error": str(e)}
    except (OSError, ValueError, KeyError) as e:  # a fake device's spec that does not read
        return {"ok": False, "kind": "measure", "error": "%s: %s" % (type(e).__name__, e)}


def _imports_triton(filename):
    try:
        with open(filename, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        return False
    return "import triton" in text or "from triton" in text


def handle(request):
    cmd = request.get("cmd")
    if cmd == "warm":  # the interpreter check of pythonlocator.cpp's probe, in the worker itself (session.cpp)
        import importlib.metadata
        import importlib.util
        try:
            torch = torch_trace.import_torch().__version__
        except Exception:  # noqa: BLE001 -- any failure to import means "no usable torch"; the probe says why
            torch = ""
        jax = importlib.metadata.version("jax") if importlib.util.find_spec("jax") else ""
        return {"ok": True, "torch": torch, "jax": jax}
    if cmd == "ping":  # either framework will do: a JAX-only environment traces JAX sources
        import importlib.util
        from . import jax_trace
        try:
            torch = torch_trace.import_torch().__version__ if importlib.util.find_spec("torch") else None
        except ImportError:
            torch = None
        return {"ok": True, "torch": torch, "jax": jax_trace.version(),
                "python": sys.version.split()[0]}
    if cmd in ("trace", "reference") and _is_jax_file(request.get("file", ""), request.get("framework")):
        from . import jax_trace
        if request.get("symbols"):
            return {"ok": False, "kind": "symbolic", "error": "JAX sources get their size parameters by fitting"}
        try:
            if cmd == "trace":
                reply = jax_trace.trace(request["file"], request.get("sizes"))
            else:
                reply = jax_trace.reference(request["file"], request.get("sizes"), int(request.get("seed", 0)),
                                            int(request.get("max_elements", 30000000)), source.array_dumper(request["dir"]))
            reply["ok"] = True
            return reply
        except UserError as e:
            return {"ok": False, "kind": e.kind, "error": e.message, "line": e.line, "column": e.column}
        except ImportError as e:
            return {"ok": False, "kind": "import", "error": "the JAX frontend needs jax in this Python (%s)" % e}
    if cmd == "measure":
        if os.environ.get("TRITON_INTERPRET") == "1" and _imports_triton(request.get("file", "")):
            return {"ok": False, "kind": "measure", "error": "this worker runs Triton kernels through Triton's interpreter "
                    "(TRITON_INTERPRET=1, for validation on the CPU): their times would be the interpreter's, not the kernels'"}
        if _is_jax_file(request.get("file", ""), request.get("framework")):
            return {"ok": False, "kind": "measure", "error": "measuring runs PyTorch models; JAX sources are analysed but not measured"}
        try:
            from . import torch_measure
            torch_trace.ensure_sdpa(torch_trace.import_torch())
            reply = torch_measure.measure(request, torch_trace.build_model, source.UserCode, torch_trace.import_torch, UserError)
            reply["ok"] = True
            return reply
        except UserError as e:
            return {"ok": False, "kind": e.kind, "error": e.message, "line": e.line, "column": e.column}
        except ImportError as e:
            return {"ok": False, "kind": "import", "error": "measuring needs torch in this Python (%s)" % e}
    if cmd == "op_floor":
        from . import torch_measure
        return _measured(lambda: torch_measure.op_floor(request, torch_trace.import_torch), "measuring the per-op floor")
    if cmd == "cuda_calibrate":
        from . import cuda_calibrate
        return _measured(lambda: cuda_calibrate.handle(request, torch_trace.import_torch), "calibrating a CUDA device")
    if cmd == "onnx_source":
        try:
            from . import onnx_torch
            reply = onnx_torch.source_for(request["file"], request.get("sizes"))
            reply["ok"] = True
            return reply
        except UserError as e:
            return {"ok": False, "kind": e.kind, "error": e.message, "line": e.line, "column": e.column}
    if cmd == "constants":
        try:
            _, constants = source.load_source(request["file"], request.get("sizes"))
            return {"ok": True, "constants": constants}
        except UserError as e:
            return {"ok": False, "kind": e.kind, "error": e.message, "line": e.line, "column": e.column}
    if cmd in ("trace", "reference"):
        try:
            torch_trace.import_torch()
        except ImportError as e:
            return {"ok": False, "kind": "import", "error": "the PyTorch frontend needs torch in this Python (%s)" % e}
    if cmd == "trace" and _imports_triton(request.get("file", "")):
        # Fake tensors have no values for a Triton kernel to read: the LLM route runs such a source for real instead.
        return {"ok": False, "kind": "triton", "error": "the source launches Triton kernels (@triton.jit), which the tracer cannot run "
                "on fake tensors: analyse it with --frontend llm (its programs are validated through Triton's interpreter)"}
    if cmd == "trace":
        try:
            reply = torch_trace.trace(request["file"], request.get("sizes"), bool(request.get("real", False)), request.get("symbols"))
            reply["ok"] = True
            return reply
        except UserError as e:
            return {"ok": False, "kind": e.kind, "error": e.message, "line": e.line, "column": e.column}
    if cmd in ("reference", "reference_arrays"):
        try:
            run = torch_trace.reference if cmd == "reference" else source.reference_arrays
            reply = run(request["file"], request.get("sizes"), int(request.get("seed", 0)),
                        int(request.get("max_elements", 30000000)), request["dir"], bool(request.get("signed", False)))
            reply["ok"] = True
            return reply
        except UserError as e:
            return {"ok": False, "kind": e.kind, "error": e.message, "line": e.line, "column": e.column}
    return {"ok": False, "kind": "protocol", "error": "unknown command %r" % cmd}


def main():
    # The protocol gets its own copy of stdout; file descriptor 1 and sys.stdout then point at stderr, so a print()
    # in the user's model (or a C extension writing to fd 1) can never corrupt a reply.
    protocol = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    for raw in sys.stdin:
        raw = raw.strip()
        if not raw:
            continue
        try:
            request = json.loads(raw)
        except ValueError as e:
            reply = {"ok": False, "kind": "protocol", "error": "bad request: %s" % e}
        else:
            try:
                reply = handle(request)
            except Exception as e:  # never let the worker die on one request
                reply = {"ok": False, "kind": "internal", "error": "%s: %s" % (type(e).__name__, e)}
            reply["id"] = request.get("id")
        protocol.write(json.dumps(reply) + "\n")
        protocol.flush()

