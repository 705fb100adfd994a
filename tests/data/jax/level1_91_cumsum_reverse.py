# JAX port of KernelBench level1/91_cumsum_reverse.py
import jax
import jax.numpy as jnp

batch_size = 32768
input_shape = (32768,)
dim = 1


def forward(x):
    return jnp.flip(jnp.cumsum(jnp.flip(x, dim), axis=dim), dim)


def get_inputs():
    keys = jax.random.split(jax.random.PRNGKey(0), 2)
    return [jax.random.uniform(keys[0], (batch_size, *input_shape))]
