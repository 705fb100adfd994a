# A Flax Linen MLP.
import jax
import flax.linen as nn


class Model(nn.Module):
    hidden: int
    classes: int

    @nn.compact
    def __call__(self, x):
        x = nn.gelu(nn.Dense(self.hidden)(x))
        x = nn.gelu(nn.Dense(self.hidden)(x))
        return nn.softmax(nn.Dense(self.classes)(x))


batch_size = 64
features = 256
hidden = 512
classes = 16


def get_inputs():
    return [jax.random.normal(jax.random.PRNGKey(0), (batch_size, features))]


def get_init_inputs():
    return [hidden, classes]
