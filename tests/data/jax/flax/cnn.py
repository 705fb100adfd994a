# A small Flax Linen CNN: convolution, pooling, a dense classifier.
import jax
import jax.numpy as jnp
import flax.linen as nn


class Model(nn.Module):
    features: int
    classes: int

    @nn.compact
    def __call__(self, x):
        x = nn.Conv(self.features, (3, 3), strides=(2, 2), padding=1)(x)
        x = nn.relu(x)
        x = nn.max_pool(x, (2, 2), strides=(2, 2))
        x = nn.avg_pool(x, (2, 2), strides=(2, 2))
        x = x.reshape(x.shape[0], -1)
        x = nn.Dense(self.classes)(x)
        return jax.nn.log_softmax(x)


batch_size = 16
size = 32
features = 32
classes = 10


def get_inputs():
    return [jax.random.normal(jax.random.PRNGKey(1), (batch_size, size, size, 3))]


def get_init_inputs():
    return [features, classes]
