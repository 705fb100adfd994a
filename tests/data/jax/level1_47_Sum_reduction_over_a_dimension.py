# JAX port of KernelBench level1/47_Sum_reduction_over_a_dimension.py
import jax
import jax.numpy as jnp

batch_size = 128
dim1 = 4096
dim2 = 4095
reduce_dim = 1


def forward(x):
    return jnp.sum(x, axis=reduce_dim, keepdims=True)


def get_inputs():
    return [jax.random.uniform(jax.random.PRNGKey(0), (batch_size, dim1, dim2))]
