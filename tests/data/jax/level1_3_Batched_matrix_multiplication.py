# JAX port of KernelBench level1/3_Batched_matrix_multiplication.py
import jax
import jax.numpy as jnp

batch_size = 128
m = 128 * 4
k = 256 * 4
n = 512 * 4


def forward(a, b):
    return jnp.matmul(a, b)


def get_inputs():
    keys = jax.random.split(jax.random.PRNGKey(0), 2)
    return [jax.random.uniform(keys[0], (batch_size, m, k)), jax.random.uniform(keys[1], (batch_size, k, n))]
