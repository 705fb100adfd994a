# JAX port of KernelBench level1/48_Mean_reduction_over_a_dimension.py
import jax
import jax.numpy as jnp

batch_size = 128
dim1 = 4096
dim2 = 4095


def forward(x):
    return jnp.mean(x, axis=1)


def get_inputs():
    keys = jax.random.split(jax.random.PRNGKey(0), 2)
    return [jax.random.uniform(keys[0], (batch_size, dim1, dim2))]
