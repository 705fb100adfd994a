# JAX port of KernelBench level1/36_RMSNorm_.py
import jax
import jax.numpy as jnp

batch_size = 112
features = 64
dim1 = 512
dim2 = 512
eps = 1e-5


def forward(x):
    return x / jnp.sqrt(jnp.mean(x ** 2, axis=1, keepdims=True) + eps)


def get_inputs():
    keys = jax.random.split(jax.random.PRNGKey(0), 2)
    return [jax.random.uniform(keys[0], (batch_size, features, dim1, dim2))]
