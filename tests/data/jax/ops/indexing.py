# Gathers and scatters as jnp.take, x[idx], take_along_axis and .at[] write them.
import jax
import jax.numpy as jnp

V = 64
D = 16
T = 12
K = 3


def get_inputs():
    key = jax.random.PRNGKey(0)
    table = jax.random.normal(key, (V, D))
    ids = jax.random.randint(key, (T,), -V, V)  # negative ids count from the end, as in NumPy
    picks = jax.random.randint(key, (T, K), 0, D)
    updates = jax.random.normal(key, (T, D))
    return [table, ids, picks, updates]


def forward(table, ids, picks, updates):
    rows = jnp.take(table, ids, axis=0)  # mode "fill": out-of-range ids give NaN rows
    rows2 = table[ids]  # indexing clamps
    cols = table[:, jnp.abs(ids) % D]  # a gather along the second axis
    best = jnp.take_along_axis(rows2, picks, axis=1)  # batched gather
    added = table.at[ids].add(updates)  # duplicates accumulate
    maxed = table.at[jnp.abs(ids)].max(updates)
    cleared = table.at[jnp.abs(ids) % V, 0].set(0.0)
    return rows, rows2 * 2.0, cols, best, added, maxed, cleared
