# JAX port of KernelBench level1/38_L1Norm_.py
import jax
import jax.numpy as jnp

batch_size = 32768
dim = 65535


def forward(x):
    return x / jnp.mean(jnp.abs(x), axis=1, keepdims=True)


def get_inputs():
    keys = jax.random.split(jax.random.PRNGKey(0), 2)
    return [jax.random.uniform(keys[0], (batch_size, dim))]
