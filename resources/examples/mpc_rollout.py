# Robotics: the rollout inside sampling-based model-predictive control (MPPI). A batch of candidate control
# sequences is pushed through linear dynamics x' = A x + B u over the horizon, and each rollout's quadratic
# cost is accumulated: the step an MPC controller repeats every control period.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, state_dim, control_dim):
        super().__init__()
        self.A = nn.Parameter(torch.eye(state_dim) + 0.01 * torch.randn(state_dim, state_dim))
        self.B = nn.Parameter(0.1 * torch.randn(state_dim, control_dim))
        self.Q = nn.Parameter(torch.rand(state_dim))
        self.R = nn.Parameter(0.01 * torch.rand(control_dim))

    def forward(self, x0, controls):
        x = x0
        cost = torch.zeros_like(x0[:, 0])
        for t in range(horizon):
            u = controls[:, t]
            x = x @ self.A.T + u @ self.B.T
            cost = cost + (x * x * self.Q).sum(dim=1) + (u * u * self.R).sum(dim=1)
        return x, cost


samples = 2048
horizon = 12
state_dim = 32
control_dim = 16


def get_inputs():
    return [torch.randn(samples, state_dim), torch.randn(samples, horizon, control_dim)]


def get_init_inputs():
    return [state_dim, control_dim]
