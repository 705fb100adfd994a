# JAX port of KernelBench level1/90_cumprod.py
import jax
import jax.numpy as jnp

batch_size = 32768
input_shape = (32768,)
dim = 1


def forward(x):
    return jnp.cumprod(x, axis=dim)


def get_inputs():
    return [jax.random.uniform(jax.random.PRNGKey(0), (batch_size, *input_shape))]
