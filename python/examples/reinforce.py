"""Trains a tiny policy on the match-3 environment with pure NumPy, proof that it is
learnable without a deep-learning framework.

The policy is linear and softmax over the legal actions: logits = W x + b, where x is
the one-hot observation (colour, cell and special planes) flattened, and illegal actions
are masked out with ``info["action_mask"]``. It is trained with REINFORCE on each move's
immediate reward (the points it scored), with a running-mean baseline, on 64
environments stepped together. Then the trained policy and the uniform random policy
play the same fresh episodes, and the script prints both mean rewards per move.

    python examples/reinforce.py [STEPS]     # environment steps, default 50000
"""

import sys

import numpy as np

from gymnasium.vector import AutoresetMode

from match3.gym import Match3VectorEnv

ENVS, SIZE, COLORS = 64, (6, 6), 5
# Same-step autoreset: every step plays a move (the observation is never an ended
# game's, which may have no legal action to mask in).
OPTIONS = dict(size=SIZE, colors=COLORS, max_moves=30, obs_mode="onehot", autoreset_mode=AutoresetMode.SAME_STEP)


def policy(W, b, obs, mask):
    """Action probabilities per environment: a softmax over the legal actions."""
    x = obs.reshape(len(obs), -1).astype(np.float32)
    logits = x @ W.T + b
    logits = np.where(mask, logits, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    return x, p / p.sum(axis=1, keepdims=True)


def sample(rng, p):
    """One action per row of probabilities."""
    return (p.cumsum(axis=1) > rng.random((len(p), 1))).argmax(axis=1)


def train(steps, seed=0, lr=0.2):
    env = Match3VectorEnv(ENVS, **OPTIONS)
    obs, info = env.reset(seed=seed)
    n_actions, n_features = env.single_action_space.n, int(np.prod(env.single_observation_space.shape))
    W = np.zeros((n_actions, n_features), dtype=np.float32)
    b = np.zeros(n_actions, dtype=np.float32)
    rng, baseline = np.random.default_rng(seed), 0.0
    for _ in range(steps // ENVS):
        x, p = policy(W, b, obs, info["action_mask"])
        actions = sample(rng, p)
        obs, rewards, _, _, info = env.step(actions)
        advantage = (rewards - baseline) / 100.0
        baseline = 0.99 * baseline + 0.01 * rewards.mean()
        # Gradient of log softmax: one-hot of the action minus the probabilities.
        grad = -p
        grad[np.arange(ENVS), actions] += 1.0
        grad *= advantage[:, None]
        W += lr * grad.T @ x / ENVS
        b += lr * grad.mean(axis=0)
    return W, b


def evaluate(W, b, steps, seed):
    """Mean reward per move of the policy (W, b), or of uniform random play (W None)."""
    env = Match3VectorEnv(ENVS, **OPTIONS)
    obs, info = env.reset(seed=seed)
    rng, total = np.random.default_rng(seed), 0.0
    for _ in range(steps // ENVS):
        if W is None:
            actions = env.sample_actions()
        else:
            actions = sample(rng, policy(W, b, obs, info["action_mask"])[1])
        obs, rewards, _, _, info = env.step(actions)
        total += float(rewards.sum())
    return total / (steps // ENVS * ENVS)


def main(steps):
    W, b = train(steps)
    trained = evaluate(W, b, 20000, seed=12345)
    random = evaluate(None, None, 20000, seed=12345)
    print(f"trained on {steps} steps: {trained:.1f} points a move; random policy: {random:.1f}")
    print("the trained policy beats random" if trained > random else "the trained policy does NOT beat random")
    return trained, random


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50000)
