# JAX port of resources/examples/mpc_rollout.py: the horizon as lax.scan over the control sequence.
import jax
import jax.numpy as jnp
import flax.linen as nn


class Model(nn.Module):
    state_dim: int
    control_dim: int

    @nn.compact
    def __call__(self, x0, controls):
        A = self.param("A", nn.initializers.lecun_normal(), (self.state_dim, self.state_dim))
        B = self.param("B", nn.initializers.lecun_normal(), (self.state_dim, self.control_dim))
        Q = self.param("Q", nn.initializers.uniform(1.0), (self.state_dim,))
        R = self.param("R", nn.initializers.uniform(0.01), (self.control_dim,))

        def step(carry, u):
            x, cost = carry
            x = x @ A.T + u @ B.T
            cost = cost + (x * x * Q).sum(axis=1) + (u * u * R).sum(axis=1)
            return (x, cost), None

        (x, cost), _ = jax.lax.scan(step, (x0, jnp.zeros(x0.shape[0])), jnp.swapaxes(controls, 0, 1))
        return x, cost


samples = 2048
horizon = 12
state_dim = 32
control_dim = 16


def get_inputs():
    keys = jax.random.split(jax.random.PRNGKey(0), 2)
    return [jax.random.normal(keys[0], (samples, state_dim)), jax.random.normal(keys[1], (samples, horizon, control_dim))]


def get_init_inputs():
    return [state_dim, control_dim]
