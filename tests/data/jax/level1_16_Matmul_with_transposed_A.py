# JAX port of KernelBench level1/16_Matmul_with_transposed_A.py
import jax
import jax.numpy as jnp

M = 1024 * 2
K = 4096 * 2
N = 2048 * 2


def forward(a, b):
    return jnp.matmul(a.T, b)


def get_inputs():
    keys = jax.random.split(jax.random.PRNGKey(0), 2)
    return [jax.random.uniform(keys[0], (K, M)), jax.random.uniform(keys[1], (K, N))]
