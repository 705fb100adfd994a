import jax
import jax.numpy as jnp

size = 16


def get_inputs():
    return [jax.ShapeDtypeStruct((8, size), jnp.float32)]
