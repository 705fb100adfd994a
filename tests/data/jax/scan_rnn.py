# An Elman RNN as lax.scan: the carry is the hidden state, ys the scaled states.
import jax
import jax.numpy as jnp

batch_size = 4
seq_len = 16
input_size = 8
hidden = 32


def forward(xs, w_x, w_h, h0):
    def step(h, x):
        h = jnp.tanh(x @ w_x + h @ w_h)
        return h, h * 2.0
    h, ys = jax.lax.scan(step, h0, xs)
    return h, ys


def get_inputs():
    k = jax.random.split(jax.random.PRNGKey(0), 4)
    return [jax.random.normal(k[0], (seq_len, batch_size, input_size)), jax.random.normal(k[1], (input_size, hidden)),
            jax.random.normal(k[2], (hidden, hidden)), jax.random.normal(k[3], (batch_size, hidden))]
