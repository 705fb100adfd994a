# SPDX-License-Identifier: MIT
"""Measures a PyTorch model for real (solar measure): seeded weights and inputs as validation builds them, a warm-up
run, then the minimum of K timed runs, on the CPU with a given thread count or on a CUDA device with CUDA events;
optionally torch.compile (inductor) too, and one run under torch.profiler whose outermost ATen events are matched
by the engine to the analysis' operators.

The caller (protocol.handle) passes its model builder, so the model is built exactly as validation builds it."""

import gc
import time


class _TimeLimit(Exception):
    pass


class _time_limit:
    """Raises _TimeLimit in the main thread after `seconds` (SIGALRM): inductor can compile a large model for many
    minutes on a small machine, and a sweep must go on."""

    def __init__(self, seconds):
        self.seconds = seconds

    def __enter__(self):
        import signal

        def expired(signum, frame):
            raise _TimeLimit()

        self.previous = signal.signal(signal.SIGALRM, expired)
        signal.alarm(max(1, self.seconds))

    def __exit__(self, *exc):
        import signal
        signal.alarm(0)
        signal.signal(signal.SIGALRM, self.previous)
        return False


def _sync(torch, device):
    if device == "cuda":
        torch.cuda.synchronize()


def _timed(torch, device, fn):
    """One run's wall time in seconds: CUDA events on a GPU, perf_counter on the CPU."""
    if device == "cuda":
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        torch.cuda.synchronize()
        return start.elapsed_time(end) / 1000.0
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def _time_runs(torch, device, fn, runs, max_total_seconds, spread=None):
    """The minimum of up to `runs` runs, stopping early once `max_total_seconds` are spent (at least one run);
    `spread`, a dict, gets the slowest run too (a noisy machine shows as a wide spread)."""
    times = []
    spent = 0.0
    while len(times) < runs and (not times or spent < max_total_seconds):
        t = _timed(torch, device, fn)
        times.append(t)
        spent += t
    if spread is not None:
        spread["max_seconds"] = max(times)
    return min(times), len(times)


def _profile(torch, device, fn, op_names):
    """One run under torch.profiler, its time attributed to the traced ops in call order. An outermost ATen event
    (aten::conv2d) owns the traced op it contains (aten::convolution, with the wrapper's dispatch); one that
    contains several (aten::linear: aten::t, aten::addmm) hands each its own time; one that contains none is
    reported as unmatched, by name."""
    from torch.profiler import profile, ProfilerActivity
    activities = [ProfilerActivity.CPU] + ([ProfilerActivity.CUDA] if device == "cuda" else [])
    with profile(activities=activities, record_shapes=True) as prof:
        fn()
        _sync(torch, device)
    wanted = set(op_names)

    def seconds(e):
        cpu = e.cpu_time_total / 1e6
        if device != "cuda":
            return cpu
        gpu = (getattr(e, "device_time_total", None) or getattr(e, "cuda_time_total", 0) or 0) / 1e6
        return max(cpu, gpu)

    def record(e, owner=None):
        shapes = [list(s) for s in (e.input_shapes or []) if isinstance(s, list)]
        return {"name": e.name, "seconds": seconds(owner or e), "shapes": shapes}

    def wanted_inside(e):
        found = []
        for c in sorted(e.cpu_children, key=lambda c: c.time_range.start):
            if c.name in wanted:
                found.append(c)
            else:
                found.extend(wanted_inside(c))
        return found

    def has_aten_parent(e):
        parent = e.cpu_parent
        while parent is not None:
            if parent.name.startswith("aten::"):
                return True
            parent = parent.cpu_parent
        return False

    matched, unmatched = [], {}
    for e in sorted(prof.events(), key=lambda e: e.time_range.start):
        if not e.name.startswith("aten::") or has_aten_parent(e):
            continue
        if e.name in wanted:
            matched.append(record(e))
            continue
        inner = wanted_inside(e)
        if len(inner) == 1:
            matched.append(record(inner[0], e))
        elif inner:
            matched.extend(record(c) for c in inner)
        else:
            unmatched[e.name] = unmatched.get(e.name, 0.0) + seconds(e)
    return matched, unmatched


def measure(request, build, user_code, import_torch, user_error):
    """The measurement runs with Python's garbage collector off (as timeit does): the same worker has traced models,
    and a collection over what tracing left behind (fake tensors, symbolic shapes) costs tens of milliseconds,
    which would land inside a timed run of a small model."""
    gc.collect()
    gc.disable()
    try:
        return _measure(request, build, user_code, import_torch, user_error)
    finally:
        gc.enable()


