# JAX port of KernelBench level1/4_Matrix_vector_multiplication_.py
import jax
import jax.numpy as jnp

M = 256 * 8
K = 131072 * 8


def forward(a, b):
    return jnp.matmul(a, b)


def get_inputs():
    keys = jax.random.split(jax.random.PRNGKey(0), 2)
    return [jax.random.uniform(keys[0], (M, K)), jax.random.uniform(keys[1], (K, 1))]
