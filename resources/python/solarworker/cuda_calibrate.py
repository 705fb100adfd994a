# SPDX-License-Identifier: MIT
"""`solar hw calibrate --device cuda` (issue 32, item 3): a CUDA device's own ceilings and floors, measured.

The measurements are written once against a small device interface (copy, GEMM, kernel launches plain and in a
CUDA graph, eager dispatch), so that the same arithmetic runs on a real GPU (TorchCuda: CUDA events, torch) and on
the fake device the tests use (FakeDevice: the timings of a device given by a JSON spec, SOLAR_FAKE_CUDA=spec.json),
whose results are known by hand. Every figure is a best-of-repeats rate; what it is a floor or ceiling of is said by
the C++ side that writes the profile (engine/measure/cudacalibration.h).
"""
import json
import os
import time

MiB = 1 << 20
GEMM_DTYPES = ("fp32", "tf32", "bf16", "fp16", "fp8")


class FakeDevice:
    """A device whose every operation takes the time its spec says: copies at copy_Bps (l2_Bps while both buffers
    fit in half the L2), an n x n x n GEMM at gemm_flops[dtype] (absent: unsupported), each of them plus a fixed
    call_seconds as a real call has; kernels back to back at launch_seconds each (graph_launch_seconds replayed in a
    graph), eager dispatch at dispatch_seconds an op."""

    def __init__(self, spec):
        self.spec = spec

    def properties(self):
        s = self.spec
        return {"name": s["name"], "l2_bytes": s.get("l2_bytes", 0), "sm_count": s.get("sm_count", 0),
                "capability": s.get("capability", ""), "torch": "fake", "cuda": "fake"}

    def copy_seconds(self, nbytes, repeats):
        s = self.spec
        fits = 2 * nbytes <= s.get("l2_bytes", 0) / 2
        return s.get("call_seconds", 0.0) + 2 * nbytes / (s["l2_Bps"] if fits and "l2_Bps" in s else s["copy_Bps"])

    def gemm_seconds(self, n, dtype, repeats):
        rate = self.spec.get("gemm_flops", {}).get(dtype)
        return None if not rate else self.spec.get("call_seconds", 0.0) + 2.0 * n ** 3 / rate

    def launches_seconds(self, count, graph, repeats):
        s = self.spec
        return count * (s["graph_launch_seconds"] if graph else s["launch_seconds"])

    def dispatch_seconds(self, count, repeats):
        return count * self.spec["dispatch_seconds"]


class TorchCuda:
    """The real device through torch: CUDA events around each timed call, best of repeats."""

    def __init__(self, torch):
        if not torch.cuda.is_available():
            raise RuntimeError("torch.cuda.is_available() is False: no CUDA device in this Python")
        self.torch = torch
        self.dev = torch.device("cuda")

    def properties(self):
        t = self.torch
        p = t.cuda.get_device_properties(0)
        return {"name": p.name, "l2_bytes": getattr(p, "L2_cache_size", 0), "sm_count": p.multi_processor_count,
                "capability": "%d.%d" % (p.major, p.minor), "torch": t.__version__, "cuda": t.version.cuda or ""}

    def _best(self, fn, repeats):
        t = self.torch
        fn()  # warm-up (and lazy initialisation)
        t.cuda.synchronize()
        best = float("inf")
        for _ in range(repeats):
            start, end = t.cuda.Event(enable_timing=True), t.cuda.Event(enable_timing=True)
            start.record()
            fn()
            end.record()
            end.synchronize()
            best = min(best, start.elapsed_time(end) / 1e3)
        return best

    def copy_seconds(self, nbytes, repeats):
        t = self.torch
        a = t.empty(nbytes, dtype=t.uint8, device=self.dev)
        b = t.empty_like(a)
        return self._best(lambda: b.copy_(a), repeats)

    def gemm_seconds(self, n, dtype, repeats):
        t = self.torch
        tf32 = t.backends.cuda.matmul.allow_tf32
        try:
            if dtype == "fp8":
                if not hasattr(t, "float8_e4m3fn") or not hasattr(t, "_scaled_mm"):
                    return None
                a = t.randn(n, n, device=self.dev).to(t.float8_e4m3fn)
                b = t.randn(n, n, device=self.dev).to(t.float8_e4m3fn).t()
                one = t.ones((), device=self.dev)
                return self._best(lambda: t._scaled_mm(a, b, scale_a=one, scale_b=one, out_dtype=t.bfloat16), repeats)
            kind = {"fp32": t.float32, "tf32": t.float32, "bf16": t.bfloat16, "fp16": t.float16}[dtype]
            t.backends.cuda.matmul.allow_tf32 = dtype == "tf32"
            a = t.randn(n, n, device=self.dev, dtype=kind)
            b = t.randn(n, n, device=self.dev, dtype=kind)
            return self._best(lambda: a @ b, repeats)
        except RuntimeError:  # a dtype this device or torch does not run
            return None
        finally:
            t.backends.cuda.matmul.allow_tf32 = tf32

    def launches_seconds(self, count, graph, repeats):
        t = self.torch
        x = t.zeros(1, device=self.dev)

        def chain():
            for _ in range(count):
                x.add_(1)

        if not graph:
            return self._best(chain, repeats)
        stream = t.cuda.Stream()
        with t.cuda.stream(stream):
            chain()  # warm-up on a side stream, as graph capture requires
        t.cuda.current_stream().wait_stream(stream)
        g = t.cuda.CUDAGraph()
        with t.cuda.graph(g):
            chain()
        return self._best(g.replay, repeats)

    def dispatch_seconds(self, count, repeats):
        t = self.torch
        x = t.zeros(1, device=self.dev)
        best = float("inf")
        for _ in range(repeats):
            t.cuda.synchronize()
            t0 = time.perf_counter()
            for _ in range(count):
                x.add_(1)
            best = min(best, time.perf_counter() - t0)  # the host's time: the launches are asynchronous
        t.cuda.synchronize()
        return best


def calibrate(dev, request):
    """Every ceiling and floor of `dev`, as rates and per-kernel times (best of repeats)."""
    repeats = int(request.get("repeats", 10))
    props = dev.properties()
    out = {"device": props}
    l2 = props.get("l2_bytes") or 0
    big = int(request.get("copy_bytes", 1 << 30))  # far beyond any L2
    out["copy_Bps"] = 2.0 * big / dev.copy_seconds(big, repeats)  # read + write
    if l2 > 0:
        small = max(MiB, l2 // 8)  # both buffers well inside the L2
        out["l2_copy_Bps"] = 2.0 * small / dev.copy_seconds(small, repeats)
    n = int(request.get("gemm_n", 8192))
    gemm = {}
    for dtype in GEMM_DTYPES:
        s = dev.gemm_seconds(n, dtype, repeats)
        if s:
            gemm[dtype] = 2.0 * n ** 3 / s
    out["gemm_flops"] = gemm
    count = int(request.get("launches", 1000))
    out["launch_seconds"] = dev.launches_seconds(count, False, repeats) / count  # eager: dispatch and launch overlap
    out["graph_launch_seconds"] = dev.launches_seconds(count, True, repeats) / count
    out["dispatch_seconds"] = dev.dispatch_seconds(count, repeats) / count
    out["gemm_n"], out["copy_bytes"], out["launches"], out["repeats"] = n, big, count, repeats
    return out


def device_for(import_torch):
    spec = os.environ.get("SOLAR_FAKE_CUDA")
    if spec:
        with open(spec) as f:
            return FakeDevice(json.load(f))
    return TorchCuda(import_torch())


def handle(request, import_torch):
    return calibrate(device_for(import_torch), request)
