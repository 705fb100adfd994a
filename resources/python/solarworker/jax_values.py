# SPDX-License-Identifier: MIT
"""What the JAX tracer (jax_trace.py) keeps besides arrays: storage offsets that move with scan steps, a scan step's
or a fixed index into a stacked array, and 0-d values that stay numbers (constants and the few primitives folded)."""


class Offset:
    """A storage offset that may move with scan steps: const + sum(stride * step index). Inside a scan body every
    array is one step's slice of a stacked array (one slice per step, so each step writes its own elements)."""

    def __init__(self, const=0, moving=None):
        self.const = int(const)
        self.moving = list(moving or [])  # (stride, index expression over step variables)

    def __add__(self, other):
        if isinstance(other, Offset):
            return Offset(self.const + other.const, self.moving + other.moving)
        return Offset(self.const + int(other), self.moving)

    __radd__ = __add__

    def step_terms(self):
        """The moving part as (stride, index expression) pairs for the lowering: the stacked array's leading
        stride and the step's index (`_s0`, `_s0 + 1`, `7 - _s0`). Offsets built by Step.scaled only."""
        return [{"stride": stride, "index": index} for (stride, index) in self.moving]


class Step:
    """A scan step's index into a stacked array: s (+ shift), or length - 1 - s when the scan runs in reverse."""

    def __init__(self, var, length, reverse, shift=0):
        self.var, self.length, self.reverse, self.shift = var, length, reverse, shift

    def scaled(self, stride):
        if self.reverse:
            index = "%d - %s" % (self.length - 1 - self.shift, self.var) if self.length - 1 - self.shift else "-%s" % self.var
        else:
            index = self.var + (" + %d" % self.shift if self.shift else "")
        return Offset(0, [(int(stride), index)])

    def text(self):
        return "%s%s%+d" % ("-" if self.reverse else "", self.var, self.shift)


class Fixed:
    """A fixed index into a stacked array (the initial carry, the final one)."""

    def __init__(self, index):
        self.index = index

    def scaled(self, stride):
        return Offset(self.index * stride)

    def text(self):
        return str(self.index)


class Scalar:
    def __init__(self, value):
        self.value = value


def scalar_value(c):
    """The number a 0-d constant holds (finite), else None."""
    try:
        import numpy as np
        if np.ndim(c) != 0:
            return None
        x = np.asarray(c).item()
        if isinstance(x, bool) or not isinstance(x, (int, float)):
            return None
        return x if x == x and x not in (float("inf"), float("-inf")) else None
    except Exception:
        return None


def fold(prim, eqn, args):
    """The value of a 0-d equation whose operands are all numbers, for the few primitives that stay numbers."""
    if len(eqn.outvars) != 1 or getattr(eqn.outvars[0].aval, "shape", None) != () or not args:
        return None
    if not all(isinstance(a, (int, float)) and not isinstance(a, bool) for a in args):
        return None
    ops = {"convert_element_type": lambda a: a, "neg": lambda a: -a, "add": lambda a, b: a + b, "sub": lambda a, b: a - b,
           "mul": lambda a, b: a * b, "max": max, "min": min}
    if prim not in ops:
        return None
    value = ops[prim](*args)
    dtype = str(eqn.outvars[0].aval.dtype)
    return float(value) if dtype.startswith(("float", "bfloat")) else (int(value) if dtype.startswith(("int", "uint")) else None)