def _measure(request, build, user_code, import_torch, user_error):
    torch = import_torch()
    filename = request["file"]
    sizes = request.get("sizes")
    seed = int(request.get("seed", 0))
    device = request.get("device", "cpu")
    threads = int(request.get("threads", 0))
    runs = max(1, int(request.get("runs", 5)))
    max_run = float(request.get("max_run_seconds", 2.0))
    max_total = float(request.get("max_total_seconds", 5.0))
    max_bytes = float(request.get("max_bytes", 4e9))
    if device == "cuda" and not torch.cuda.is_available():
        raise user_error("device", "torch sees no CUDA device")
    if threads > 0:
        torch.set_num_threads(threads)
    constants, model, inputs = build(filename, sizes, seed)
    inputs = list(inputs)
    held = sum(t.numel() * t.element_size() for t in inputs if isinstance(t, torch.Tensor))
    held += sum(p.numel() * p.element_size() for p in model.parameters())
    held += sum(b.numel() * b.element_size() for b in model.buffers())
    if held > max_bytes:
        raise user_error("size", "%.3g bytes of inputs and parameters, above the measurement cap of %.3g" % (held, max_bytes))
    if device == "cuda":
        model = model.to("cuda")
        inputs = [x.to("cuda") if isinstance(x, torch.Tensor) else x for x in inputs]

    def make_run(m):
        def run():
            with torch.no_grad():
                m(*inputs)
        return run

    eager = make_run(model)
    reply = {"constants": constants, "device": device, "threads": torch.get_num_threads(), "torch": torch.__version__,
             "held_bytes": held}
    with user_code(filename, "forward()"):
        torch.manual_seed(seed + 2)
        try:
            # A run far slower than its bound predicted is stopped between its operators (SIGALRM), not waited for.
            with _time_limit(int(max_run) + 1):
                first = _timed(torch, device, eager)
        except _TimeLimit:
            first = float(int(max_run) + 1)
    reply["first_seconds"] = first
    if request.get("probe") or first > max_run:  # a probe only asks how long one run takes at these sizes
        reply["too_slow"] = first > max_run
        if request.get("probe") and first <= max_run / 2:
            # The first runs pay one-time costs (kernel selection; after a trace in this process, the first two runs
            # of a model were seen 100 times slower than the third): a few more runs, within the cap, tell the time
            # a larger size will scale from.
            times = [first]
            with user_code(filename, "forward()"):
                while len(times) < 4 and sum(times) < max_run:
                    times.append(_timed(torch, device, eager))
            reply["probe_seconds"] = min(times)
        return reply
    with user_code(filename, "forward()"):
        spread = {}
        reply["seconds"], reply["runs"] = _time_runs(torch, device, eager, runs, max_total, spread)
        reply["max_seconds"] = spread["max_seconds"]
        if request.get("profile", True):
            reply["ops"], reply["unmatched_ops"] = _profile(torch, device, eager, request.get("op_names", []))
    if request.get("compile"):
        if not hasattr(torch, "compile"):
            reply["compile_error"] = "torch %s has no torch.compile" % torch.__version__
        else:
            limit = int(request.get("compile_timeout_seconds", 180))
            try:
                with _time_limit(limit):
                    compiled = make_run(torch.compile(model))
                    t0 = time.perf_counter()
                    compiled()
                    compiled()
                    reply["compile_warmup_seconds"] = time.perf_counter() - t0
                reply["compiled_seconds"], reply["compiled_runs"] = _time_runs(torch, device, compiled, runs, max_total)
            except _TimeLimit:
                reply["compile_error"] = "compiling took longer than %d s" % limit
            except Exception as e:  # inductor fails on some models: the eager measurement stands
                cause, seen = e, 0
                while cause is not None and not isinstance(cause, _TimeLimit) and seen < 10:  # inductor wraps the alarm
                    cause, seen = cause.__cause__ or cause.__context__, seen + 1
                if isinstance(cause, _TimeLimit):
                    reply["compile_error"] = "compiling took longer than %d s" % limit
                else:
                    reply["compile_error"] = "%s: %s" % (type(e).__name__, str(e).splitlines()[0] if str(e) else "")
    return reply



def op_floor(request, import_torch):
    """The least time one ATen operator with a kernel takes however little it does, on this CPU with `threads`
    threads. A Python loop would add the binding's argument parsing to every call, which an operator a composite
    calls from C++ (aten::addmm inside aten::linear) never pays, and the profiler's clock is too coarse (1 us);
    so the calls are made from C++: torch._foreach_* over many one-element tensors runs, on the CPU, one dispatched
    operator per tensor. Several cheap operators (in-place and allocating, fill and arithmetic) are tried, each
    timed as the best of repeats; the least per-operator time of all of them is the floor."""
    torch = import_torch()
    threads = int(request.get("threads", 0))
    if threads > 0:
        torch.set_num_threads(threads)
    count = int(request.get("calls", 2000))
    repeats = int(request.get("repeats", 20))
    tensors = [torch.ones(1) for _ in range(count)]
    others = [torch.ones(1) for _ in range(count)]
    candidates = {
        "aten::add (allocating)": lambda: torch._foreach_add(tensors, 1.0),
        "aten::add_": lambda: torch._foreach_add_(tensors, others),
        "aten::mul_": lambda: torch._foreach_mul_(tensors, 1.0),
        "aten::neg": lambda: torch._foreach_neg(tensors),
        "aten::zero_": lambda: torch._foreach_zero_(tensors),
    }
    per_op = {}
    with torch.no_grad():
        for name, fn in candidates.items():
            try:
                fn()
            except (AttributeError, RuntimeError):  # an older torch without this foreach operator
                continue
            best = float("inf")
            for _ in range(repeats):
                t0 = time.perf_counter()
                fn()
                best = min(best, time.perf_counter() - t0)
            per_op[name] = best / count
    if not per_op:
        raise RuntimeError("this torch has none of the foreach operators the floor is measured with")
    name = min(per_op, key=per_op.get)
    return {"seconds": per_op[name], "op": name, "per_op": per_op, "calls": count, "repeats": repeats,
            "threads": torch.get_num_threads(), "torch": torch.__version__}
