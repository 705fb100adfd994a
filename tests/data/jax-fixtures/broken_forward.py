import jax
import jax.numpy as jnp

size = 16


def forward(x):
    y = x * 2.0
    return jnp.dot(y, jnp.ones((size + 1, 4)))


def get_inputs():
    return [jax.ShapeDtypeStruct((8, size), jnp.float32)]
