# JAX port of KernelBench level1/22_Tanh.py
import jax
import jax.numpy as jnp

batch_size = 4096
dim = 393216


def forward(x):
    return jnp.tanh(x)


def get_inputs():
    keys = jax.random.split(jax.random.PRNGKey(0), 2)
    return [jax.random.uniform(keys[0], (batch_size, dim))]
