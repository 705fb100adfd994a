# A JAX program that also imports torch (for a helper it does not call here): the automatic frontend takes it for a
# PyTorch model; `--frontend jax` (the GUI's "JAX trace") traces it as JAX.
import jax
import jax.numpy as jnp
import torch  # noqa: F401

N = 64


def get_inputs():
    return [jax.ShapeDtypeStruct((N, N), jnp.float32)]


def forward(x):
    return jnp.tanh(x @ x)
