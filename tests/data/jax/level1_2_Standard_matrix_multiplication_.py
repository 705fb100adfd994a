# JAX port of KernelBench level1/2_Standard_matrix_multiplication_.py
import jax
import jax.numpy as jnp

M = 1024 * 2
K = 4096 * 2
N = 2048 * 2


def forward(a, b):
    return jnp.matmul(a, b)


def get_inputs():
    ka, kb = jax.random.split(jax.random.PRNGKey(0))
    return [jax.random.uniform(ka, (M, K)), jax.random.uniform(kb, (K, N))]
