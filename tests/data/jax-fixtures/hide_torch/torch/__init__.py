# Put first on PYTHONPATH, this makes `import torch` fail: tst_jax's JAX-only environment.
raise ImportError("torch is hidden in this environment (tests/data/jax-fixtures/hide_torch)")
