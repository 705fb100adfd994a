# Robotics: one denoising step of a diffusion policy. The network predicts the noise in a chunk of future
# actions, conditioned on an observation embedding and a sinusoidal embedding of the diffusion timestep
# (FiLM conditioning, Mish activations, residual MLP blocks); a policy runs it once per denoising step.
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Block(nn.Module):
    def __init__(self, width, cond_dim):
        super().__init__()
        self.norm = nn.LayerNorm(width)
        self.fc1 = nn.Linear(width, width)
        self.fc2 = nn.Linear(width, width)
        self.film = nn.Linear(cond_dim, 2 * width)

    def forward(self, h, cond):
        scale, shift = self.film(cond).chunk(2, dim=-1)
        y = self.fc1(self.norm(h)) * (1 + scale) + shift
        return h + self.fc2(F.mish(y))


class Model(nn.Module):
    def __init__(self, obs_dim, action_dim, chunk, width, time_dim):
        super().__init__()
        self.time_dim = time_dim
        self.obs = nn.Sequential(nn.Linear(obs_dim, width), nn.Mish(), nn.Linear(width, width))
        self.inp = nn.Linear(action_dim * chunk, width)
        self.blocks = nn.ModuleList([Block(width, width + time_dim) for _ in range(3)])
        self.out = nn.Linear(width, action_dim * chunk)

    def forward(self, noisy_actions, obs, t):
        half = self.time_dim // 2
        freqs = torch.exp(torch.arange(half, dtype=torch.float32) * (-math.log(10000.0) / half))
        angles = t[:, None] * freqs[None, :]
        temb = torch.cat([torch.sin(angles), torch.cos(angles)], dim=-1)
        cond = torch.cat([self.obs(obs), temb], dim=-1)
        h = self.inp(noisy_actions.flatten(1))
        for block in self.blocks:
            h = block(h, cond)
        return self.out(h).view_as(noisy_actions)


batch_size = 256
obs_dim = 64
action_dim = 7
chunk = 16
width = 512
time_dim = 64


def get_inputs():
    return [torch.randn(batch_size, chunk, action_dim), torch.randn(batch_size, obs_dim), torch.rand(batch_size) * 100]


def get_init_inputs():
    return [obs_dim, action_dim, chunk, width, time_dim]
