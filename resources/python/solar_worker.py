#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Starts SOLAR Studio's Python worker (the package solarworker beside this file): one JSON request per line on
stdin, one JSON reply per line on stdout; solarworker/protocol.py lists the requests."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# The worker runs every source on the CPU: a Triton kernel (@triton.jit) there runs through Triton's interpreter,
# which triton reads when it is first imported, so it is set before any source is.
os.environ.setdefault("TRITON_INTERPRET", "1")

from solarworker.protocol import main  # noqa: E402

if __name__ == "__main__":
    main()
