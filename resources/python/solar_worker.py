#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Starts SOLAR Studio's Python worker (the package solarworker beside this file): one JSON request per line on
stdin, one JSON reply per line on stdout; solarworker/protocol.py lists the requests."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from solarworker.protocol import main  # noqa: E402

if __name__ == "__main__":
    main()
