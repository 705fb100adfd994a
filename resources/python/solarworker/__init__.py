# SPDX-License-Identifier: MIT
"""SOLAR Studio's Python worker, started by the engine as `python solar_worker.py` (the script beside this package):
protocol (the request loop), source (the user's file), torch_trace, jax_trace and torch_measure (one module per
framework and job)."""
