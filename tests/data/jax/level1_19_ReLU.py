# JAX port of KernelBench level1/19_ReLU.py
import jax

batch_size = 4096
dim = 393216


def forward(x):
    return jax.nn.relu(x)


def get_inputs():
    return [jax.random.uniform(jax.random.PRNGKey(0), (batch_size, dim))]
