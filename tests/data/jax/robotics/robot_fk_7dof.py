# JAX port of resources/examples/robot_fk_7dof.py: one configuration's chain of 7 joint transforms, batched with
# jax.vmap.
import jax
import jax.numpy as jnp

A = jnp.array([0.0, 0.0, 0.0, 0.0825, -0.0825, 0.0, 0.088])
D = jnp.array([0.333, 0.0, 0.316, 0.0, 0.384, 0.0, 0.0])
ALPHA = jnp.array([0.0, -1.5708, 1.5708, 1.5708, -1.5708, 1.5708, 1.5708])

batch_size = 4096
dof = 7


def chain(q):
    pose = jnp.eye(4)
    for j in range(7):
        c, s = jnp.cos(q[j]), jnp.sin(q[j])
        ca, sa = jnp.cos(ALPHA[j]), jnp.sin(ALPHA[j])
        a, d = A[j], D[j]
        t = jnp.stack([c, -s, 0.0, a,
                       s * ca, c * ca, -sa, -d * sa,
                       s * sa, c * sa, ca, d * ca,
                       0.0, 0.0, 0.0, 1.0]).reshape(4, 4)
        pose = pose @ t
    return pose


def forward(q):
    return jax.vmap(chain)(q)


def get_inputs():
    return [jax.random.uniform(jax.random.PRNGKey(0), (batch_size, dof)) * 3.0 - 1.5]
