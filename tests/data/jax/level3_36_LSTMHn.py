# JAX port of KernelBench level3/36_LSTMHn.py: each layer an LSTM as lax.scan over time (PyTorch's gate order and
# weight shapes), the linear head on the last step as in the original, the final hidden states returned.
import jax
import jax.numpy as jnp
import flax.linen as nn


class Model(nn.Module):
    input_size: int
    hidden_size: int
    num_layers: int
    output_size: int
    dropout: float = 0.0

    @nn.compact
    def __call__(self, x, h0, c0):
        H = self.hidden_size
        seq = jnp.swapaxes(x, 0, 1)  # time-major
        finals = []
        for layer in range(self.num_layers):
            width = self.input_size if layer == 0 else H
            w_ih = self.param("w_ih_l%d" % layer, nn.initializers.lecun_normal(), (4 * H, width))
            w_hh = self.param("w_hh_l%d" % layer, nn.initializers.lecun_normal(), (4 * H, H))
            b_ih = self.param("b_ih_l%d" % layer, nn.initializers.zeros, (4 * H,))
            b_hh = self.param("b_hh_l%d" % layer, nn.initializers.zeros, (4 * H,))

            def step(carry, x_t):
                h, c = carry
                gates = x_t @ w_ih.T + b_ih + h @ w_hh.T + b_hh
                i = jax.nn.sigmoid(gates[:, 0:H])
                f = jax.nn.sigmoid(gates[:, H:2 * H])
                g = jnp.tanh(gates[:, 2 * H:3 * H])
                o = jax.nn.sigmoid(gates[:, 3 * H:4 * H])
                c = f * c + i * g
                h = o * jnp.tanh(c)
                return (h, c), h

            (h, c), seq = jax.lax.scan(step, (h0[layer], c0[layer]), seq)
            finals.append(h)
        nn.Dense(self.output_size)(seq[-1])
        return jnp.stack(finals)


batch_size = 10
sequence_length = 512
input_size = 128
hidden_size = 256
num_layers = 6
output_size = 10
dropout = 0.0


def get_inputs():
    k = jax.random.split(jax.random.PRNGKey(0), 3)
    return [jax.random.uniform(k[0], (batch_size, sequence_length, input_size)),
            jax.random.uniform(k[1], (num_layers, batch_size, hidden_size)),
            jax.random.uniform(k[2], (num_layers, batch_size, hidden_size))]


def get_init_inputs():
    return [input_size, hidden_size, num_layers, output_size, dropout]
