# KernelBench level1/2's matmul with precision=HIGHEST: fp32 on any GPU (the default lets XLA use TF32).
import jax
import jax.numpy as jnp

M = 1024 * 2
K = 4096 * 2
N = 2048 * 2


def forward(a, b):
    return jnp.matmul(a, b, precision=jax.lax.Precision.HIGHEST)


def get_inputs():
    keys = jax.random.split(jax.random.PRNGKey(0), 2)
    return [jax.random.uniform(keys[0], (M, K)), jax.random.uniform(keys[1], (K, N))]
